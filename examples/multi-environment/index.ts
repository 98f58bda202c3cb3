// One program, two stacks: `development` and `production` differ only by stack config (see
// Pulumi.development.yaml and Pulumi.production.yaml). Production narrows what agents may call (a tool
// allowlist, which the policy pack requires there), sends setup links back to the company's app only,
// and runs under the policy pack with mandatory rules; development allows every tool.
import * as pulumi from "@pulumi/pulumi";
import * as tcs from "pulumi-tcs";

// Fixture ids of the emulator (emulator/README.md); a real account has its own.
const GITHUB_PROVIDER = "prov_github00000000000000";
const GITHUB_INTEGRATION_PROVIDER = "intp_github00000000000000";
const GITHUB_OAUTH_APP = "pac_githuboauth000000000";
const DEVTOOLS_INTEGRATION = "int_devtools000000000000";

export = async () => {
  const config = new pulumi.Config("agents");
  const environment = pulumi.getStack();
  const owner = config.require("owner");
  // Production: only the listed tools. Development: every tool of the provider.
  const allowedTools = config.getObject<string[]>("allowedTools");
  const metadata = { owner, environment };

  const github = new tcs.ProviderConfig("github", {
    providerId: GITHUB_PROVIDER,
    name: `GitHub (${environment})`,
    description: "Issues and pull requests for the triage agent.",
    value: { base_url: "https://api.github.com", timeout_seconds: config.getNumber("timeoutSeconds") ?? 30 },
    toolFilters: allowedTools ? { type: "tool_keys", keys: allowedTools } : { type: "allow_all" },
    metadata,
  });
  const events = new tcs.Callback("github-events", {
    integrationProviderId: GITHUB_INTEGRATION_PROVIDER,
    name: `GitHub events (${environment})`,
    description: "Issue and push events for the triage agent.",
    metadata,
  });
  new tcs.CallbackInstance("github-events-config", {
    callbackId: events.id,
    providerConfigId: github.id,
    providerAuthConfigId: GITHUB_OAUTH_APP,
  });
  const triage = new tcs.Role("triage-agents", {
    name: "Triage agents",
    slug: `triage-agents-${environment}`,
    permissions: ["thread_create", "thread_read", "message_read"],
    description: "Triage incoming issues.",
  });
  const onboarding = new tcs.IntegrationSetupSession("devtools-onboarding", {
    integrationId: DEVTOOLS_INTEGRATION,
    name: `Connect developer tools (${environment})`,
    // No expiresAt: the service's default lifetime. A computed one (now + N hours) would differ on
    // every run and replace the session each time.
    redirectUrl: config.require("setupRedirectUrl"),
    metadata,
  });

  return {
    environment,
    providerConfigId: github.id,
    callbackId: events.id,
    roleId: triage.id,
    setupSessionId: onboarding.id,
  };
};
