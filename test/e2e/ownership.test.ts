// Never touch what is not provably ours (issue 45), on the real engine through both doors: a stack
// that declares an instance or a role identical to one another stack manages (or someone made by
// hand) is refused, naming the object and how to claim it, and the other stack's object is left as
// it was; an intent store that cannot be written fails the create before anything is sent, so runs
// never loop making objects they cannot record; and a create interrupted on a runner that is gone is
// not taken over on a guess: the refusal writes out the commands that recover it. npm test runs the
// first of these, another stack's objects left alone, through the dynamic door; npm run test:long runs it
// through the native door, and the others through both doors (test/long/ownership-deeper.test.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { casesOfThisRun, isLong, testInLong } from "./helpers/long-split";
import { FIX } from "./helpers/programs";
import { api, listAll, startTestEmulator, tcsStack, type TcsStack } from "./helpers/tcs-stack";
import { attempt, makeScratch, type Scratch } from "./helpers/workspace";
import { nativePlugins, NativeProvider, NativeResource } from "./helpers/native-resources";
import { expectNoPlannedChanges } from "./helpers/post-apply-plan";

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

interface Declared {
  role?: { slug: string; adoptId?: string };
  instance?: { callbackId: string; providerConfigId: string; adoptId?: string };
}

/** The program of one stack: a role and an instance through the given door. */
function programOf(door: Door, declared: Declared): PulumiFn {
  return async () => {
    const role = declared.role && {
      name: "Shared triage",
      slug: declared.role.slug,
      permissions: ["thread_read"],
      adoptId: declared.role.adoptId,
    };
    if (door === "dynamic") {
      if (role) new tcs.Role("triage", role);
      if (declared.instance) new tcs.CallbackInstance("attachment", declared.instance);
    } else {
      if (role) new NativeResource("Role", "triage", role);
      if (declared.instance) new NativeResource("CallbackInstance", "attachment", declared.instance);
    }
  };
}

/** A stack on the emulator's production environment, through one door. */
function stackOf(door: Door, name: string, env: Record<string, string> = {}): TcsStack {
  const stack = tcsStack(
    name,
    emulator,
    "production",
    {},
    { env, ...(door === "native" ? { plugins: nativePlugins } : {}) },
  );
  scratches.push(stack.scratch);
  return stack;
}

/** A callback, a config and an instance made by hand, as someone outside Pulumi would. */
async function handMadeInstance(
  tool: Tool,
  label: string,
): Promise<{ callbackId: string; providerConfigId: string; instanceId: string }> {
  const config = await api(emulator, "POST", "/provider-configs", {
    provider_id: tool.provider,
    name: `hand-made ${label}`,
    provider_config_vault_id: tool.vault,
  });
  const callback = await api(emulator, "POST", "/callbacks", {
    integration_provider_id: tool.integrationProvider,
    name: `hand-made ${label}`,
  });
  const instance = await api(emulator, "POST", `/callbacks/${callback.id}/instances`, {
    provider_config_id: config.id,
  });
  return { callbackId: callback.id, providerConfigId: config.id, instanceId: instance.id };
}

/** A tool whose provider supports callbacks: one per door, since the service keeps one callback per integration provider. */
interface Tool {
  integrationProvider: string;
  provider: string;
  vault: string;
}

// Deeper variants, in npm run test:long only, through both doors.
describe.each<Door>(["dynamic", "native"])("the %s door's claims of a natural key", (door) => {
  testInLong("let two environments each hold a role of the same slug, and refuse two in one environment", async () => {
    const slug = `per-environment-${door}`;
    const role = { name: "Per environment", slug, permissions: ["thread_read"] };
    const devKey = emulator.keys.development.secret;
    const program: PulumiFn = async () => {
      if (door === "dynamic") {
        new tcs.Role("prod-role", role);
        new tcs.Role("dev-role", { ...role, connection: "dev" });
      } else {
        const dev = new NativeProvider("dev", {
          apiKey: pulumi.secret(devKey),
          baseUrl: emulator.url,
          rateLimitTier: "development",
        });
        new NativeResource("Role", "prod-role", role);
        new NativeResource("Role", "dev-role", role, { provider: dev });
      }
    };
    const opened = stackOf(door, `claims-${door}`);
    const stack = await opened.open(program);
    // The dynamic door's second environment: a named connection, as `pulumi config set --path` writes it.
    if (door === "dynamic") {
      const dev = {
        "tcs:connections.dev.apiKey": { value: devKey, secret: true },
        "tcs:connections.dev.baseUrl": { value: emulator.url },
      };
      await stack.setAllConfig(dev, true);
    }
    const up = await stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ create: door === "dynamic" ? 3 : 4 });
    expect((await listAll(emulator, "/roles", "production")).filter((r) => r.slug === slug)).toHaveLength(1);
    expect((await listAll(emulator, "/roles", "development")).filter((r) => r.slug === slug)).toHaveLength(1);
    // The plan after the up (post-apply-plan.ts): every role the same.
    expect(up.planAfter?.changeSummary).toEqual({ same: door === "dynamic" ? 3 : 4 });

    // Two in one environment: refused at preview, naming the other.
    const twice = await opened.open(async () => {
      if (door === "dynamic") {
        new tcs.Role("prod-role", role);
        new tcs.Role("dev-role", role);
      } else {
        new NativeResource("Role", "prod-role", role);
        new NativeResource("Role", "dev-role", role);
      }
    });
    const refused = await attempt((onOutput) => twice.preview({ onOutput }));
    expect(refused).toMatch(
      new RegExp(`${slug}.*tcs(\\.|:index:)Role "(prod-role|dev-role)" declares it too: one Role per slug`),
    );
  });
});

