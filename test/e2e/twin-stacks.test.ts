// Only the stack that holds an object deletes it (issue 51), on the real engine through both doors:
// a stack with the same project and stack name in another backend (a twin) is refused instead of
// deleting the first one's objects, and the first one's refresh then plans nothing; an object dropped
// with `pulumi state delete` stays, and the next up refuses naming the `pulumi import` (or adoptId) that
// takes it back; a collision with another stack's object says it may be that stack's, and adopting
// one that carries another resource's create marker is warned about at preview. Each refusal is one
// line of at most 300 characters. npm test runs the twin refused through the dynamic door; npm run
// test:long runs the other two through the dynamic door and all three through the native one
// (test/long/twin-stacks-native.test.ts; issue 62).
import { execFileSync } from "node:child_process";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { nativePlugins, NativeResource } from "./helpers/native-resources";
import { expectNoPlannedChanges } from "./helpers/post-apply-plan";
import { FIX } from "./helpers/programs";
import { api, startTestEmulator, tcsStack, type TcsStack } from "./helpers/tcs-stack";
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

type Door = "dynamic" | "native";

interface Tool {
  integrationProvider: string;
  /** Another, for the test whose two stacks collide (the service keeps one callback per integration provider). */
  otherIntegrationProvider: string;
  provider: string;
  vault: string;
}

interface Declared {
  callback?: { adoptId?: string };
  config?: { adoptId?: string };
  /** The `import` resource option of the callback: what `pulumi import` does, as a program states it. */
  importCallback?: string;
}

function programOf(
  door: Door,
  tool: Tool,
  declared: Declared,
  integrationProvider = tool.integrationProvider,
): PulumiFn {
  return async () => {
    const callback = { integrationProviderId: integrationProvider, name: "events", ...declared.callback };
    const config = {
      providerId: tool.provider,
      name: `tools ${door}`,
      providerConfigVaultId: tool.vault,
      ...declared.config,
    };
    if (door === "dynamic") {
      if (declared.callback) new tcs.Callback("events", callback);
      if (declared.config) new tcs.ProviderConfig("tools", config);
    } else {
      const opts = declared.importCallback ? { import: declared.importCallback } : {};
      if (declared.callback) new NativeResource("Callback", "events", callback, opts);
      if (declared.config) new NativeResource("ProviderConfig", "tools", config);
    }
  };
}

/** A stack in a backend of its own: two of the same name are twins (the project is `tcs` for all). */
function stackOf(door: Door, name: string, environment: "production" | "development" = "production"): TcsStack {
  const stack = tcsStack(name, emulator, environment, {}, door === "native" ? { plugins: nativePlugins } : {});
  scratches.push(stack.scratch);
  return stack;
}

/** The refusals in a run's output, each as the provider worded it (from the id to the docs section). */
function refusalsIn(text: string, pattern: string): string[] {
  return [...text.matchAll(new RegExp(`\\S+ ${pattern}.*?See docs/\\S+#[a-z-]+`, "g"))].map((match) => match[0]);
}

async function heldIds(stack: Awaited<ReturnType<TcsStack["open"]>>): Promise<Record<string, string>> {
  const resources: Array<{ urn: string; id?: string; type: string }> =
    (await stack.exportStack()).deployment.resources ?? [];
  return Object.fromEntries(
    resources
      .filter((r) => !r.type.startsWith("pulumi:"))
      .map((r) => [r.urn.slice(r.urn.lastIndexOf("::") + 2), r.id ?? ""]),
  );
}

