# The versions of the Acme tools custom provider.
versions = invoke("tcs:index:getCustomProviderVersions", {
  customProviderId = ["cprov_acmetools00000000000"]
})

output firstVersionStatus {
  value = versions.items[0].status
}
