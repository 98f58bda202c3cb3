// The model of plan and apply (test/model) through the real engine: random sequences of program
// edits and out-of-band changes applied with `pulumi up` (Automation API, inline programs) against
// the emulator, and after every up the same invariants, with `preview --refresh --expect-no-changes`
// as the refresh check, the exported state searched for plaintext settings, and a destroy at the end.
// The stack config holds the model's two connections: the default one (the emulator's development
// environment) and "prod" (its production environment), set as `pulumi config set --path` writes them.
import type { ConfigMap } from "@pulumi/pulumi/automation";
import fc from "fast-check";
import { commandArbitraries, finish, newReal, Up, type Real } from "../model/harness/commands";
import { World } from "../model/harness/world";
import { EngineDeployer } from "../e2e/helpers/engine-deployer";
import { tcsStack, type TcsStack } from "../e2e/helpers/tcs-stack";

const RUNS = Number(process.env.TCS_MODEL_ENGINE_RUNS ?? 20);
/**
 * A sequence is a few real ups, a refresh preview after each, and a destroy: about 25 s alone, and
 * up to twice that while another jest worker runs the engine beside it. The suite's 600 s default
 * is too little for 20 of them (a CI run took over 600 s), so the budget grows with the count.
 */
const TIMEOUT_MS = RUNS * 60_000;

/** The model's named connection, "prod": the emulator's production environment, its key a secret. */
function prodConnection(): ConfigMap {
  return {
    "tcs:connections.prod.baseUrl": { value: world.emulator.url },
    "tcs:connections.prod.apiKey": { value: world.emulator.keys.production.secret, secret: true },
    "tcs:connections.prod.rateLimitTier": { value: "100000/1s" },
  };
}

let world: World;
const stacks: TcsStack[] = [];
beforeAll(async () => {
  world = await World.start();
});
afterAll(async () => {
  for (const stack of stacks) stack.scratch.remove();
  await world.close();
});

test(
  `${RUNS} model sequences through the real engine converge, refresh to no change, and destroy clean`,
  async () => {
    let sequences = 0;
    let ups = 0;
    /** Ups whose program names the "prod" connection somewhere. */
    let upsOnProd = 0;
    const edits = fc.commands(commandArbitraries({ faults: false, realEngine: true }), { maxCommands: 4 });
    await fc.assert(
      // Edits, an up, more edits (out-of-band changes among them), then the final up --refresh and destroy.
      fc.asyncProperty(edits, edits, async (before, after) => {
        await world.reset();
        const env = tcsStack(`model-${++sequences}`, world.emulator, "development", { "tcs:rateLimitTier": "100000/1s" });
        stacks.push(env);
        let connected = false;
        const deployer = new EngineDeployer(async (program) => {
          const stack = await env.open(program);
          if (!connected) await stack.setAllConfig(prodConnection(), true);
          connected = true;
          return stack;
        });
        const up = deployer.up.bind(deployer);
        deployer.up = (program, options) => {
          ups++;
          if (program.some((decl) => decl.args.connection !== undefined)) upsOnProd++;
          return up(program, options);
        };
        const real: Real = newReal(world, deployer);
        await fc.asyncModelRun(() => ({ model: {}, real }), [...before, new Up(false), ...after]);
        await finish(real);
        for (const key of [world.emulator.keys.development.secret, world.emulator.keys.production.secret]) expect(deployer.output.join("")).not.toContain(key);
        env.scratch.remove();
      }),
      // Each sequence is a few real ups: shrinking a failure would take long, so the first one is printed as found.
      { numRuns: RUNS, endOnFailure: true, verbose: 1 },
    );
    process.stdout.write(`[model-engine] ${sequences} sequences, ${ups} ups on the real engine, ${upsOnProd} of them naming the prod connection\n`);
    expect(ups).toBeGreaterThanOrEqual(RUNS * 2);
  },
  TIMEOUT_MS,
);
