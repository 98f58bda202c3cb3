// Drift and adoption on the real engine: changes made by hand are reported by a refresh preview and
// put back by `up --refresh`; objects made outside Pulumi are taken over with adoptId, never twice.
// npm test runs the drift found and put back; npm run test:long runs the rest: an archived callback
// replaced, the adoption with no duplicate (ownership.test.ts adopts on the real engine in npm test),
// the adoptions refused and the collisions that name adoptId
// (test/long/provider-drift-adopt-deeper.test.ts; issue 62).
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { FIX, fullProgram } from "./helpers/programs";
import { api, listAll, requests, startTestEmulator, tcsStack } from "./helpers/tcs-stack";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { outputCollector } from "./helpers/workspace";

describe("drift and adoption on the real engine", () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });

  testInNpmTest(
    "reports a change and a delete made by hand, and up --refresh restores the declared state",
    async () => {
      const env = tcsStack("drift", emulator);
      try {
        const stack = await env.open(fullProgram());
        const up = await stack.up();
        const callbackId = up.outputs.callbackId.value;
        const configId = up.outputs.configId.value;

        await api(emulator, "PATCH", `/callbacks/${callbackId}`, { name: "renamed by hand" });
        await api(emulator, "DELETE", `/provider-configs/${configId}`);

        const output = outputCollector();
        await expect(
          stack.preview({ refresh: true, expectNoChanges: true, onOutput: output.onOutput }),
        ).rejects.toThrow();
        // The refresh names what drifted: the renamed callback is updated back, the deleted config re-created.
        expect(output.text()).toMatch(/tcs:Callback\s+events\s+update/);
        expect(output.text()).toMatch(/tcs:ProviderConfig\s+github\s+create/);
        // Deleting the config detached the instance attached to it: gone from state, to be made again.
        expect(output.text()).toMatch(/tcs:CallbackInstance\s+attachment\s+create/);

        // The plan after it reads every object again: nothing drifts any more.
        const fix = await stack.up({ refresh: true, planAfter: { refresh: true } });
        expect(fix.summary.result).toBe("succeeded");
        expect((await api(emulator, "GET", `/callbacks/${callbackId}`)).name).toBe("GitHub events");
        const newConfigId = fix.outputs.configId.value;
        expect(newConfigId).not.toBe(configId);
        expect((await api(emulator, "GET", `/provider-configs/${newConfigId}`)).status).toBe("active");
        await stack.destroy();
      } finally {
        env.scratch.remove();
      }
    },
  );

  testInLong("plans a replacement for a callback archived out of band", async () => {
    const env = tcsStack("archived", emulator);
    try {
      const program = async () => {
        const cb = new tcs.Callback("linear", {
          integrationProviderId: FIX.linearIntegrationProvider,
          name: "Linear events",
        });
        return { id: cb.id };
      };
      const stack = await env.open(program);
      const up = await stack.up();
      await fetch(`${emulator.url}/_emulator/callbacks/${up.outputs.id.value}/archive`, { method: "POST" }).then((r) =>
        expect(r.ok).toBe(true),
      );
      const preview = await stack.preview({ refresh: true });
      expect(preview.changeSummary).toMatchObject({ replace: 1 });
      const again = await stack.up({ refresh: true });
      expect(again.outputs.id.value).not.toBe(up.outputs.id.value);
      expect((await api(emulator, "GET", `/callbacks/${again.outputs.id.value}`)).status).toBe("active");
      await stack.destroy();
    } finally {
      env.scratch.remove();
    }
  });

  testInLong(
    "adopts objects created through the API with no duplicate, bringing in-place fields to the program",
    async () => {
      const role = await api(emulator, "POST", "/roles", {
        name: "Made by hand",
        slug: "made-by-hand",
        permissions: ["thread_read"],
      });
      const config = await api(emulator, "POST", "/provider-configs", {
        provider_id: FIX.githubProvider,
        name: "hand config",
        value: { base_url: "https://api.github.com", timeout_seconds: 10 },
      });
      const rolesBefore = (await listAll(emulator, "/roles")).length;
      const configsBefore = (await listAll(emulator, `/provider-configs?provider_id=${FIX.githubProvider}`)).length;

      const program = async () => {
        const adoptedRole = new tcs.Role("adopted-role", {
          adoptId: role.id,
          name: "Renamed by Pulumi",
          slug: "made-by-hand",
          permissions: ["thread_read"],
        });
        const adoptedConfig = new tcs.ProviderConfig("adopted-config", {
          adoptId: config.id,
          providerId: FIX.githubProvider,
          name: "hand config",
        });
        return { roleId: adoptedRole.id, configId: adoptedConfig.id };
      };
      const env = tcsStack("adopt", emulator);
      try {
        const stack = await env.open(program);
        await requests.reset(emulator);
        // The plan after the adoption reads every object first (it sends no write of its own).
        const up = await stack.up({ planAfter: { refresh: true } });
        expect(up.outputs.roleId.value).toBe(role.id);
        expect(up.outputs.configId.value).toBe(config.id);
        const byMethod = await requests.byMethod(emulator);
        expect(byMethod.POST ?? 0).toBe(0);
        expect(byMethod.PUT).toBe(1);

        expect((await listAll(emulator, "/roles")).length).toBe(rolesBefore);
        expect((await listAll(emulator, `/provider-configs?provider_id=${FIX.githubProvider}`)).length).toBe(
          configsBefore,
        );
        expect((await api(emulator, "GET", `/roles/${role.id}`)).name).toBe("Renamed by Pulumi");
      } finally {
        env.scratch.remove();
      }
    },
  );

  testInLong("refuses at preview to adopt a config with a declared value, which no read can verify", async () => {
    const config = await api(emulator, "POST", "/provider-configs", {
      provider_id: FIX.githubProvider,
      value: { base_url: "https://api.github.com", timeout_seconds: 10 },
    });
    const env = tcsStack("adopt-value", emulator);
    try {
      const stack = await env.open(async () => {
        new tcs.ProviderConfig("with-value", {
          adoptId: config.id,
          providerId: FIX.githubProvider,
          value: { base_url: "https://api.github.com", timeout_seconds: 60 },
        });
      });
      await requests.reset(emulator);
      const output = outputCollector();
      await expect(stack.preview({ onOutput: output.onOutput })).rejects.toThrow();
      expect(output.text()).toContain(`cannot be checked against ${config.id}, which is being adopted`);
      expect(output.text()).toContain("Leave value out to adopt the config as it is");
      expect(await requests.byMethod(emulator)).toEqual({});
    } finally {
      env.scratch.remove();
    }
  });

  testInLong("names the existing object and adoptId when a create collides", async () => {
    await api(emulator, "POST", "/roles", { name: "Taken", slug: "taken-slug", permissions: ["thread_read"] });
    const existing = (await listAll(emulator, "/roles")).find((r) => r.slug === "taken-slug");
    const env = tcsStack("collide", emulator);
    try {
      const stack = await env.open(async () => {
        new tcs.Role("dup", { name: "Duplicate", slug: "taken-slug", permissions: ["thread_read"] });
      });
      const output = outputCollector();
      await expect(stack.up({ onOutput: output.onOutput })).rejects.toThrow();
      expect(output.text()).toContain(existing.id);
      expect(output.text()).toContain(`adoptId: "${existing.id}"`);
    } finally {
      env.scratch.remove();
    }
  });

  testInLong("names the existing callback and adoptId when an integration provider already has one", async () => {
    const existing = await api(emulator, "POST", "/callbacks", {
      integration_provider_id: FIX.slackIntegrationProvider,
      name: "Made by hand",
    });
    const env = tcsStack("collide-callback", emulator);
    try {
      const stack = await env.open(async () => {
        new tcs.Callback("slack", { integrationProviderId: FIX.slackIntegrationProvider, name: "Slack events" });
      });
      await requests.reset(emulator);
      const output = outputCollector();
      await expect(stack.up({ onOutput: output.onOutput })).rejects.toThrow();
      expect(output.text()).toContain(existing.id);
      expect(output.text()).toContain(`adoptId: "${existing.id}"`);
      // The one POST was refused; nothing else was written, and the existing callback is untouched.
      expect((await requests.byMethod(emulator)).POST).toBe(1);
      const live = await listAll(emulator, `/callbacks?integration_provider_id=${FIX.slackIntegrationProvider}`);
      expect(live.map((cb) => [cb.id, cb.name])).toEqual([[existing.id, "Made by hand"]]);
    } finally {
      await api(emulator, "DELETE", `/callbacks/${existing.id}`);
      env.scratch.remove();
    }
  });

  testInLong(
    "refuses to adopt an object whose replace-only properties differ from the program, naming them",
    async () => {
      const config = await api(emulator, "POST", "/provider-configs", {
        provider_id: FIX.githubProvider,
        name: "other deployment",
        value: { base_url: "https://api.github.com", timeout_seconds: 10 },
      });
      const env = tcsStack("adopt-mismatch", emulator);
      try {
        const stack = await env.open(async () => {
          new tcs.ProviderConfig("mismatch", { adoptId: config.id, providerId: "prov_jira0000000000000000" });
        });
        await requests.reset(emulator);
        const output = outputCollector();
        await expect(stack.up({ onOutput: output.onOutput })).rejects.toThrow();
        expect(output.text()).toContain(
          `adoptId: tcs:ProviderConfig ${config.id} differs in properties that cannot change in place: providerId`,
        );
        expect(await requests.byMethod(emulator)).not.toHaveProperty("POST");
        expect(await requests.byMethod(emulator)).not.toHaveProperty("PATCH");
      } finally {
        env.scratch.remove();
      }
    },
  );
});
