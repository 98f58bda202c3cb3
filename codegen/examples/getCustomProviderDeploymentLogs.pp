# The build and deploy logs of a failed deployment.
logs = invoke("tcs:index:getCustomProviderDeploymentLogs", {
  id = "cpd_acmetoolsv2000000000"
})

output firstStepName {
  value = logs.steps[0].name
}
