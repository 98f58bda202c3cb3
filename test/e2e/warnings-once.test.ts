// Each warning once per run (issue 52): a warning about a connection's settings is said once per
// connection (dynamic door) or provider (native door) in a run, however many clients, resource types
// or Configure calls the plugin goes through; counted in the engine's diagnostic events of preview,
// up, refresh and destroy, with the real CLI against the emulator. The rate-limit advice is the one
// users met twice: a production key left on the default development tier. npm test runs the dynamic
// door's test, npm run test:long the native door's (test/long/warnings-once-native.test.ts), whose
// advice npm test still sees said once by rate-limit-waits.test.ts and native-tier-advice.test.ts.
import * as pulumi from "@pulumi/pulumi";
import type { EngineEvent, PulumiFn, Stack } from "@pulumi/pulumi/automation";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { nativePlugins, NativeProvider, NativeResource } from "./helpers/native-resources";
import { openCheckedStack } from "./helpers/post-apply-plan";
import { FIX } from "./helpers/programs";
import { startTestEmulator } from "./helpers/tcs-stack";
import { makeScratch, outputCollector, type Scratch } from "./helpers/workspace";

let emulator: RunningEmulator;
const scratches: Scratch[] = [];

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(async () => {
  for (const scratch of scratches) scratch.remove();
  await emulator?.close();
});

const ADVICE = "requests per 10 minutes, but ";

/** The provider's warnings in a run's diagnostic events, by text, with how often each was said. */
function warningCounter() {
  const counts = new Map<string, number>();
  return {
    // A native plugin's warnings come through the engine's Log service (severity warning); the dynamic
    // door's plugin writes them to stderr, which the engine shows as `info#err` lines "warning: ...".
    onEvent: (event: EngineEvent) => {
      const diagnostic = event.diagnosticEvent;
      if (!diagnostic || !["warning", "info#err"].includes(diagnostic.severity)) return;
      const message = diagnostic.message.trim().replace(/^warning: /, "");
      if (message) counts.set(message, (counts.get(message) ?? 0) + 1);
    },
    /** The other warnings said more than once in the run (a resource's names its id, so once per resource). */
    repeated: (): string[] =>
      [...counts].filter(([message, n]) => n > 1 && !message.includes(ADVICE)).map(([message]) => message),
    /** Each tier advice said in the run and how often, by the setting it names. */
    advice: (): Record<string, number> =>
      Object.fromEntries(
        [...counts]
          .filter(([message]) => message.includes(ADVICE))
          .map(([message, n]) => [/but (.*?) \(not set: development\)/.exec(message)?.[1] ?? message, n]),
      ),
  };
}

async function openProductionStack(name: string, program: PulumiFn, native: boolean, connection?: string) {
  const scratch = makeScratch(name);
  scratches.push(scratch);
  const key = { value: emulator.keys.production.secret, secret: true };
  const stack = await openCheckedStack({
    program,
    workDir: scratch.dir,
    stackName: name,
    backendDir: scratch.backendDir,
    ...(native ? { plugins: nativePlugins } : {}),
    // A production key with tcs:rateLimitTier not set (development): the service allows it 50 times more.
    config: { "tcs:apiKey": key, "tcs:baseUrl": { value: emulator.url } },
  });
  if (connection) {
    const named = `tcs:connections.${connection}`;
    await stack.setAllConfig({ [`${named}.apiKey`]: key, [`${named}.baseUrl`]: { value: emulator.url } }, true);
  }
  return stack;
}

/** preview, up, refresh and destroy of a stack: each run's tier advice with its count; every other warning said once. */
async function adviceOfEachRun(stack: Stack): Promise<Record<string, Record<string, number>>> {
  const said: Record<string, Record<string, number>> = {};
  const printed = outputCollector();
  const runs = {
    preview: (onEvent: (e: EngineEvent) => void) => stack.preview({ onEvent, onOutput: printed.onOutput }),
    up: (onEvent: (e: EngineEvent) => void) => stack.up({ onEvent, onOutput: printed.onOutput }),
    refresh: (onEvent: (e: EngineEvent) => void) => stack.refresh({ onEvent, onOutput: printed.onOutput }),
    destroy: (onEvent: (e: EngineEvent) => void) => stack.destroy({ onEvent, onOutput: printed.onOutput }),
  };
  for (const [run, go] of Object.entries(runs)) {
    const counter = warningCounter();
    await go(counter.onEvent);
    said[run] = counter.advice();
    expect({ run, repeated: counter.repeated() }).toEqual({ run, repeated: [] });
  }
  expect(printed.text()).not.toContain(emulator.keys.production.secret);
  return said;
}

testInNpmTest("the dynamic door gives the rate-limit tier advice once per connection in each run", async () => {
  const stack = await openProductionStack(
    "once-dynamic",
    async () => {
      // A lookup's client in the program's process is another client of the same settings, in another process than the plugin's.
      await tcs.getRoles();
      new tcs.Role("default-role", { name: "Default", slug: "once-dynamic-default", permissions: ["thread_read"] });
      new tcs.Callback("default-callback", { integrationProviderId: FIX.githubIntegrationProvider, name: "Once" });
      // A named connection with the same key and URL: another connection, advised on its own.
      new tcs.Callback("team-callback", {
        integrationProviderId: FIX.slackIntegrationProvider,
        name: "Once",
        connection: "team",
      });
    },
    false,
    "team",
  );
  const once = { "tcs:rateLimitTier": 1, "tcs:connections.team.rateLimitTier": 1 };
  expect(await adviceOfEachRun(stack)).toEqual({ preview: once, up: once, refresh: once, destroy: once });
});

testInLong("the native door gives the rate-limit tier advice once per provider in each run", async () => {
  const stack = await openProductionStack(
    "once-native",
    async () => {
      new NativeResource("Role", "default-role", {
        name: "Default",
        slug: "once-native-default",
        permissions: ["thread_read"],
      });
      new NativeResource("Callback", "default-callback", {
        integrationProviderId: FIX.jiraIntegrationProvider,
        name: "Once",
      });
      // An explicit provider with the same key and URL: another provider (another plugin process), advised on its own.
      const prod = new NativeProvider("prod", {
        apiKey: pulumi.secret(emulator.keys.production.secret),
        baseUrl: emulator.url,
      });
      new NativeResource(
        "Callback",
        "prod-callback",
        { integrationProviderId: FIX.linearIntegrationProvider, name: "Once" },
        { provider: prod },
      );
    },
    true,
  );
  const once = { "tcs:rateLimitTier": 1, "the rateLimitTier input of tcs provider prod": 1 };
  expect(await adviceOfEachRun(stack)).toEqual({ preview: once, up: once, refresh: once, destroy: once });
});
