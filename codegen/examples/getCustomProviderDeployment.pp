# One deployment of a custom provider, by id: its status and the commit it built.
# Before you run it: replace `cpd_acmetoolsv1000000000` (a deployment in the emulator) with the id of one of your custom provider's deployments.
deployment = invoke("tcs:index:getCustomProviderDeployment", {
  id = "cpd_acmetoolsv1000000000"
})

output deploymentStatus {
  value = deployment.status
}
