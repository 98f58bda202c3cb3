# The JSON Schema a GitHub provider config's `value` must satisfy.
# Before you run it: replace `prov_github00000000000000` (the emulator's GitHub provider) with the id of your provider.
githubSchema = invoke("tcs:index:getProviderConfigSchema", {
  providerId = "prov_github00000000000000"
})

output visibility {
  value = githubSchema.visibility
}
