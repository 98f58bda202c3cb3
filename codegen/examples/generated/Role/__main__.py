import pulumi
import pulumi_tcs as tcs

# A role for the support agents: they may open and read threads and read messages.
support_agents = tcs.Role("supportAgents",
    name="Support agents",
    slug="support-agents",
    permissions=[
        "thread_create",
        "thread_read",
        "message_read",
    ],
    description="Answer customer threads.")
pulumi.export("roleId", support_agents.id)
