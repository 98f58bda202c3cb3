// The provider on the real engine against the emulator: create, no-change preview at zero API calls,
// in-place changes, replacements, destroy with warnings, and no secret anywhere in state or output.
// npm test runs the lifecycle (create, in place, replace, destroy); npm run test:long runs it again
// with the rest between its steps: the refresh, the reordered permissions' plan and the secrets kept
// out of state and output (test/long/provider-lifecycle-whole.test.ts; issue 62).
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { expectNoPlannedChanges } from "./helpers/post-apply-plan";
import { testInLong } from "./helpers/long-split";
import { FIX, fullProgram, SECRET_CONFIG_VALUE } from "./helpers/programs";
import { api, requests, startTestEmulator, tcsStack, type TcsStack } from "./helpers/tcs-stack";
import { outputCollector } from "./helpers/workspace";

const TYPES = ["ProviderConfig", "Callback", "CallbackInstance", "Role", "IntegrationSetupSession"].map(
  (t) => `pulumi-nodejs:dynamic/tcs:${t}`,
);

/** Every in-place field of the program changed (the replace test keeps these and changes replace fields). */
const IN_PLACE_CHANGES = {
  configName: "GitHub (renamed)",
  toolKeys: ["issues.list"],
  callbackName: "Renamed events",
  callbackDescription: "now with a description",
  roleName: "Support team",
  rolePermissions: ["thread_read", "thread_create", "message_read"],
  metadata: { owner: "platform", tier: "gold" },
};

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