const TOOLS: Array<[Door, Tool]> = [
  [
    "dynamic",
    {
      integrationProvider: FIX.linearIntegrationProvider,
      provider: "prov_linear00000000000000",
      vault: "pcvt_lineardefault0000000",
    },
  ],
  ["native", { integrationProvider: FIX.slackIntegrationProvider, provider: FIX.slackProvider, vault: FIX.slackVault }],
];

describe.each<[Door, Tool]>(isLong() ? TOOLS : casesOfThisRun(TOOLS))("the %s door", (door, tool) => {
  // npm test's, through the first door (the others' in test:long); the deeper ones after it, test:long's through each door.
  const ofThisRun = casesOfThisRun(TOOLS).some(([one]) => one === door) ? it : it.skip;
  ofThisRun(
    "leaves another stack's instance and role alone: the second stack is refused, naming the object and how to claim it",
    async () => {
      const made = await handMadeInstance(tool, door);
      const slug = `shared-triage-${door}`;
      // Stack A adopts the hand-made instance and makes a role.
      const a = stackOf(door, `owner-a-${door}`);
      const aProgram = programOf(door, {
        role: { slug },
        instance: { callbackId: made.callbackId, providerConfigId: made.providerConfigId, adoptId: made.instanceId },
      });
      const aUp = await (await a.open(aProgram)).up();
      expect(aUp.summary.resourceChanges).toEqual({ create: 3 });
      const instanceBefore = await api(emulator, "GET", `/callbacks/${made.callbackId}/instances/${made.instanceId}`);
      const [roleBefore] = (await listAll(emulator, "/roles")).filter((role) => role.slug === slug);

      // Stack B declares the same instance and the same role, identical in every field, each in a run of
      // its own: once one create is refused the engine starts no more steps, so a run declaring both
      // may print only the refusal that came first (--continue-on-error is no way out: an inline
      // program's refused registration rejects inside the program).
      const b = stackOf(door, `owner-b-${door}`);
      // What B's state holds beyond the engine's own, read right after each run: the instance's run would
      // prune a role the role's run had recorded.
      const refusedUp = async (declared: Declared) => {
        const stack = await b.open(programOf(door, declared));
        const text = await attempt((onOutput) => stack.up({ onOutput }));
        const recorded =
          (await stack.exportStack()).deployment.resources?.filter(
            (r: { type: string }) => !r.type.startsWith("pulumi:"),
          ) ?? [];
        return { text, recorded };
      };
      const role = await refusedUp({ role: { slug } });
      const instance = await refusedUp({
        instance: { callbackId: made.callbackId, providerConfigId: made.providerConfigId },
      });
      expect(role.text).toMatch(new RegExp(`${roleBefore.id} is as declared, but nothing proves it this stack's`));
      expect(instance.text).toMatch(
        new RegExp(`${made.instanceId} is as declared, but nothing proves it this stack's`),
      );
      if (door === "dynamic") expect(instance.text).toMatch(new RegExp(`set adoptId: "${made.instanceId}"`));
      if (door === "native")
        expect(instance.text).toMatch(
          new RegExp(`pulumi import tcs:index:CallbackInstance attachment ${made.callbackId}/${made.instanceId}`),
        );
      for (const { text } of [role, instance])
        expect(text).not.toMatch(/deleted, and made anew|taken over instead of creating/);

      // A's objects are as they were, and A's drift check finds nothing.
      expect(await api(emulator, "GET", `/callbacks/${made.callbackId}/instances/${made.instanceId}`)).toEqual(
        instanceBefore,
      );
      expect((await listAll(emulator, "/roles")).filter((role) => role.slug === slug)).toEqual([roleBefore]);
      await expectNoPlannedChanges(await a.open(aProgram), { refresh: true, what: "of stack A after B was refused" });
      // Nothing of B's went into its state, in either run.
      expect(role.recorded).toEqual([]);
      expect(instance.recorded).toEqual([]);
    },
  );

  testInLong(
    "fails a create whose intent store cannot be written before anything is sent, and does not loop on the next run",
    async () => {
      const file = path.join(makeScratchFile(`home-${door}`), "not-a-dir");
      fs.writeFileSync(file, "");
      const slug = `unwritable-home-${door}`;
      // A HOME under a regular file, and no TCS_CREATE_INTENTS_DIR (the tests' own is left out of the
      // engine's environment for these runs): the store cannot be made.
      const stack = await stackOf(door, `unwritable-${door}`, { HOME: path.join(file, "home") }).open(
        programOf(door, { role: { slug } }),
      );
      const testsOwn = process.env.TCS_CREATE_INTENTS_DIR;
      delete process.env.TCS_CREATE_INTENTS_DIR;
      try {
        for (let run = 0; run < 2; run++) {
          const text = await attempt((onOutput) => stack.up({ onOutput }));
          expect(text).toMatch(/cannot record the create on this machine before sending it: ENOTDIR/);
          expect(text).toMatch(/Set TCS_CREATE_INTENTS_DIR to a writable directory/);
          expect((await listAll(emulator, "/roles")).filter((role) => role.slug === slug)).toEqual([]);
        }
      } finally {
        process.env.TCS_CREATE_INTENTS_DIR = testsOwn;
      }
    },
  );

  testInLong(
    "refuses, rather than guesses, a create interrupted on a runner that is gone; the commands it writes out recover it",
    async () => {
      const slug = `interrupted-${door}`;
      const name = `interrupted-${door}`;
      const opened = stackOf(door, name);
      const stack = await opened.open(programOf(door, { role: { slug } }));
      // What a run killed between its POST and its state write leaves on a fresh runner: the object, the
      // engine's record of the create it was interrupted in (a pending operation, which `pulumi stack
      // import` would drop, so the file backend's checkpoint is edited in place), and no intent.
      await stack.up();
      const checkpointFile = path.join(opened.scratch.backendDir, ".pulumi", "stacks", "tcs", `${name}.json`);
      const checkpoint = JSON.parse(fs.readFileSync(checkpointFile, "utf8"));
      const deployment = checkpoint.checkpoint.latest;
      const made = deployment.resources.find((r: { urn: string }) => r.urn.endsWith("::triage"));
      deployment.resources = deployment.resources.filter((r: unknown) => r !== made);
      deployment.pending_operations = [{ resource: { ...made, id: "", outputs: {} }, type: "creating" }];
      fs.writeFileSync(checkpointFile, JSON.stringify(checkpoint));
      fs.rmSync(`${checkpointFile}.attrs`, { force: true });
      const before = (await listAll(emulator, "/roles")).filter((r) => r.slug === slug);
      expect(before.map((r) => r.id)).toEqual([made.id]);

      const refused = await attempt((onOutput) => stack.up({ onOutput }));
      expect(refused).toMatch(new RegExp(`interrupted while creating`));
      const claim = door === "native" ? `pulumi import tcs:index:Role triage ${made.id}` : `set adoptId: "${made.id}"`;
      expect(refused).toContain(claim);
      // The engine's record of the interrupted create, and the refresh that drops it, are the docs section's.
      expect(refused).toContain("See docs/adoption.md#not-in-state");
      expect((await listAll(emulator, "/roles")).filter((r) => r.slug === slug)).toEqual(before);

      // The commands as written out; then up plans no change and the role is the one the interrupted run made.
      await stack.refresh({ clearPendingCreates: true });
      if (door === "native") {
        // What `pulumi import` does, as a program states it (no Node language host runs the CLI's import here).
        const imported = await opened.open(async () => {
          new NativeResource(
            "Role",
            "triage",
            { name: "Shared triage", slug, permissions: ["thread_read"] },
            { import: made.id },
          );
        });
        expect((await imported.up()).summary.resourceChanges).toEqual({ import: 1, same: 1 });
        expect((await stack.preview()).changeSummary).toEqual({ same: 2 });
      } else {
        const adopted = await opened.open(programOf(door, { role: { slug, adoptId: made.id } }));
        expect((await adopted.up()).summary.resourceChanges).toEqual({ create: 1, same: 1 });
      }
      expect(
        (await stack.exportStack()).deployment.resources.find((r: { urn: string }) => r.urn.endsWith("::triage"))?.id,
      ).toBe(made.id);
      expect((await listAll(emulator, "/roles")).filter((r) => r.slug === slug).map((r) => r.id)).toEqual([made.id]);
    },
  );
});

function makeScratchFile(name: string): string {
  const scratch = makeScratch(name);
  scratches.push(scratch);
  return scratch.dir;
}
