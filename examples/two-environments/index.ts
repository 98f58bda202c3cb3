// One program, two environments: roles and a provider config declared once and applied to staging and
// to production through named connections (`tcs:connections` in the stack config), and one staging
// role seeded from production: it takes production's permissions as they are after this run. One
// stack, one state, one plan for both environments; see README.md.
import * as pulumi from "@pulumi/pulumi";
import * as tcs from "pulumi-tcs";

// Fixture ids of the emulator (emulator/README.md); a real account has its own, the same in every
// environment of the project.
const GITHUB_PROVIDER = "prov_github00000000000000";

const ENVIRONMENTS = ["staging", "production"] as const;
type Environment = (typeof ENVIRONMENTS)[number];

/** What both environments hold, declared once. */
function declareEnvironment(connection: Environment, owner: string) {
  const metadata = { owner, environment: connection };
  const triage = new tcs.Role(`${connection}-triage-agents`, {
    connection,
    name: "Triage agents",
    slug: "triage-agents",
    permissions: ["thread_create", "thread_read", "message_read"],
    description: "Triage incoming issues.",
  });
  const github = new tcs.ProviderConfig(`${connection}-github`, {
    connection,
    providerId: GITHUB_PROVIDER,
    name: `GitHub (${connection})`,
    description: "Issues and pull requests for the triage agent.",
    value: { base_url: "https://api.github.com", timeout_seconds: 30 },
    toolFilters: { type: "tool_keys", keys: ["issues.list", "issues.create", "pulls.list"] },
    metadata,
  });
  return { triage, github };
}

export = async () => {
  const owner = new pulumi.Config("agents").require("owner");
  const [staging, production] = ENVIRONMENTS.map((connection) => declareEnvironment(connection, owner));

  // Staging's reviewers rehearse with exactly what production's triage agents may do: a value read
  // from production's outputs, so the plan shows the staging change whenever production's changes.
  const rehearsal = new tcs.Role("staging-production-rehearsal", {
    connection: "staging",
    name: "Production rehearsal",
    slug: "production-rehearsal",
    permissions: production.triage.permissions,
    description: "Staging reviewers with production's triage permissions.",
  });

  return {
    stagingRoleId: staging.triage.id,
    productionRoleId: production.triage.id,
    stagingConfigId: staging.github.id,
    productionConfigId: production.github.id,
    rehearsalRoleId: rehearsal.id,
    rehearsalPermissions: rehearsal.permissions,
  };
};
