# Attach a callback to a provider config: the service then starts its triggers and gives it a webhook URL.
# Before you run it: replace the emulator's ids with your account's: `prov_github00000000000000` (a provider), `intp_github00000000000000` (an integration provider) and `pac_githuboauth000000000` (that provider's auth config).
resource github "tcs:index:ProviderConfig" {
  providerId = "prov_github00000000000000"
  name       = "GitHub for agents"
  value = {
    base_url        = "https://api.github.com"
    timeout_seconds = 30
  }
}

resource githubEvents "tcs:index:Callback" {
  integrationProviderId = "intp_github00000000000000"
  name                  = "GitHub events"
}

resource githubEventsConfig "tcs:index:CallbackInstance" {
  callbackId           = githubEvents.id
  providerConfigId     = github.id
  providerAuthConfigId = "pac_githuboauth000000000"
}

output webhookUrl {
  value = githubEventsConfig.webhookUrl
}
