// The dynamic door knows which environment each resource lives in (issue 51): a key moved to another
// environment, on the default connection or a named one, is refused at preview, naming the resource,
// instead of "unchanged" and a later `up --refresh` that drops every id (the old objects left active,
// unmanaged); a key rotated within the environment changes nothing; and a preview whose settings are as
// recorded sends no request. npm test runs a preview refused on the default connection; npm run
// test:long every kind of run refused, then the stack back on its key, and a named connection's preview
// refused (test/long/dynamic-environment-deeper.test.ts).
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { expectNoPlannedChanges } from "./helpers/post-apply-plan";
import { FIX } from "./helpers/programs";
import { api, listAll, requests, startTestEmulator, tcsStack } from "./helpers/tcs-stack";
import { attempt, type Scratch } from "./helpers/workspace";

let emulator: RunningEmulator;
const scratches: Scratch[] = [];

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(async () => {
  for (const scratch of scratches) scratch.remove();
  await emulator?.close();
});

const program = (connection?: string) => async () => {
  const on = connection ? { connection } : {};
  // One callback per integration provider and environment: each test its own.
  const integrationProviderId = connection ? FIX.linearIntegrationProvider : FIX.githubIntegrationProvider;
  const callback = new tcs.Callback("events", { integrationProviderId, name: "events", ...on });
  const role = new tcs.Role("triage", {
    name: "Triage",
    slug: `triage-${connection ?? "default"}`,
    permissions: ["thread_read"],
    ...on,
  });
  return { callback: callback.id, role: role.id };
};

function key(environment: "development" | "production", which: "secret" | "secondSecret" = "secret") {
  return { value: emulator.keys[environment][which], secret: true };
}

testInNpmTest(
  "a default connection moved to another environment's key is refused at preview, naming the resource; a rotated key is not",
  async () => {
    const env = tcsStack("moved-default-preview", emulator, "development");
    scratches.push(env.scratch);
    const stack = await env.open(program());
    // The plan after the up (post-apply-plan.ts) made with a key rotated within the environment: no change.
    await stack.up({ planAfter: { before: () => stack.setConfig("tcs:apiKey", key("development", "secondSecret")) } });
    await stack.setConfig("tcs:apiKey", key("production"));
    await stack.setConfig("tcs:rateLimitTier", { value: "production" });
    const text = await attempt((onOutput) => stack.preview({ onOutput }));
    const [refusal] = text.match(/\S+ \S+ lives in another environment than .*?See docs\/\S+#[a-z-]+/) ?? [];
    expect(refusal).toMatch(
      /^tcs:(Callback|Role) \S+ lives in another environment than tcs:apiKey and tcs:baseUrl now reach/,
    );
    expect(refusal!.length).toBeLessThanOrEqual(300);
    expect(await listAll(emulator, "/callbacks", "production")).toEqual([]);
  },
);

// Its deeper variant, in npm run test:long (test/long/dynamic-environment-deeper.test.ts): every run of the program refused, then the stack back.
testInLong(
  "a default connection moved to another environment's key is refused by every run of the program; a rotated key is not",
  async () => {
    const env = tcsStack("moved-default", emulator, "development");
    scratches.push(env.scratch);
    const stack = await env.open(program());
    const made = await stack.up();
    const callbackId = made.outputs.callback.value as string;

    // Rotated within the environment: nothing changes, nothing is refused.
    await stack.setConfig("tcs:apiKey", key("development", "secondSecret"));
    await expectNoPlannedChanges(stack, { what: "with a key rotated within the environment" });

    await stack.setConfig("tcs:apiKey", key("production"));
    await stack.setConfig("tcs:rateLimitTier", { value: "production" });
    // A run of the program configures the plugin with the stack config: preview, and an up or preview with --refresh.
    const runs = [
      (onOutput: (s: string) => void) => stack.preview({ onOutput }),
      (onOutput: (s: string) => void) => stack.preview({ refresh: true, onOutput }),
      (onOutput: (s: string) => void) => stack.up({ refresh: true, onOutput }),
    ];
    for (const run of runs) {
      const text = await attempt(run);
      const [refusal] = text.match(/\S+ \S+ lives in another environment than .*?See docs\/\S+#[a-z-]+/) ?? [];
      expect(refusal).toMatch(
        /^tcs:(Callback|Role) \S+ lives in another environment than tcs:apiKey and tcs:baseUrl now reach/,
      );
      expect(refusal!.length).toBeLessThanOrEqual(300);
    }
    // Nothing dropped from state, nothing made in production, the development objects as they were. A
    // `pulumi refresh` configures the plugin with the settings state holds for its provider, which the
    // failed up above has already brought to the new ones: refused too, never dropping anything.
    const held = async () =>
      (await stack.exportStack()).deployment.resources.filter((r: { id?: string }) => r.id === callbackId);
    expect(await held()).toHaveLength(1);
    expect(await attempt((onOutput) => stack.refresh({ onOutput }))).toMatch(/lives in another environment than/);
    expect(await held()).toHaveLength(1);
    expect((await api(emulator, "GET", `/callbacks/${callbackId}`, undefined, "development")).status).toBe("active");
    expect(await listAll(emulator, "/callbacks", "production")).toEqual([]);

    // Back to the environment's key: the stack is as it was, and a preview with its settings as recorded asks nothing.
    await stack.setConfig("tcs:apiKey", key("development"));
    await stack.setConfig("tcs:rateLimitTier", { value: "development" });
    // An up brings the settings state holds for the provider back too (the refused up --refresh had
    // recorded the others), which a refresh then reads with. The plan after that up (post-apply-plan.ts)
    // is the preview with the settings as recorded: counted alone, it asked the service nothing.
    expect((await stack.up({ planAfter: { before: () => requests.reset(emulator) } })).summary.resourceChanges).toEqual(
      { same: 3 },
    );
    expect((await requests.read(emulator)).total).toBe(0);
    await expectNoPlannedChanges(stack, { refresh: true });
    await stack.destroy();
  },
);

// Its variant on a named connection, in npm run test:long too.
testInLong("a named connection moved to another environment's key is refused naming the connection", async () => {
  const env = tcsStack("moved-named", emulator, "production");
  scratches.push(env.scratch);
  const stack = await env.open(program("team"));
  await stack.setAllConfig(
    {
      "tcs:connections.team.apiKey": key("development"),
      "tcs:connections.team.baseUrl": { value: emulator.url },
      "tcs:connections.team.rateLimitTier": { value: "development" },
    },
    true,
  );
  await stack.up();
  await stack.setConfig("tcs:connections.team.apiKey", key("production"), true);
  const text = await attempt((onOutput) => stack.preview({ onOutput }));
  expect(text).toMatch(/lives in another environment than tcs:connections\.team now reach/);
  await stack.setConfig("tcs:connections.team.apiKey", key("development"), true);
  await stack.destroy();
});
