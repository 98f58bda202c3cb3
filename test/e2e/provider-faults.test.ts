// Faults on the wire: 5xx, 429 with Retry-After and a POST whose connection drops after the service
// committed it. `up` still converges in one run, and the service holds exactly one object per
// resource in state.
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { FIX, fullProgram } from "./helpers/programs";
import { faults, listAll, startTestEmulator, tcsStack } from "./helpers/tcs-stack";

describe("faults on the real engine", () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });

  it("converges through 5xx, 429 and a dropped POST, with no duplicate and no orphan", async () => {
    const env = tcsStack("faults", emulator);
    try {
      await faults.set(emulator, [
        // The connection drops after the config is committed: the provider must find it, not make a second.
        { method: "POST", path: "/provider-configs", drop_after_commit: true, count: 1 },
        // A 500 before anything is stored: the provider finds nothing and sends the create again.
        { method: "POST", path: "/roles", status: 500, code: "internal_error", count: 1 },
        // Rate limited: the SDK waits for Retry-After.
        { method: "POST", path: "/callbacks", status: 429, code: "rate_limited", retry_after: 1, count: 1 },
        { method: "POST", path: "/integration-setup-sessions", status: 503, code: "internal_error", count: 1 },
        { method: "POST", path: "/callbacks/*/instances", drop_after_commit: true, count: 1 },
      ]);
      const stack = await env.open(fullProgram({ roleSlug: "faulty-role", metadata: { owner: "faults-test" } }));
      const up = await stack.up();
      expect(up.summary.result).toBe("succeeded");
      // Every fault fired once: the run really went through them.
      expect((await faults.describe(emulator)).rules.map((rule: { fired: number }) => rule.fired)).toEqual([1, 1, 1, 1, 1]);
      await faults.clear(emulator);

      const configs = (await listAll(emulator, `/provider-configs?provider_id=${FIX.githubProvider}`)).filter((c) => c.metadata?.owner === "faults-test");
      expect(configs.map((c) => c.id)).toEqual([up.outputs.configId.value]);
      const roles = (await listAll(emulator, "/roles")).filter((r) => r.slug === "faulty-role");
      expect(roles.map((r) => r.id)).toEqual([up.outputs.roleId.value]);
      const callbacks = (await listAll(emulator, "/callbacks")).filter((c) => c.integration_provider_id === FIX.githubIntegrationProvider);
      expect(callbacks.map((c) => c.id)).toEqual([up.outputs.callbackId.value]);
      const sessions = (await listAll(emulator, `/integration-setup-sessions?integration_id=${FIX.devtoolsIntegration}`)).filter((s) => s.status === "pending");
      expect(sessions.map((s) => s.id)).toEqual([up.outputs.sessionId.value]);
      const instances = (await listAll(emulator, `/callbacks/${up.outputs.callbackId.value}/instances?provider_config_id=${up.outputs.configId.value}`)).filter((i) => i.status === "attached");
      expect(instances.map((i) => i.id)).toEqual([up.outputs.instanceId.value]);

      await stack.preview({ expectNoChanges: true, refresh: true });
      await stack.destroy();
    } finally {
      await faults.clear(emulator);
      env.scratch.remove();
    }
  });
});
