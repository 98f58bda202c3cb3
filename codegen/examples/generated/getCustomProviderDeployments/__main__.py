import pulumi
import pulumi_tcs as tcs

# The succeeded deployments of the Acme tools custom provider.
# Before you run it: replace `cprov_acmetools00000000000` (the emulator's custom provider) with the id of your custom provider.
deployments = tcs.get_custom_provider_deployments_output(custom_provider_id=["cprov_acmetools00000000000"],
    status=["succeeded"])
pulumi.export("latestSucceededId", deployments.items[0].id)
