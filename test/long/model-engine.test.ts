// The model of plan and apply (test/model) through the real engine, through each of the provider's
// two doors: random sequences of program edits and out-of-band changes applied with `pulumi up`
// (Automation API, inline programs) against the emulator, and after every up the same invariants,
// with `preview --refresh --expect-no-changes` as the refresh check, the exported state searched for
// plaintext settings and API keys, and a destroy at the end. This file runs the dynamic door;
// model-engine-native.test.ts runs the same tests through the native door.
// The model's two connections are the default one (the emulator's development environment, the
// stack's `tcs:*` config) and "prod" (its production environment), reached on each door its own way:
//   - dynamic: the resource classes of pulumi-tcs, "prod" a named connection in the stack config as
//     `pulumi config set --path` writes it (`tcs:connections.prod.apiKey` a secret), named by the
//     `connection` input;
//   - native: `tcs:index:<Kind>` resources served by the plugin pulumi-resource-tcs, "prod" an
//     explicit provider resource holding the production settings, passed as the `provider` option.
import type { ConfigMap, Stack } from "@pulumi/pulumi/automation";
import fc from "fast-check";
import { commandArbitraries, finish, newReal, Up, type Real } from "../model/harness/commands";
import { CONFIG_SOURCES, configArgs, ref } from "../model/harness/program";
import { upAndCheck } from "../model/harness/real";
import { REPLACE_ON_CHANGES_INPUT } from "../../provider/shapes/reserved";
import { ENVIRONMENTS, World } from "../model/harness/world";
import { HandMadeCollision } from "../model/harness/by-hand";
import { InvariantViolation } from "../model/harness/invariants";
import { OtherStackClaims, OtherStackDeclares } from "../model/harness/other-stack";
import { always, type Command, type Model } from "../model/harness/real";
import { RotateKey, apiKeysOf } from "../model/harness/rotation";
import { CallbackRenamedUnderReplaceOnChanges, RoleKeepsSlugUnderReplaceOnChanges } from "../model/harness/unique-keys";
import { worldEventCounts } from "../model/harness/world-events";
import { connectionOf } from "../model/harness/world";
import { EngineDeployer } from "../e2e/helpers/engine-deployer";
import { dynamicDoor, nativeDoor } from "../e2e/helpers/deployer-doors";
import { nativePlugins } from "../e2e/helpers/native-resources";
import { tcsStack } from "../e2e/helpers/tcs-stack";
import { makeScratch, type Scratch } from "../e2e/helpers/workspace";
import { openStack } from "../lib/engine";
import { modelEngineDoor } from "./helpers/model-engine-door";

/**
 * Random sequences per door: 10, so the two doors together run the 20 the suite ran on the dynamic
 * door alone (a native sequence takes no longer than a dynamic one: 29 s against 39 s on average in
 * one run of 10 each on a loaded 2-core machine).
 */
const RUNS = Number(process.env.TCS_MODEL_ENGINE_RUNS ?? 10);
/**
 * A sequence is a few real ups, a refresh preview after each, and a destroy: about 25 s alone, and
 * up to twice that while another jest worker runs the engine beside it. The suite's 600 s default
 * is too little for 20 of them (a CI run took over 600 s), so the budget grows with the count.
 */
const TIMEOUT_MS = RUNS * 60_000;
/** Replays one sequence fast-check printed (its seed and path): `TCS_MODEL_ENGINE_RUNS=1 TCS_MODEL_ENGINE_SEED=113 TCS_MODEL_ENGINE_PATH=0 ... -t native`. */
const REPLAY = process.env.TCS_MODEL_ENGINE_SEED
  ? { seed: Number(process.env.TCS_MODEL_ENGINE_SEED), path: process.env.TCS_MODEL_ENGINE_PATH }
  : {};

/** The emulator's production environment: the "prod" connection's settings. */
const prodSettings = () => ({
  apiKey: world.emulator.keys.production.secret,
  baseUrl: world.emulator.url,
  rateLimitTier: "100000/1s",
});

interface Door {
  name: "dynamic" | "native";
  /** A fresh stack for one sequence, and the deployer that applies the model's programs to it. */
  deployerFor(stackName: string): { deployer: EngineDeployer; scratch: Scratch };
}

/** Once per stack, on first open: the settings of the "prod" connection (the dynamic door's named connection). */
function withConfigOnce(
  open: (program: () => Promise<void>) => Promise<Stack>,
  config: ConfigMap,
): (program: () => Promise<void>) => Promise<Stack> {
  let set = false;
  return async (program) => {
    const stack = await open(program);
    if (!set) await stack.setAllConfig(config, true);
    set = true;
    return stack;
  };
}

