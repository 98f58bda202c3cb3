// A create the service commits after its client gave up (issue 58), on the real engine through both
// doors. Following the failed run's advice (run pulumi up again, straight away) leaves one object: the
// rerun waits for the late commit and takes the object over. A rerun on another runner, which has no
// record of the first create, makes a second: the next refresh names the late one as an orphan, once;
// the drift report lists it apart and exits 2 until `pulumi-tcs orphan --delete` settles it. npm test
// runs the rerun's takeover through the dynamic door and the orphan command on its own; npm run test:long
// runs the other runner's orphan through the dynamic door and both through the native one
// (test/long/late-commit-native.test.ts; issue 62).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT } from "../lib/engine";
import { describeInNpmTest, testInLong, testInNpmTest } from "./helpers/long-split";
import { nativePlugins, NativeResource } from "./helpers/native-resources";
import { expectNoPlannedChanges } from "./helpers/post-apply-plan";
import { FIX } from "./helpers/programs";
import { runBin } from "./helpers/run-bin";
import { MARKER_KEY } from "../../provider/shapes/reserved";
import { api, faults, listAll, startTestEmulator, tcsStack, type TcsStack } from "./helpers/tcs-stack";
import { attempt, outputCollector, type Scratch } from "./helpers/workspace";

const BIN = path.join(REPO_ROOT, "dist", "provider", "cli", "main.js");
/** The late create commits this long after the service dropped its connection. */
const LATE_MS = 3_000;

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

function programOf(door: Door, name: string): PulumiFn {
  return async () => {
    const config = { providerId: FIX.githubProvider, name, providerConfigVaultId: FIX.githubVault };
    if (door === "dynamic") new tcs.ProviderConfig("tools", config);
    else new NativeResource("ProviderConfig", "tools", config);
  };
}

function stackOf(door: Door, name: string): TcsStack {
  const stack = tcsStack(name, emulator, "production", {}, door === "native" ? { plugins: nativePlugins } : {});
  scratches.push(stack.scratch);
  return stack;
}

const configsNamed = async (name: string) =>
  (await listAll(emulator, "/provider-configs?status=active")).filter((config) => config.name === name);

const lateCommit = () =>
  faults.set(emulator, [{ method: "POST", path: "/provider-configs", late_commit_ms: LATE_MS, count: 1 }]);
/** For the rerun on another runner: the late create commits when the test releases it, once that whole up is over. */
const heldCommit = () =>
  faults.set(emulator, [{ method: "POST", path: "/provider-configs", late_commit_held: true, count: 1 }]);

