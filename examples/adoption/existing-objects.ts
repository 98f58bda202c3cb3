// What a team built by hand before adopting Pulumi: a GitHub provider config with a tool allowlist,
// callbacks for GitHub and Linear events (GitHub's attached to the config), and two custom roles.
// Made through the SDK here, as the dashboard would; `pulumi-tcs generate` then writes index.ts for them.
//   TCS_API_KEY=<a secret key> TCS_BASE_URL=<the service> npx tsx existing-objects.ts
import { ToolConnectivityClient } from "pulumi-tcs/sdk";

// Fixture ids of the emulator (emulator/README.md); a real account has its own.
const GITHUB_PROVIDER = "prov_github00000000000000";
const GITHUB_INTEGRATION_PROVIDER = "intp_github00000000000000";
const LINEAR_INTEGRATION_PROVIDER = "intp_linear00000000000000";
const GITHUB_OAUTH_APP = "pac_githuboauth000000000";

export async function createExistingObjects(client = new ToolConnectivityClient()): Promise<void> {
  const config = await client.providerConfigs.create({
    providerId: GITHUB_PROVIDER,
    name: "GitHub for agents",
    description: "Issues and pull requests.",
    value: { base_url: "https://api.github.com", timeout_seconds: 30 },
    toolFilters: { type: "tool_keys", keys: ["issues.list", "pulls.list"] },
    metadata: { owner: "platform" },
  });
  const githubEvents = await client.callbacks.create({
    integrationProviderId: GITHUB_INTEGRATION_PROVIDER,
    name: "GitHub events",
    description: "Issue and push events.",
    metadata: { owner: "platform" },
  });
  await client.callbacks.create({
    integrationProviderId: LINEAR_INTEGRATION_PROVIDER,
    name: "Linear events",
    description: "Issue updates.",
  });
  await client.callbacks.instances.create(githubEvents.id, {
    providerConfigId: config.id,
    providerAuthConfigId: GITHUB_OAUTH_APP,
  });
  await client.roles.create({
    name: "Support agents",
    slug: "support-agents",
    permissions: ["thread_read", "thread_create"],
  });
  await client.roles.create({
    name: "Auditors",
    slug: "auditors",
    permissions: ["message_read"],
    description: "Read only.",
  });
}

if (require.main === module) {
  createExistingObjects().then(
    () => console.log("created: 1 provider config, 2 callbacks, 1 callback instance, 2 roles"),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
