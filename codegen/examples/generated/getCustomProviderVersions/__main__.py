import pulumi
import pulumi_tcs as tcs

# The versions of the Acme tools custom provider.
# Before you run it: replace `cprov_acmetools00000000000` (the emulator's custom provider) with the id of your custom provider.
versions = tcs.get_custom_provider_versions_output(custom_provider_id=["cprov_acmetools00000000000"])
pulumi.export("firstVersionStatus", versions.items[0].status)
