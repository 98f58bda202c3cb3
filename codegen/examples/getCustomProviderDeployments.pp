# The succeeded deployments of the Acme tools custom provider.
# Before you run it: replace `cprov_acmetools00000000000` (the emulator's custom provider) with the id of your custom provider.
deployments = invoke("tcs:index:getCustomProviderDeployments", {
  customProviderId = ["cprov_acmetools00000000000"]
  status           = ["succeeded"]
})

output latestSucceededId {
  value = deployments.items[0].id
}