const DOORS: Door[] = [
  {
    name: "dynamic",
    deployerFor(stackName) {
      const env = tcsStack(stackName, world.emulator, "development", { "tcs:rateLimitTier": "100000/1s" });
      const prod = prodSettings();
      const open = withConfigOnce(env.open, {
        "tcs:connections.prod.baseUrl": { value: prod.baseUrl },
        "tcs:connections.prod.apiKey": { value: prod.apiKey, secret: true },
        "tcs:connections.prod.rateLimitTier": { value: prod.rateLimitTier },
      });
      return { deployer: new EngineDeployer(open, dynamicDoor, { apiKeys: apiKeys() }), scratch: env.scratch };
    },
  },
  {
    name: "native",
    deployerFor(stackName) {
      const scratch = makeScratch(stackName);
      const open = (program: () => Promise<void>) =>
        openStack({
          program,
          workDir: scratch.dir,
          stackName,
          backendDir: scratch.backendDir,
          plugins: nativePlugins,
          // The default provider's settings: the development environment.
          config: {
            "tcs:apiKey": { value: world.emulator.keys.development.secret, secret: true },
            "tcs:baseUrl": { value: world.emulator.url },
            "tcs:rateLimitTier": { value: "100000/1s" },
          },
        });
      return { deployer: new EngineDeployer(open, nativeDoor(prodSettings()), { apiKeys: apiKeys() }), scratch };
    },
  },
];

/** Every key of the emulator's environments (the second ones are what a rotation sets): none may show in state or output. */
const apiKeys = () =>
  ENVIRONMENTS.flatMap((environment) => [
    world.emulator.keys[environment].secret,
    world.emulator.keys[environment].secondSecret,
  ]);

/**
 * One fixed sequence for what the random ones seldom reach on the real engine, where the doors differ
 * most. Few random sequences edit a resource already applied (each has about four commands over ten
 * slots): 20 native ones once ran 50 ups with not one update, replacement or move. Here every step is
 * a program edit, then an up and the invariants, and the sequence ends as the random ones do:
 *   1. a group on the default connection (callback with `replaceOnChanges: ["name"]`, config,
 *      instance, role, session), a callback with `replaceOnChanges: ["*"]`, a role declared on both
 *      connections with one slug, and a config made in production adopted there;
 *   2. the group moved to "prod", its callback renamed as it goes; the other callback's description
 *      changed (replaced, by the option); the role renamed in place; adoptId removed from the config;
 *   3. the group moved back, the production role let go of and the adopted config removed: nothing is
 *      left on "prod" (on the native door, the explicit provider goes too). The session made back in
 *      development meets the one step 2 let go of there (the API cannot delete sessions), carrying its
 *      create marker: it blocks nothing (issue 51), and the run names it in a warning.
 * On the native door a move is a change of the resource's provider, which Pulumi's engine (v3.259,
 * step_generator.go providerChanged) replaces only when the new provider's DiffConfig says so;
 * `replaceOnChanges` is applied by the engine from the provider's detailed diff instead of by the
 * provider from an input.
 */
const FIXED_SEQUENCE: Array<(real: Real) => Promise<void>> = [
  async (real) => {
    const { catalog } = real.world;
    const github = catalog.providers.github.id;
    const [onGithub, other] = [
      catalog.integrationProviders.find((p) => p.providerId === github)!,
      catalog.integrationProviders.find((p) => p.providerId !== github)!,
    ];
    const adopted = await real.world.operatorOf("prod").providerConfigs.create({
      providerId: github,
      value: { base_url: "https://api.github.com", timeout_seconds: 5 },
      name: "external",
    });
    real.accountedFor.add(adopted.id);
    real.program = {
      cbA: { integrationProviderId: onGithub.id, name: "events", [REPLACE_ON_CHANGES_INPUT]: ["name"] },
      cbB: { integrationProviderId: other.id, name: "other events", [REPLACE_ON_CHANGES_INPUT]: ["*"] },
      pcA: configArgs(catalog, CONFIG_SOURCES[0], { filters: 1, name: 1, description: 2, metadata: 2 }),
      pcB: { adoptId: adopted.id, providerId: github, name: "external", connection: "prod" },
      instA: { callbackId: ref("cbA"), providerConfigId: ref("pcA") },
      roleA: { name: "Triage", slug: "triage", permissions: ["thread_read"] },
      roleB: { name: "Triage", slug: "triage", permissions: ["thread_read", "message_read"], connection: "prod" },
      sessA: { integrationId: catalog.integrations[0], name: "Setup" },
    };
  },
  async (real) => {
    const p = real.program;
    fixedSequenceSeen.letGoSession = real.sim.state.get("sessA")!.id;
    for (const slot of ["cbA", "pcA", "instA", "sessA"] as const) p[slot]!.connection = "prod";
    p.cbA!.name = "events (moved)";
    p.cbB!.description = "managed by pulumi";
    p.roleA!.name = "Triage (renamed)";
    delete p.pcB!.adoptId;
  },
  async (real) => {
    const p = real.program;
    for (const slot of ["cbA", "pcA", "instA", "sessA"] as const) delete p[slot]!.connection;
    delete p.roleB;
    delete p.pcB;
  },
];

