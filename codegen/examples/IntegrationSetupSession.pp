# A setup link for a teammate to connect the developer tools integration. A new link is made once
# this one has expired.
resource devtoolsOnboarding "tcs:index:IntegrationSetupSession" {
  integrationId      = "int_devtools000000000000"
  name               = "Connect developer tools"
  redirectUrl        = "https://example.com/setup-done"
  replaceWhenExpired = true
  metadata = {
    owner = "platform-team"
  }
}

output setupUrl {
  value = devtoolsOnboarding.url
}
