# A second environment in one program: an explicit provider for staging, and a role made there.
# Before you run it: `pulumi config set stagingBaseUrl <your staging environment's API base URL>` and `pulumi config set --secret stagingApiKey service_sk_...` (its secret key).
config stagingBaseUrl "string" {
  description = "The base URL of the staging environment's API (pulumi config set stagingBaseUrl https://...)."
}

config stagingApiKey "string" {
  description = "The secret key of the staging environment (pulumi config set --secret stagingApiKey service_sk_...)."
  secret      = true
}

resource staging "pulumi:providers:tcs" {
  baseUrl       = stagingBaseUrl
  apiKey        = stagingApiKey
  rateLimitTier = "development"
}

resource stagingTriage "tcs:index:Role" {
  options {
    provider = staging
  }
  name        = "Triage"
  slug        = "triage"
  permissions = ["thread_read"]
}
