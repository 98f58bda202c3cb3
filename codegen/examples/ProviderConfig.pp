# Settings for the hosted GitHub MCP server: `value` is checked against the provider's config schema
# at preview and is secret in state; only three of its tools are offered to agents.
# Before you run it: replace `prov_github00000000000000` (the emulator's GitHub provider) with the id of your provider, and `value` with settings its config schema accepts.
resource github "tcs:index:ProviderConfig" {
  providerId  = "prov_github00000000000000"
  name        = "GitHub for agents"
  description = "Issues and pull requests, read and triage only."
  value = {
    base_url        = "https://api.github.com"
    timeout_seconds = 30
  }
  toolFilters = {
    type = "tool_keys"
    keys = ["issues.list", "issues.create", "pulls.list"]
  }
  metadata = {
    owner = "platform-team"
  }
}

output providerConfigId {
  value = github.id
}
