// The quickstart: one of each resource, against the emulator's fixtures (emulator/README.md lists
// them). With an official Pulumi CLI, `pulumi up` in the repository root runs this file (Pulumi.yaml);
// here `npm run demo` runs the same program through the Automation API.
import * as pulumi from "@pulumi/pulumi";
import * as tcs from "pulumi-tcs";

// Fixture ids of the emulator (stable in every environment).
const GITHUB_PROVIDER = "prov_github00000000000000";
const GITHUB_INTEGRATION_PROVIDER = "intp_github00000000000000";
const GITHUB_OAUTH_APP = "pac_githuboauth000000000";
const DEVTOOLS_INTEGRATION = "int_devtools000000000000";

export = async () => {
  const config = new pulumi.Config("quickstart");
  const owner = config.get("owner") ?? "platform-team";

  // Settings for the hosted GitHub MCP server; `value` is checked against its config schema at preview.
  const github = new tcs.ProviderConfig("github", {
    providerId: GITHUB_PROVIDER,
    name: "GitHub for agents",
    description: "Issues and pull requests, read and triage only.",
    value: { base_url: "https://api.github.com", timeout_seconds: 30 },
    toolFilters: { type: "tool_keys", keys: ["issues.list", "issues.create", "pulls.list"] },
    metadata: { owner },
  });

  // Receive GitHub events, and attach the callback to the config above.
  const events = new tcs.Callback("github-events", {
    integrationProviderId: GITHUB_INTEGRATION_PROVIDER,
    name: "GitHub events",
    description: "Issue and push events for the triage agent.",
    metadata: { owner },
  });
  const attachment = new tcs.CallbackInstance("github-events-config", {
    callbackId: events.id,
    providerConfigId: github.id,
    providerAuthConfigId: GITHUB_OAUTH_APP,
  });

  // A role for the support agents.
  const support = new tcs.Role("support-agents", {
    name: "Support agents",
    slug: "support-agents",
    permissions: ["thread_create", "thread_read", "message_read"],
    description: "Answer customer threads.",
  });

  // A setup link for a teammate to connect the developer tools integration.
  const onboarding = new tcs.IntegrationSetupSession("devtools-onboarding", {
    integrationId: DEVTOOLS_INTEGRATION,
    name: "Connect developer tools",
    redirectUrl: "https://example.com/setup-done",
    metadata: { owner },
  });

  return {
    providerConfigId: github.id,
    callbackId: events.id,
    callbackStatus: events.status,
    callbackInstanceId: attachment.id,
    webhookUrl: attachment.webhookUrl,
    roleId: support.id,
    setupSessionId: onboarding.id,
    setupExpiresAt: onboarding.expiresAt,
    // A capability URL: secret in state and in `pulumi stack output` (use --show-secrets to read it).
    setupUrl: onboarding.url,
  };
};