describe("provider lifecycle on the real engine", () => {
  let emulator: RunningEmulator;
  let env: TcsStack;
  const engineOutput = outputCollector();

  beforeAll(async () => {
    emulator = await startTestEmulator();
    env = tcsStack("lifecycle", emulator);
  });
  afterAll(async () => {
    env.scratch.remove();
    await emulator.close();
  });

  /** Each resource type's (first) resource in state, from one export of `stack` (or of the stack opened anew). */
  async function statesOf(stack?: Stack): Promise<Record<string, any>> {
    const exported = await (stack ?? (await env.open(fullProgram()))).exportStack();
    const states: Record<string, any> = {};
    for (const resource of exported.deployment.resources) {
      const type = (resource.type as string).replace(/^pulumi-nodejs:dynamic\/tcs:/, "");
      if (type !== resource.type) states[type] ??= resource;
    }
    return states;
  }

  it("creates one of each resource with one write each, then plans no change with no request", async () => {
    const stack = await env.open(fullProgram());
    await requests.reset(emulator);
    let byMethod: Record<string, number> = {};
    // The up's requests are taken before the plan after it (post-apply-plan.ts), which is then counted alone.
    const up = await stack.up({
      onOutput: engineOutput.onOutput,
      planAfter: {
        before: async () => {
          byMethod = await requests.byMethod(emulator);
          await requests.reset(emulator);
        },
        onOutput: engineOutput.onOutput,
      },
    });
    expect(up.summary.result).toBe("succeeded");
    expect(up.summary.resourceChanges).toMatchObject({ create: 6 });
    expect(byMethod.POST).toBe(5);
    expect(up.planAfter?.changeSummary).toEqual({ same: 6 });
    expect((await requests.read(emulator)).total).toBe(0);

    const config = await api(emulator, "GET", `/provider-configs/${up.outputs.configId.value}`);
    expect(config).toMatchObject({
      name: "GitHub for agents",
      provider_id: FIX.githubProvider,
      metadata: { owner: "platform" },
    });
    const callback = await api(emulator, "GET", `/callbacks/${up.outputs.callbackId.value}`);
    expect(callback).toMatchObject({
      status: "active",
      name: "GitHub events",
      integration_provider_id: FIX.githubIntegrationProvider,
    });
    const instance = await api(
      emulator,
      "GET",
      `/callbacks/${up.outputs.callbackId.value}/instances/${up.outputs.instanceId.value}`,
    );
    expect(instance).toMatchObject({ status: "attached", config: { id: up.outputs.configId.value } });
    const role = await api(emulator, "GET", `/roles/${up.outputs.roleId.value}`);
    expect(role).toMatchObject({ slug: "support-agents", permissions: ["thread_create", "thread_read"] });
    const session = await api(emulator, "GET", `/integration-setup-sessions/${up.outputs.sessionId.value}`);
    expect(session).toMatchObject({ status: "pending", integration_id: FIX.devtoolsIntegration });
    expect(up.outputs.sessionUrl.secret).toBe(true);
    expect(up.outputs.configValue.secret).toBe(true);
  });

  it("records each resource's source position at the program's declaration, not in pulumi-tcs's own files", async () => {
    // Pulumi takes the position a fixed number of frames below its capture, which a base class of
    // ours between the resource class and CustomResource moved into provider/dynamic/ (and grew
    // every resource's stack trace in state).
    const states = await statesOf();
    for (const type of ["ProviderConfig", "Role", "IntegrationSetupSession"]) {
      const resource = states[type];
      expect(resource.sourcePosition).toMatch(/test\/e2e\/helpers\/programs\.ts#\d+/);
    }
  });

  testInLong("refreshes to no changes", async () => {
    const stack = await env.open(fullProgram());
    const refresh = await stack.refresh({ onOutput: engineOutput.onOutput });
    expect(refresh.summary.result).toBe("succeeded");
    expect(refresh.summary.resourceChanges ?? {}).not.toHaveProperty("update");
    await expectNoPlannedChanges(stack, { refresh: true, what: "after a refresh" });
  });

  it("changes in-place fields in place", async () => {
    const variant = IN_PLACE_CHANGES;
    const stack = await env.open(fullProgram(variant));
    const states = await statesOf(stack);
    const before = { config: states.ProviderConfig, callback: states.Callback, role: states.Role };
    await requests.reset(emulator);
    const up = await stack.up({ onOutput: engineOutput.onOutput });
    expect(up.summary.resourceChanges).toMatchObject({ update: 3, same: 3 });
    const byMethod = await requests.byMethod(emulator);
    expect((byMethod.PATCH ?? 0) + (byMethod.PUT ?? 0)).toBe(3);
    expect(byMethod.POST ?? 0).toBe(0);

    expect(up.outputs.configId.value).toBe(before.config.id);
    expect(up.outputs.callbackId.value).toBe(before.callback.id);
    expect(up.outputs.roleId.value).toBe(before.role.id);
    const config = await api(emulator, "GET", `/provider-configs/${before.config.id}`);
    expect(config).toMatchObject({
      name: "GitHub (renamed)",
      tool_filter: { type: "tool_keys", keys: ["issues.list"] },
      metadata: { owner: "platform", tier: "gold" },
    });
    const callback = await api(emulator, "GET", `/callbacks/${before.callback.id}`);
    expect(callback).toMatchObject({ name: "Renamed events", description: "now with a description" });
    const role = await api(emulator, "GET", `/roles/${before.role.id}`);
    expect(role.name).toBe("Support team");
    expect([...role.permissions].sort()).toEqual(["message_read", "thread_create", "thread_read"]);
  });

  testInLong("plans no change for the same permissions reordered", async () => {
    // Reordered permissions are the same set: no change.
    const reordered = await env.open(
      fullProgram({ ...IN_PLACE_CHANGES, rolePermissions: ["message_read", "thread_create", "thread_read"] }),
    );
    await expectNoPlannedChanges(reordered, { what: "with the permissions reordered" });
  });

  it("replaces on replace-only fields, including dependents whose input becomes unknown", async () => {
    const stack = await env.open(
      fullProgram({
        ...IN_PLACE_CHANGES,
        deploymentId: FIX.githubEnterpriseDeployment,
        sessionName: "Connect developer tools (again)",
      }),
    );
    const states = await statesOf(stack);
    const before = {
      config: states.ProviderConfig,
      instance: states.CallbackInstance,
      session: states.IntegrationSetupSession,
    };
    const up = await stack.up({ onOutput: engineOutput.onOutput });
    expect(up.summary.resourceChanges).toMatchObject({ replace: 3 });
    expect(up.outputs.configId.value).not.toBe(before.config.id);
    expect(up.outputs.instanceId.value).not.toBe(before.instance.id);
    expect(up.outputs.sessionId.value).not.toBe(before.session.id);

    await expect(api(emulator, "GET", `/provider-configs/${before.config.id}`)).rejects.toThrow(/404/);
    const oldInstance = await api(
      emulator,
      "GET",
      `/callbacks/${up.outputs.callbackId.value}/instances/${before.instance.id}`,
    );
    expect(oldInstance.status).toBe("detached");
    const config = await api(emulator, "GET", `/provider-configs/${up.outputs.configId.value}`);
    expect(config.deployment.id).toBe(FIX.githubEnterpriseDeployment);
    expect(engineOutput.text()).toMatch(/setup sessions.*removed from this stack/s);
  });

  it("destroys what can be deleted and warns for roles and sessions", async () => {
    const stack = await env.open(fullProgram());
    const states = await statesOf(stack);
    const ids = { config: states.ProviderConfig.id, callback: states.Callback.id, role: states.Role.id };
    const output = outputCollector();
    const destroy = await stack.destroy({
      onOutput: (o) => {
        output.onOutput(o);
        engineOutput.onOutput(o);
      },
    });
    expect(destroy.summary.resourceChanges).toMatchObject({ delete: 6 });
    await expect(api(emulator, "GET", `/provider-configs/${ids.config}`)).rejects.toThrow(/404/);
    expect((await api(emulator, "GET", `/callbacks/${ids.callback}`)).status).toBe("deleted");
    // No API deletes roles: it stays in the account, and the user is told.
    expect((await api(emulator, "GET", `/roles/${ids.role}`)).slug).toBe("support-agents");
    expect(output.text()).toMatch(/API cannot delete roles/);
    expect(output.text()).toMatch(/API cannot delete setup sessions/);
  });

  testInLong("never shows the API key or a config value in state or engine output", async () => {
    // The destroyed stack's role stays in the account, so this one takes a new slug.
    const stack = await env.open(fullProgram({ roleSlug: "support-agents-again" }));
    await stack.up({ onOutput: engineOutput.onOutput });
    // Everything on disk (state, its backups and history) and everything the engine printed.
    // (stack.exportStack() would not do: the Automation API exports with --show-secrets.)
    const onDisk = filesUnder(env.scratch.backendDir).map((file) => fs.readFileSync(file, "utf8"));
    const stateFile = onDisk.find((text) => text.includes('"pulumi-nodejs:dynamic/tcs:ProviderConfig"'));
    expect(stateFile).toBeDefined();
    for (const text of [...onDisk, engineOutput.text()]) {
      expect(text).not.toContain(emulator.keys.production.secret);
      expect(text).not.toContain(SECRET_CONFIG_VALUE.base_url);
      expect(text).not.toMatch(/_setup\//);
    }
    // The provider module in state is one line that loads the implementation (dynamic/shim.ts), not
    // the closure serializer's text: the file backend rewrites every resource's copy after each step,
    // so its size is paid N times per run.
    const checkpoint = JSON.parse(stateFile!).checkpoint;
    for (const type of TYPES) {
      const resource = checkpoint.latest.resources.find((r: { type: string }) => r.type === type);
      expect(resource.inputs.__provider.length).toBeLessThan(200);
      expect(resource.outputs.__provider).toBe(resource.inputs.__provider);
      expect(resource.inputs.__provider).toContain('require("pulumi-tcs/provider/impl").configureShim');
      // Registered without a stack trace per output (dynamic/tcs-resource.ts), a resource still
      // records where the program declared it: Pulumi takes that trace with its own limit.
      expect(JSON.stringify(resource.stackTrace)).toContain("helpers/programs.ts");
    }
    await stack.destroy();
  });
});
