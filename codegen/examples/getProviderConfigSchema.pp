# The JSON Schema a GitHub provider config's `value` must satisfy.
githubSchema = invoke("tcs:index:getProviderConfigSchema", {
  providerId = "prov_github00000000000000"
})

output visibility {
  value = githubSchema.visibility
}