describe.each<[Door, Tool]>([
  [
    "dynamic",
    {
      integrationProvider: FIX.linearIntegrationProvider,
      otherIntegrationProvider: FIX.githubIntegrationProvider,
      provider: FIX.githubProvider,
      vault: FIX.githubVault,
    },
  ],
  [
    "native",
    {
      integrationProvider: FIX.slackIntegrationProvider,
      otherIntegrationProvider: FIX.jiraIntegrationProvider,
      provider: FIX.slackProvider,
      vault: FIX.slackVault,
    },
  ],
])("the %s door", (door, tool) => {
  const both: Declared = { callback: {}, config: {} };
  /** The twin refused, through the dynamic door, is npm test's; the rest is test:long's. */
  const inNpmTest = door === "dynamic" ? testInNpmTest : testInLong;

  inNpmTest(
    "refuses a twin stack in another backend instead of deleting the first one's objects; the first one's refresh plans nothing",
    async () => {
      const first = stackOf(door, `twin-${door}`);
      const firstStack = await first.open(programOf(door, tool, both));
      await firstStack.up();
      const held = await heldIds(firstStack);
      const before = [
        await api(emulator, "GET", `/callbacks/${held.events}`),
        await api(emulator, "GET", `/provider-configs/${held.tools}`),
      ];

      const twin = stackOf(door, `twin-${door}`);
      const twinStack = await twin.open(programOf(door, tool, both));
      const text = await attempt((onOutput) => twinStack.up({ onOutput }));
      const refusals = refusalsIn(text, "has this resource's marker but is not in state");
      expect(refusals.length).toBeGreaterThan(0);
      for (const refusal of refusals) expect(refusal.length).toBeLessThanOrEqual(300);
      expect(text).toMatch(new RegExp(`(${held.events}|${held.tools}) has this resource's marker but is not in state`));
      expect(text).not.toMatch(/deleted, and made anew|taken over instead of creating/);

      // The first stack's objects are as they were, and its drift check finds nothing.
      expect([
        await api(emulator, "GET", `/callbacks/${held.events}`),
        await api(emulator, "GET", `/provider-configs/${held.tools}`),
      ]).toEqual(before);
      await expectNoPlannedChanges(firstStack, {
        refresh: true,
        what: "of the first stack after its twin was refused",
      });
      expect(await heldIds(twinStack)).toEqual({});
    },
  );

  testInLong(
    "keeps an object dropped with pulumi state delete; the next up refuses naming the command that takes it back",
    async () => {
      const name = `state-delete-${door}`;
      // In the other environment: the first test's stacks hold this integration provider's callback in production.
      const opened = stackOf(door, name, "development");
      const stack = await opened.open(programOf(door, tool, { callback: {} }));
      await stack.up();
      const { events } = await heldIds(stack);
      const urn = `urn:pulumi:${name}::tcs::${door === "native" ? "tcs:index:Callback" : "pulumi-nodejs:dynamic/tcs:Callback"}::events`;
      execFileSync("pulumi", ["state", "delete", urn, "--yes", "--non-interactive", "--stack", name], {
        cwd: opened.scratch.dir,
        env: { ...process.env, PULUMI_BACKEND_URL: `file://${opened.scratch.backendDir}` },
        stdio: "pipe",
      });
      expect((await stack.preview()).changeSummary).toMatchObject({ create: 1 });

      const text = await attempt((onOutput) => stack.up({ onOutput }));
      const claim =
        door === "native" ? `pulumi import tcs:index:Callback events ${events}` : `set adoptId: "${events}"`;
      const [refusal] = refusalsIn(text, "has this resource's marker but is not in state");
      expect(refusal).toContain(claim);
      expect(refusal.length).toBeLessThanOrEqual(300);
      expect((await api(emulator, "GET", `/callbacks/${events}`, undefined, "development")).status).toBe("active");

      // The command as written out; then the stack holds the same callback, and plans nothing.
      const claimed = door === "native" ? { callback: {}, importCallback: events } : { callback: { adoptId: events } };
      await (await opened.open(programOf(door, tool, claimed))).up();
      expect((await heldIds(stack)).events).toBe(events);
      expect((await api(emulator, "GET", `/callbacks/${events}`, undefined, "development")).status).toBe("active");
    },
  );

  testInLong(
    "says a colliding object may be another stack's, and warns at preview when adoptId names one another resource made",
    async () => {
      const dev = await stackOf(door, `dev-${door}`).open(programOf(door, tool, { config: {} }));
      await dev.up();
      const { tools } = await heldIds(dev);
      // prod declares a callback on an integration provider whose callback dev holds.
      const devCallback = await stackOf(door, `dev-callback-${door}`).open(
        programOf(door, tool, { callback: {} }, tool.otherIntegrationProvider),
      );
      await devCallback.up();
      const { events } = await heldIds(devCallback);

      const prod = stackOf(door, `prod-${door}`);
      const text = await attempt(async (onOutput) =>
        (await prod.open(programOf(door, tool, { callback: {} }, tool.otherIntegrationProvider))).up({ onOutput }),
      );
      const [refusal] = refusalsIn(text, "already holds integrationProviderId");
      expect(refusal).toContain(
        `${events} already holds integrationProviderId "${tool.otherIntegrationProvider}"; maybe another stack's or hand-made`,
      );
      expect(refusal.length).toBeLessThanOrEqual(300);

      // Adopting dev's config (made by dev's create, so carrying its marker) is said at preview.
      const adopting = await prod.open(programOf(door, tool, { config: { adoptId: tools } }));
      const preview = await adopting.preview();
      expect(preview.stdout).toContain(`${tools} has another resource's create marker: another stack`);

      // So is importing it on the native door (the import resource option: what `pulumi import` does).
      if (door === "native") {
        const importing = await prod.open(async () => {
          new NativeResource(
            "ProviderConfig",
            "tools",
            { providerId: tool.provider, name: `tools ${door}`, providerConfigVaultId: tool.vault },
            { import: tools },
          );
        });
        expect((await importing.preview()).stdout).toContain(
          `${tools} has another resource's create marker: another stack`,
        );
      }
    },
  );
});
