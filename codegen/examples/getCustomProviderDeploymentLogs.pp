# The build and deploy logs of a failed deployment.
# Before you run it: replace `cpd_acmetoolsv2000000000` (a deployment in the emulator) with the id of one of your custom provider's deployments.
logs = invoke("tcs:index:getCustomProviderDeploymentLogs", {
  id = "cpd_acmetoolsv2000000000"
})

output firstStepName {
  value = logs.steps[0].name
}
