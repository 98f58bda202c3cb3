// Two resources of one program on one object, on the real engine (issue 33, item 1): a role slug
// declared twice is refused at preview, each declaration naming the other and the slug; two instances of one
// callback and config, whose ids exist only once the callback and config do, are refused at up before
// the second is created. Either way the service holds one object per key.
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { FIX } from "./helpers/programs";
import { listAll, startTestEmulator, tcsStack, type TcsStack } from "./helpers/tcs-stack";
import { attempt } from "./helpers/workspace";

describe("one object, one resource", () => {
  let emulator: RunningEmulator;
  let env: TcsStack;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    env = tcsStack("one-owner", emulator);
  });
  afterAll(async () => {
    env.scratch.remove();
    await emulator.close();
  });

  it("refuses a role slug declared twice at preview, naming both resources", async () => {
    const stack = await env.open(async () => {
      new tcs.Role("triage-a", { name: "Triage", slug: "triage", permissions: ["thread_read"] });
      new tcs.Role("triage-b", { name: "Triage", slug: "triage", permissions: ["thread_create"] });
    });
    const text = await attempt((onOutput) => stack.preview({ onOutput }));
    // Each declaration names the other; the engine stops at the first it checks, whichever that is.
    expect(text).toMatch(
      /(triage-a.*slug.*tcs\.Role "triage-b" declares it too|triage-b.*slug.*tcs\.Role "triage-a" declares it too): one Role per slug/s,
    );
  });

  it("refuses two instances of one callback and config at up, before either shares an object", async () => {
    const stack = await env.open(async () => {
      const config = new tcs.ProviderConfig("github", {
        providerId: FIX.githubProvider,
        value: { base_url: "https://api.github.com", timeout_seconds: 30 },
      });
      const callback = new tcs.Callback("events", { integrationProviderId: FIX.githubIntegrationProvider });
      new tcs.CallbackInstance("attach-a", { callbackId: callback.id, providerConfigId: config.id });
      new tcs.CallbackInstance("attach-b", { callbackId: callback.id, providerConfigId: config.id });
    });
    const text = await attempt((onOutput) => stack.up({ onOutput }));
    expect(text).toMatch(
      /(attach-a.*tcs\.CallbackInstance "attach-b"|attach-b.*tcs\.CallbackInstance "attach-a") has the same callbackId/s,
    );
    const callbacks = await listAll(emulator, "/callbacks?status=active");
    // Never one instance for two resources: the second is refused, or both are (each names the other).
    const instances = await listAll(emulator, `/callbacks/${callbacks[0].id}/instances?status=attached`);
    expect(instances.length).toBeLessThanOrEqual(1);
  });
});
