import pulumi
import pulumi_tcs as tcs

# The build and deploy logs of a failed deployment.
# Before you run it: replace `cpd_acmetoolsv2000000000` (a deployment in the emulator) with the id of one of your custom provider's deployments.
logs = tcs.get_custom_provider_deployment_logs_output(id="cpd_acmetoolsv2000000000")
pulumi.export("firstStepName", logs.steps[0].name)