/** What the fixed sequence's steps saw: the development session step 2 lets go of. */
const fixedSequenceSeen = { letGoSession: "" };

/**
 * The native door's explicit provider "prod" given the development environment's key (issue 45,
 * failure 3): the provider now reaches another environment, so every resource of it must be replaced,
 * made in development and deleted from production (a role, which the API cannot delete, let go of
 * there), shown at preview; nothing may be left active and unmanaged in production (the invariants
 * look for orphans in every environment, and no connection reaches production any more).
 */
class ProdProviderToDevelopment implements Command {
  check = always;
  async run(_m: Model, real: Real) {
    await upAndCheck(real, false);
    const before = [...real.sim.state.values()].filter((entry) => connectionOf(entry.outputs) === "prod");
    if (before.length === 0) throw new Error("model bug: nothing on the prod provider to move");
    real.world.reach.prod = "development";
    real.keys.prod = "secret";
    real.sim.useApiKeys!(apiKeysOf(real));
    await upAndCheck(real, false);
    for (const old of before) {
      if (real.sim.state.get(old.name)?.id === old.id)
        throw new InvariantViolation(
          `${old.name} kept ${old.id}, an object of production, under a provider now reaching development`,
        );
    }
  }
  toString = () =>
    `the explicit provider "prod" given the development environment's key, then up (everything of it replaced)`;
}

/**
 * The real world (issue 45) on the real engine, one fixed sequence per door, through the model's own
 * commands (the random sequences, at four commands, would seldom reach them): after a group on each
 * connection is applied, another stack on the account makes a callback of its own, then declares the
 * slug of this stack's role and the key of its instance (both refused naming the object and the claim:
 * adoptId on the dynamic door, pulumi import on the native one; this stack's objects as they were); a
 * role made by hand in production is declared (refused), then adopted with adoptId, which both doors
 * take; the "prod" key is rotated within production (nothing replaced); a role
 * replaced by replaceOnChanges keeping its slug is refused at preview, and a callback renamed under
 * replaceOnChanges replaced on its integration provider. On the native door, the explicit provider
 * "prod" then moves to the development environment's key. The sequence ends as the others do, the
 * other stack destroyed too.
 */
function realWorldSequence(door: Door["name"]): Command[] {
  return [
    new OtherStackDeclares("cbA", 1, undefined, false),
    new OtherStackClaims("Role", 0),
    new OtherStackClaims("CallbackInstance", 0),
    new HandMadeCollision("Role", 0, "prod"),
    new RotateKey("prod"),
    new RoleKeepsSlugUnderReplaceOnChanges("roleA", 0),
    new CallbackRenamedUnderReplaceOnChanges("cbA", 0),
    ...(door === "native" ? [new ProdProviderToDevelopment()] : []),
  ];
}

let world: World;
const scratches: Scratch[] = [];
beforeAll(async () => {
  world = await World.start();
});
afterAll(async () => {
  for (const scratch of scratches) scratch.remove();
  await world.close();
});

