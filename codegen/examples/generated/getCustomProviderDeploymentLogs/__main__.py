import pulumi
import pulumi_tcs as tcs

# The build and deploy logs of a failed deployment.
logs = tcs.get_custom_provider_deployment_logs_output(id="cpd_acmetoolsv2000000000")
pulumi.export("firstStepName", logs.steps[0].name)
