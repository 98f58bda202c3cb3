// Faults on the wire: 5xx, 429 with Retry-After and a POST whose connection drops after the service
// committed it. `up` still converges in one run, and the service holds exactly one object per
// resource in state; a rerun takes over what an interrupted run made but never recorded. npm test runs
// the faults survived; npm run test:long runs the interrupted run's takeover and the forced replacement
// after it (test/long/provider-faults-deeper.test.ts; issue 62).
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { FIX, fullProgram } from "./helpers/programs";
import { api, faults, listAll, requests, startTestEmulator, tcsStack } from "./helpers/tcs-stack";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { outputCollector } from "./helpers/workspace";
import { beginCreate } from "../../provider/engine/create-intents";
import { markerFor, markerSecret } from "../../provider/engine/create-marker";
import { createKeyOf, stripEngineKeys } from "../../provider/engine/engine-inputs";
import { SHAPES } from "../../provider/shapes";
import { MARKER_KEY } from "../../provider/shapes/reserved";
import type { ResourceKind } from "../../provider/shapes/shape";

const RECORD_PATHS: Partial<Record<ResourceKind, string>> = {
  ProviderConfig: "/provider-configs",
  Callback: "/callbacks",
  IntegrationSetupSession: "/integration-setup-sessions",
};

