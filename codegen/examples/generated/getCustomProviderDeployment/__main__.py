import pulumi
import pulumi_tcs as tcs

# One deployment of a custom provider, by id: its status and the commit it built.
deployment = tcs.get_custom_provider_deployment_output(id="cpd_acmetoolsv1000000000")
pulumi.export("deploymentStatus", deployment.status)
