# A second environment in one program: an explicit provider for staging, and a role made there.
config stagingApiKey "string" {
  description = "The secret key of the staging environment (pulumi config set --secret stagingApiKey service_sk_...)."
  secret      = true
}

resource staging "pulumi:providers:tcs" {
  baseUrl       = "https://staging.api.example.com"
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