describe("faults on the real engine", () => {
  let emulator: RunningEmulator;

  /**
   * The create marker an object was made with: in its metadata where it has some, else derived from
   * the inputs state recorded, as the create derived it (create-marker.ts; an instance has no secret input).
   */
  async function markerOfMade(kind: ResourceKind, id: string, inputs: Record<string, unknown>): Promise<string> {
    const path = RECORD_PATHS[kind];
    if (path) return (await api(emulator, "GET", `${path}/${id}`)).metadata[MARKER_KEY];
    const secret = markerSecret(emulator.keys.production.secret);
    return markerFor(secret, createKeyOf(inputs), stripEngineKeys(inputs), SHAPES[kind].rules);
  }

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });

  testInNpmTest("converges through 5xx, 429 and a dropped POST, with no duplicate and no orphan", async () => {
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
      // The plan after the up reads every object first (GETs, which no fault above touches): it converged.
      const up = await stack.up({ planAfter: { refresh: true } });
      expect(up.summary.result).toBe("succeeded");
      // Every fault fired once: the run really went through them.
      expect((await faults.describe(emulator)).rules.map((rule: { fired: number }) => rule.fired)).toEqual([
        1, 1, 1, 1, 1,
      ]);
      await faults.clear(emulator);

      const configs = (await listAll(emulator, `/provider-configs?provider_id=${FIX.githubProvider}`)).filter(
        (c) => c.metadata?.owner === "faults-test",
      );
      expect(configs.map((c) => c.id)).toEqual([up.outputs.configId.value]);
      const roles = (await listAll(emulator, "/roles")).filter((r) => r.slug === "faulty-role");
      expect(roles.map((r) => r.id)).toEqual([up.outputs.roleId.value]);
      const callbacks = (await listAll(emulator, "/callbacks")).filter(
        (c) => c.integration_provider_id === FIX.githubIntegrationProvider,
      );
      expect(callbacks.map((c) => c.id)).toEqual([up.outputs.callbackId.value]);
      const sessions = (
        await listAll(emulator, `/integration-setup-sessions?integration_id=${FIX.devtoolsIntegration}`)
      ).filter((s) => s.status === "pending");
      expect(sessions.map((s) => s.id)).toEqual([up.outputs.sessionId.value]);
      const instances = (
        await listAll(
          emulator,
          `/callbacks/${up.outputs.callbackId.value}/instances?provider_config_id=${up.outputs.configId.value}`,
        )
      ).filter((i) => i.status === "attached");
      expect(instances.map((i) => i.id)).toEqual([up.outputs.instanceId.value]);

      await stack.destroy();
    } finally {
      await faults.clear(emulator);
      env.scratch.remove();
    }
  });

  testInLong(
    "takes over objects an interrupted run created but never recorded, instead of duplicating them",
    async () => {
      const env = tcsStack("orphans", emulator);
      const program = async () => {
        // A targeted replace of a config meets the old one, which carries its marker: it goes first.
        const config = new tcs.ProviderConfig(
          "config",
          {
            providerId: "prov_jira0000000000000000",
            value: { site_url: "https://acme.atlassian.net", project_keys: ["OPS"] },
            name: "orphan test",
          },
          { deleteBeforeReplace: true },
        );
        const callback = new tcs.Callback("callback", {
          integrationProviderId: FIX.jiraIntegrationProvider,
          name: "orphan test",
        });
        // An instance carries no marker: a targeted replace collides with the old one unless it goes first.
        const instance = new tcs.CallbackInstance(
          "instance",
          { callbackId: callback.id, providerConfigId: config.id, providerAuthConfigId: "pac_jiraoauth00000000000" },
          { deleteBeforeReplace: true },
        );
        const role = new tcs.Role("role", { name: "Orphan test", slug: "orphan-test", permissions: ["thread_read"] });
        const session = new tcs.IntegrationSetupSession("session", {
          integrationId: FIX.chatIntegration,
          name: "orphan test",
        });
        return {
          configId: config.id,
          callbackId: callback.id,
          instanceId: instance.id,
          roleId: role.id,
          sessionId: session.id,
        };
      };
      try {
        const stack = await env.open(program);
        const first = await stack.up();
        // What a run killed between its POSTs and its state write leaves: objects the state does not know,
        // and on this machine the intents of creates that never returned (create-intents.ts).
        const exported = await stack.exportStack();
        for (const resource of exported.deployment.resources.filter((r: { type: string }) =>
          r.type.startsWith("pulumi-nodejs:dynamic/tcs:"),
        )) {
          beginCreate(await markerOfMade(resource.type.split(":").pop(), resource.id, resource.inputs));
        }
        exported.deployment.resources = exported.deployment.resources.filter(
          (r: { type: string }) => !r.type.startsWith("pulumi-nodejs:dynamic/tcs:"),
        );
        await stack.importStack(exported);

        await requests.reset(emulator);
        const output = outputCollector();
        // The plan after the up reads every object first: what was taken over plans nothing.
        const second = await stack.up({ onOutput: output.onOutput, planAfter: { refresh: true } });
        expect(second.summary.resourceChanges).toMatchObject({ create: 5 });
        for (const key of ["configId", "callbackId", "instanceId", "roleId", "sessionId"])
          expect(second.outputs[key].value).toBe(first.outputs[key].value);
        // Callback, config and session are found by their create marker, with no POST. A role and an
        // instance have no metadata: their POST collides with the identical orphan, taken over because this
        // machine holds the unfinished create's intent.
        const counts = await requests.read(emulator);
        const posts = Object.entries(counts.by_route).filter(([route]) => route.startsWith("POST "));
        expect(posts.map(([route]) => route).sort()).toEqual([
          "POST /callbacks/{callback_id}/instances",
          "POST /roles",
        ]);
        expect(output.text()).toMatch(
          /taken over instead of creating a new one: it carries this resource's create marker/,
        );
        expect(output.text()).toMatch(
          /taken over instead of creating a new one: it has exactly the declared values, and this resource's create that did not finish on this machine made it/,
        );
        expect((await listAll(emulator, "/roles")).filter((r) => r.slug === "orphan-test")).toHaveLength(1);
        expect(
          await listAll(emulator, `/callbacks/${first.outputs.callbackId.value}/instances?status=attached`),
        ).toHaveLength(1);

        // A forced replacement with unchanged inputs (up --replace) is a new object, and the old one is
        // removed (issue 33, item 4): with deleteBeforeReplace the engine deletes it first, so the
        // replacement's create meets nothing (issue 51: the engine tells a provider nothing of a targeted replace).
        const urnOf = async (name: string) =>
          (await stack.exportStack()).deployment.resources.find((r: { urn: string }) => r.urn.endsWith(`::${name}`))
            .urn;
        const forced = await stack.up({
          replace: [await urnOf("config"), await urnOf("instance")],
          planAfter: { refresh: true },
        });
        expect(forced.outputs.configId.value).not.toBe(first.outputs.configId.value);
        expect(forced.outputs.instanceId.value).not.toBe(first.outputs.instanceId.value);
        await expect(api(emulator, "GET", `/provider-configs/${first.outputs.configId.value}`)).rejects.toThrow(/404/);
        expect(
          await listAll(emulator, `/callbacks/${first.outputs.callbackId.value}/instances?status=attached`),
        ).toHaveLength(1);
        await stack.destroy();
      } finally {
        env.scratch.remove();
      }
    },
  );
});
