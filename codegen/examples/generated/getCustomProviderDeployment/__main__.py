import pulumi
import pulumi_tcs as tcs

# One deployment of a custom provider, by id: its status and the commit it built.
# Before you run it: replace `cpd_acmetoolsv1000000000` (a deployment in the emulator) with the id of one of your custom provider's deployments.
deployment = tcs.get_custom_provider_deployment_output(id="cpd_acmetoolsv1000000000")
pulumi.export("deploymentStatus", deployment.status)
