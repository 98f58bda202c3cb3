# One deployment of a custom provider, by id: its status and the commit it built.
deployment = invoke("tcs:index:getCustomProviderDeployment", {
  id = "cpd_acmetoolsv1000000000"
})

output deploymentStatus {
  value = deployment.status
}
