// Every declared property of every resource, changed one at a time: the plan the engine shows for
// that resource is exactly what the resource pages say (docs/guide.md's resources, docs/reference/: update in place or replace).
import * as tcs from "pulumi-tcs";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { FIX } from "../e2e/helpers/programs";
import { startTestEmulator, tcsStack, type TcsStack } from "../e2e/helpers/tcs-stack";

interface Knobs {
  [key: string]: unknown;
}

const LINEAR_PROVIDER = "prov_linear00000000000000";
const LINEAR_VAULT = "pcvt_lineardefault0000000";

const BASE: Knobs = {
  cbIntegrationProvider: FIX.linearIntegrationProvider,
  cbName: "Linear events",
  cbDescription: "issues",
  cbMetadata: { owner: "a" },
  instCallback: "github-callback",
  instAuth: undefined,
  cfgDeployment: undefined,
  cfgVault: undefined,
  cfgValue: { base_url: "https://api.github.com", timeout_seconds: 30 },
  cfgToolFilters: undefined,
  cfgName: "cfg",
  cfgDescription: "d",
  cfgMetadata: { owner: "a" },
  roleName: "Role",
  roleSlug: "plan-table-role",
  rolePermissions: ["thread_read"],
  roleDescription: "r",
  sesIntegration: FIX.devtoolsIntegration,
  sesName: "session",
  sesDescription: "s",
  sesMetadata: { owner: "a" },
  sesExpiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  sesRedirect: "https://example.com/a",
  sesConfiguration: { team: "a" },
  sesIdentityId: "idn_a",
  sesIdentityActorId: "act_a",
};

function program(k: Knobs) {
  return async () => {
    const config = new tcs.ProviderConfig("config", {
      providerId: FIX.githubProvider,
      providerDeploymentId: k.cfgDeployment as string | undefined,
      providerConfigVaultId: k.cfgVault as string | undefined,
      value: k.cfgValue as Record<string, unknown>,
      toolFilters: k.cfgToolFilters as tcs.ToolFilters | undefined,
      name: k.cfgName as string,
      description: k.cfgDescription as string,
      metadata: k.cfgMetadata as Record<string, unknown>,
    });
    const callback = new tcs.Callback("callback", {
      integrationProviderId: k.cbIntegrationProvider as string,
      name: k.cbName as string,
      description: k.cbDescription as string,
      metadata: k.cbMetadata as Record<string, unknown>,
    });
    // The instance attaches the GitHub callback below, so the callback above can move between providers.
    const githubCallback = new tcs.Callback("github-callback", {
      integrationProviderId: FIX.githubIntegrationProvider,
    });
    const callbacks: Record<string, tcs.Callback> = { "github-callback": githubCallback, callback };
    // The service attaches a callback only a config of its own provider: the Linear callback gets Linear's.
    const linearConfig = new tcs.ProviderConfig("linear-config", {
      providerId: LINEAR_PROVIDER,
      providerConfigVaultId: LINEAR_VAULT,
    });
    new tcs.CallbackInstance("instance", {
      callbackId: callbacks[k.instCallback as string].id,
      providerConfigId: (k.instCallback === "callback" ? linearConfig : config).id,
      providerAuthConfigId: k.instAuth as string | undefined,
    });
    new tcs.Role("role", {
      name: k.roleName as string,
      slug: k.roleSlug as string,
      permissions: k.rolePermissions as string[],
      description: k.roleDescription as string,
    });
    new tcs.IntegrationSetupSession("session", {
      integrationId: k.sesIntegration as string,
      name: k.sesName as string,
      description: k.sesDescription as string,
      metadata: k.sesMetadata as Record<string, unknown>,
      expiresAt: k.sesExpiresAt as string,
      redirectUrl: k.sesRedirect as string,
      configuration: k.sesConfiguration as Record<string, unknown>,
      identityId: k.sesIdentityId as string,
      identityActorId: k.sesIdentityActorId as string,
    });
  };
}

// [knob, new value, resource name, planned op]
const TABLE: Array<[string, unknown, string, "update" | "replace"]> = [
  ["cbIntegrationProvider", FIX.jiraIntegrationProvider, "callback", "replace"],
  ["cbName", "renamed", "callback", "update"],
  ["cbDescription", "other", "callback", "update"],
  ["cbMetadata", { owner: "b" }, "callback", "update"],
  ["instCallback", "callback", "instance", "replace"],
  ["instAuth", FIX.githubPat, "instance", "replace"],
  ["cfgDeployment", FIX.githubEnterpriseDeployment, "config", "replace"],
  ["cfgVault", FIX.githubVault, "config", "replace"],
  ["cfgValue", { base_url: "https://api.github.com", timeout_seconds: 31 }, "config", "replace"],
  ["cfgToolFilters", { type: "tool_keys", keys: ["issues.list"] }, "config", "update"],
  ["cfgName", "renamed", "config", "update"],
  ["cfgDescription", "other", "config", "update"],
  ["cfgMetadata", { owner: "b" }, "config", "update"],
  ["roleName", "Renamed", "role", "update"],
  ["roleSlug", "plan-table-role-2", "role", "update"],
  ["rolePermissions", ["thread_read", "thread_create"], "role", "update"],
  ["roleDescription", "other", "role", "update"],
  ["sesName", "renamed", "session", "replace"],
  ["sesDescription", "other", "session", "replace"],
  ["sesMetadata", { owner: "b" }, "session", "replace"],
  ["sesExpiresAt", new Date(Date.now() + 4 * 86_400_000).toISOString(), "session", "replace"],
  ["sesRedirect", "https://example.com/b", "session", "replace"],
  ["sesConfiguration", { team: "b" }, "session", "replace"],
  ["sesIdentityId", "idn_b", "session", "replace"],
  ["sesIdentityActorId", "act_b", "session", "replace"],
  ["sesIntegration", FIX.chatIntegration, "session", "replace"],
];

describe("the plan for each property matches the resource table", () => {
  let emulator: RunningEmulator;
  let env: TcsStack;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    env = tcsStack("plan-table", emulator);
    const stack = await env.open(program(BASE));
    await stack.up();
  });
  afterAll(async () => {
    const stack = await env.open(program(BASE));
    await stack.destroy();
    env.scratch.remove();
    await emulator.close();
  });

  it.each(TABLE)("%s = %j plans %s: %s", async (knob, value, resource, op) => {
    const stack = await env.open(program({ ...BASE, [knob]: value }));
    // A replacement shows as several steps (create-replacement, replace, delete-replaced): fold them.
    const ops = new Map<string, Set<string>>();
    await stack.preview({
      onEvent: (event: EngineEvent) => {
        const meta = event.resourcePreEvent?.metadata;
        if (!meta || !meta.type.startsWith("pulumi-nodejs:dynamic/tcs:")) return;
        const name = meta.urn.split("::").pop()!;
        ops.set(name, (ops.get(name) ?? new Set()).add(meta.op));
      },
    });
    const steps = new Map(
      [...ops].map(([name, set]) => [
        name,
        [...set].some((o) => o.includes("replace")) ? "replace" : set.has("update") ? "update" : [...set].join(","),
      ]),
    );
    const changed = [...steps].filter(([, step]) => step !== "same");
    expect(steps.get(resource)).toBe(op);
    // Only that resource changes, except that a new config id replaces the instance attached to it.
    const expected =
      resource === "config" && op === "replace"
        ? [
            ["config", "replace"],
            ["instance", "replace"],
          ]
        : [[resource, op]];
    expect(changed.sort()).toEqual(expected.sort());
  });
});
