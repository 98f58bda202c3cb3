# A role for the support agents: they may open and read threads and read messages.
resource supportAgents "tcs:index:Role" {
  name        = "Support agents"
  slug        = "support-agents"
  permissions = ["thread_create", "thread_read", "message_read"]
  description = "Answer customer threads."
}

output roleId {
  value = supportAgents.id
}
