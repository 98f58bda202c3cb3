// Issue 59, on the real engine through both doors: a callback instance naming a well-formed callback id
// that no active callback has fails the preview, naming the property and its value, with nothing
// written; one naming live objects previews and applies, and a preview with no changes after it sends
// no request. The many cases are in test/integration/provider/references-at-check.test.ts.
import * as path from "node:path";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT, type OpenStackOptions } from "../lib/engine";
import { FIX } from "./helpers/programs";
import { NativeResource } from "./helpers/native-resources";
import { api, requests, startTestEmulator, tcsStack } from "./helpers/tcs-stack";
import { outputCollector } from "./helpers/workspace";

const NO_CALLBACK = "cb_doesnotexist00000000";
type Declare = (name: string, args: tcs.CallbackInstanceArgs) => unknown;
const DOORS: Array<[string, Declare, Pick<OpenStackOptions, "plugins">]> = [
  ["dynamic door", (name: string, args: tcs.CallbackInstanceArgs) => new tcs.CallbackInstance(name, args), {}],
  [
    "native door",
    (name: string, args: tcs.CallbackInstanceArgs) => new NativeResource("CallbackInstance", name, args),
    { plugins: { providers: [{ name: "tcs", path: path.join(REPO_ROOT, "bin") }] } },
  ],
];

describe.each(DOORS)("a callback instance's references on the %s", (door, instance, engine) => {
  let emulator: RunningEmulator;
  let callbackId: string;
  let configId: string;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    callbackId = (await api(emulator, "POST", "/callbacks", { integration_provider_id: FIX.slackIntegrationProvider }))
      .id;
    configId = (
      await api(emulator, "POST", "/provider-configs", {
        provider_id: FIX.slackProvider,
        provider_config_vault_id: FIX.slackVault,
      })
    ).id;
  });
  afterAll(() => emulator.close());

  it("fails the preview on a callbackId no active callback has, naming it, and writes nothing", async () => {
    const env = tcsStack(`refs-bad-${door.split(" ")[0]}`, emulator, "production", {}, engine);
    try {
      const stack = await env.open(async () => {
        instance("hooks", { callbackId: NO_CALLBACK, providerConfigId: configId });
      });
      await requests.reset(emulator);
      const output = outputCollector();
      await expect(stack.preview({ onOutput: output.onOutput })).rejects.toThrow();
      expect(output.text()).toMatch(
        new RegExp(
          `resource 'hooks': property callbackId value \\{${NO_CALLBACK}\\} has a problem: names no active callback of this environment .*See docs/troubleshooting\\.md#`,
        ),
      );
      const byMethod = await requests.byMethod(emulator);
      expect((byMethod.POST ?? 0) + (byMethod.PATCH ?? 0) + (byMethod.PUT ?? 0) + (byMethod.DELETE ?? 0)).toBe(0);
    } finally {
      env.scratch.remove();
    }
  });

  it("applies live references with one list of each kind, then previews no changes with no request", async () => {
    const env = tcsStack(`refs-good-${door.split(" ")[0]}`, emulator, "production", {}, engine);
    try {
      const stack = await env.open(async () => {
        instance("hooks", { callbackId, providerConfigId: configId });
      });
      await requests.reset(emulator);
      let byRoute: Record<string, number> = {};
      // The up's requests are taken before the plan after it (post-apply-plan.ts), which is then counted alone.
      const up = await stack.up({
        planAfter: {
          before: async () => {
            byRoute = (await requests.read(emulator)).by_route;
            await requests.reset(emulator);
          },
        },
      });
      expect(up.summary.result).toBe("succeeded");
      expect(byRoute["GET /callbacks"]).toBe(1);
      expect(byRoute["GET /provider-configs"]).toBe(1);
      expect((await requests.read(emulator)).total).toBe(0);
    } finally {
      env.scratch.remove();
    }
  });
});