/** Waits until `count` configs of this name are live (the late commit has come), at most `ms`. */
async function untilLive(name: string, count: number, ms: number): Promise<string[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const live = (await configsNamed(name)).map((config) => config.id as string);
    if (live.length >= count || Date.now() > deadline) return live;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Runs `work` as a runner that has never run this stack: no create intents of its own. */
async function onAnotherRunner<T>(work: () => Promise<T>): Promise<T> {
  const own = process.env.TCS_CREATE_INTENTS_DIR;
  process.env.TCS_CREATE_INTENTS_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-other-runner-"));
  try {
    return await work();
  } finally {
    process.env.TCS_CREATE_INTENTS_DIR = own;
  }
}

function tools(door: Door, stack: TcsStack, name: string) {
  const env = { ...process.env, PULUMI_BACKEND_URL: `file://${stack.scratch.backendDir}`, GITHUB_STEP_SUMMARY: "" };
  return {
    drift: (json: string) => runBin(BIN, ["drift", "--stack", name, "--cwd", stack.scratch.dir, "--json", json], env),
    orphan: (...args: string[]) =>
      runBin(BIN, ["orphan", ...args], {
        ...env,
        TCS_API_KEY: emulator.keys.production.secret,
        TCS_BASE_URL: emulator.url,
      }),
  };
}

describe.each<Door>(["dynamic", "native"])("the %s door", (door) => {
  afterEach(() => faults.clear(emulator));
  /** The takeover, through the dynamic door, is npm test's; the rest is test:long's. */
  const inNpmTest = door === "dynamic" ? testInNpmTest : testInLong;

  inNpmTest(
    "a create committed after its client gave up: up again straight away waits for it and takes it over, one object",
    async () => {
      const name = `late-rerun-${door}`;
      const opened = stackOf(door, name);
      const stack = await opened.open(programOf(door, name));
      await lateCommit();
      const failed = await attempt((onOutput) => stack.up({ onOutput }));
      // The service dropped the create's connection before the failed up ended: it commits by then.
      const committedBy = Date.now() + LATE_MS;
      expect(failed).toMatch(/The service may still create it, so the create was not sent again/);
      expect(await configsNamed(name)).toHaveLength(0);

      const rerun = outputCollector();
      await stack.up({ onOutput: rerun.onOutput });
      expect(rerun.text()).toMatch(/taken over instead of creating a new one/);
      // Past the moment the late create committed: one object, the one the stack holds.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, committedBy - Date.now())));
      const held = (await stack.exportStack()).deployment.resources.find((r: { type: string }) =>
        r.type.endsWith("ProviderConfig"),
      );
      expect((await configsNamed(name)).map((config) => config.id)).toEqual([held.id]);
      await expectNoPlannedChanges(stack, { refresh: true, what: "once the late create committed" });
    },
  );

  testInLong(
    "a rerun on another runner made a second object: refresh names the late one once, drift exits 2 until orphan --delete settles it",
    async () => {
      const name = `late-orphan-${door}`;
      const opened = stackOf(door, name);
      const stack = await opened.open(programOf(door, name));
      await heldCommit();
      await attempt((onOutput) => stack.up({ onOutput }));
      await onAnotherRunner(() => stack.up());
      const held = (await stack.exportStack()).deployment.resources.find((r: { type: string }) =>
        r.type.endsWith("ProviderConfig"),
      ).id as string;
      expect(await faults.release(emulator)).toEqual({ released: 1 });
      const live = await untilLive(name, 2, 10_000);
      expect(live).toHaveLength(2);
      const orphan = live.find((id) => id !== held)!;

      // Counted in the engine's diagnostic events: the CLI prints each warning again in its summary.
      const said: string[] = [];
      await stack.refresh({ onEvent: (event) => said.push(event.diagnosticEvent?.message ?? "") });
      const named = said.filter((message) =>
        message.includes(`orphan: tcs:ProviderConfig ${orphan} carries the create marker of ${held}`),
      );
      expect(named).toHaveLength(1);
      expect(named[0]).toContain(`pulumi-tcs orphan ${orphan} --delete`);

      const { drift, orphan: settle } = tools(door, opened, name);
      const json = path.join(opened.scratch.dir, "drift.json");
      const found = await drift(json);
      expect(found.code).toBe(2);
      expect(JSON.parse(fs.readFileSync(json, "utf8")).orphans).toEqual([
        { type: "tcs:ProviderConfig", id: orphan, beside: held },
      ]);
      expect(found.stdout).toContain(`pulumi-tcs orphan ${orphan} --release`);

      const settled = await settle(orphan, "--delete");
      expect(settled.stderr).toContain(`provider config ${orphan} deleted`);
      expect(settled.code).toBe(0);
      expect((await configsNamed(name)).map((config) => config.id)).toEqual([held]);
      expect((await drift(json)).code).toBe(0);
      expect(JSON.parse(fs.readFileSync(json, "utf8")).orphans).toEqual([]);
    },
  );
});

describeInNpmTest("pulumi-tcs orphan", () => {
  const run = (...args: string[]) =>
    runBin(BIN, ["orphan", ...args], {
      ...process.env,
      TCS_API_KEY: emulator.keys.production.secret,
      TCS_BASE_URL: emulator.url,
    });
  const byHand = (metadata: Record<string, unknown>) =>
    api(emulator, "POST", "/provider-configs", {
      provider_id: FIX.githubProvider,
      provider_config_vault_id: FIX.githubVault,
      name: "by hand",
      metadata,
    });

  it("touches only an object that carries a create marker; --release removes the marker and keeps the object and the rest of its metadata", async () => {
    const unmarked = await byHand({ team: "ops" });
    const refused = await run(unmarked.id, "--delete");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `provider config ${unmarked.id} carries no create marker: no stack made it, so it is no orphan; nothing was changed`,
    );
    expect((await api(emulator, "GET", `/provider-configs/${unmarked.id}`)).status).toBe("active");

    const marked = await byHand({ team: "ops", [MARKER_KEY]: "aaaa.bbbb" });
    expect((await run(marked.id, "--delete", "--release")).stderr).toContain("say what to do with");
    const released = await run(marked.id, "--release");
    expect(released.code).toBe(0);
    const live = await api(emulator, "GET", `/provider-configs/${marked.id}`);
    expect(live).toMatchObject({ status: "active", metadata: { team: "ops" } });
  });
});
