# The versions of the Acme tools custom provider.
# Before you run it: replace `cprov_acmetools00000000000` (the emulator's custom provider) with the id of your custom provider.
versions = invoke("tcs:index:getCustomProviderVersions", {
  customProviderId = ["cprov_acmetools00000000000"]
})

output firstVersionStatus {
  value = versions.items[0].status
}