describe.each(DOORS.filter((door) => door.name === modelEngineDoor()))("the $name door", (door) => {
  test(
    `${RUNS} model sequences through the real engine converge, refresh to no change, and destroy clean`,
    async () => {
      const started = performance.now();
      let sequences = 0;
      let ups = 0;
      /** Ups whose program names the "prod" connection somewhere. */
      let upsOnProd = 0;
      /** The engine's steps over all the sequences' ups (the stack resource's own counted among the unchanged). */
      const steps: Record<string, number> = {};
      const edits = fc.commands(commandArbitraries({ faults: false, realEngine: true }), { maxCommands: 4 });
      await fc.assert(
        // Edits, an up, more edits (out-of-band changes among them), then the final up --refresh and destroy.
        fc.asyncProperty(edits, edits, async (before, after) => {
          await world.reset();
          const { deployer, scratch } = door.deployerFor(`model-${door.name}-${++sequences}`);
          scratches.push(scratch);
          const up = deployer.up.bind(deployer);
          deployer.up = (program, options) => {
            ups++;
            if (program.some((decl) => decl.args.connection !== undefined)) upsOnProd++;
            return up(program, options);
          };
          const real: Real = newReal(world, deployer);
          await fc.asyncModelRun(() => ({ model: {}, real }), [...before, new Up(false), ...after]);
          await finish(real);
          for (const key of apiKeys()) expect(deployer.output.join("")).not.toContain(key);
          for (const [op, n] of Object.entries(deployer.steps)) steps[op] = (steps[op] ?? 0) + n;
          scratch.remove();
        }),
        // Each sequence is a few real ups: shrinking a failure would take long, so the first one is printed as found.
        { numRuns: RUNS, endOnFailure: true, verbose: 1, ...REPLAY },
      );
      // Not Date.now: that is the world's clock, which the model moves ahead.
      const seconds = Math.round((performance.now() - started) / 1000);
      process.stdout.write(
        `[model-engine] ${door.name} door: ${sequences} sequences, ${ups} ups on the real engine, ${upsOnProd} of them naming the prod connection, in ${seconds} s; steps: ${JSON.stringify(steps)}\n`,
      );
      expect(ups).toBeGreaterThanOrEqual(RUNS * 2);
    },
    TIMEOUT_MS,
  );

  test("a fixed sequence of moves between the environments, replacements by replaceOnChanges, and adoption converges", async () => {
    await world.reset();
    const { deployer, scratch } = door.deployerFor(`model-${door.name}-fixed`);
    scratches.push(scratch);
    const real = newReal(world, deployer);
    for (const edit of FIXED_SEQUENCE) {
      await edit(real);
      await upAndCheck(real, false);
    }
    await finish(real);
    for (const key of apiKeys()) expect(deployer.output.join("")).not.toContain(key);
    expect(deployer.output.join("")).toContain(
      `${fixedSequenceSeen.letGoSession}: left as it is: it has this resource's create marker but is not in this stack's state`,
    );
    process.stdout.write(
      `[model-engine] ${door.name} door, the fixed sequence: steps ${JSON.stringify(deployer.steps)}\n`,
    );
    // Two moves of four resources, and one replacement by the option alone: each a replacement on either door.
    expect(deployer.steps.replace).toBeGreaterThanOrEqual(9);
    scratch.remove();
  });

  test(
    "the real world: another stack on the account, an object made by hand, a rotated key, replaceOnChanges on unique keys" +
      (door.name === "native" ? ", the explicit provider moved to another environment" : ""),
    async () => {
      await world.reset();
      const { deployer, scratch } = door.deployerFor(`model-${door.name}-world`);
      scratches.push(scratch);
      const real = newReal(world, deployer, () => {
        const other = door.deployerFor(`model-${door.name}-world-other`);
        scratches.push(other.scratch);
        return other.deployer;
      });
      const { catalog } = world;
      const [github, slack] = [catalog.providers.github.id, catalog.providers.slack.id].map(
        (id) => catalog.integrationProviders.find((p) => p.providerId === id)!.id,
      );
      real.program = {
        cbA: { integrationProviderId: github, name: "events" },
        pcA: configArgs(catalog, CONFIG_SOURCES[0], { filters: 1, name: 1, description: 2, metadata: 2 }),
        instA: { callbackId: ref("cbA"), providerConfigId: ref("pcA") },
        roleA: { name: "Triage", slug: "triage", permissions: ["thread_read"] },
        cbB: { integrationProviderId: slack, name: "chat events", connection: "prod" },
        pcB: {
          ...configArgs(catalog, CONFIG_SOURCES[5], { filters: 0, name: 0, description: 0, metadata: 0 }),
          connection: "prod",
        },
        instB: { callbackId: ref("cbB"), providerConfigId: ref("pcB"), connection: "prod" },
      };
      await upAndCheck(real, false);
      const before = { ...worldEventCounts };
      for (const command of realWorldSequence(door.name)) {
        process.stdout.write(`[model-engine] ${door.name} door, the real world: ${command.toString()}\n`);
        await command.run({}, real);
      }
      await finish(real);
      for (const key of apiKeys())
        expect([...deployer.output, ...(real.other?.sim as EngineDeployer).output].join("")).not.toContain(key);
      // Each command did what it tests (a command whose precondition failed returns without counting).
      const happened = Object.fromEntries(
        Object.entries(worldEventCounts).map(([event, n]) => [event, n - before[event as keyof typeof before]]),
      );
      process.stdout.write(
        `[model-engine] ${door.name} door, the real world: events ${JSON.stringify(happened)}; steps ${JSON.stringify(deployer.steps)}\n`,
      );
      expect(happened).toMatchObject({
        otherStackRuns: 1,
        otherStackRefused: 2,
        handMadeRefused: 1,
        handMadeAdopted: 1,
        keysRotated: 1,
        roleKeptSlugRefused: 1,
        callbackReplacedOnName: 1,
      });
    },
    20 * 60_000,
  );
});
