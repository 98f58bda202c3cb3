# Receive GitHub's events (issues opened, pushes) on the devtools integration's GitHub provider.
# Before you run it: replace `intp_github00000000000000` (the emulator's GitHub integration provider) with the id of your integration provider.
resource githubEvents "tcs:index:Callback" {
  integrationProviderId = "intp_github00000000000000"
  name                  = "GitHub events"
  description           = "Issue and push events for the triage agent."
  metadata = {
    owner = "platform-team"
  }
}

output callbackId {
  value = githubEvents.id
}
