// Plan and apply, checked by properties over random sequences of program edits, out-of-band changes
// and faults, run through the provider's own check/diff/create/read/update/delete against the
// emulator in this process (harness/). After every up: the service holds exactly what the program
// declares, state agrees with it, a refresh plans nothing, and nothing is duplicated or orphaned.
//
//   npm test                   1,000 sequences (TCS_MODEL_RUNS to change)
//   npm run test:deep          20,000 sequences
//   TCS_MODEL_SEED=<seed> TCS_MODEL_PATH=<path> npm run test:model   replays a failure as printed
import fc from "fast-check";
import { commandArbitraries, finish, newReal, type Real } from "./harness/commands";
import { stepCounts } from "./harness/sim-engine";
import { World } from "./harness/world";

const RUNS = Number(process.env.TCS_MODEL_RUNS ?? 1000);
const SEED = process.env.TCS_MODEL_SEED === undefined ? undefined : Number(process.env.TCS_MODEL_SEED);
const PATH = process.env.TCS_MODEL_PATH;

let world: World;
beforeAll(async () => {
  world = await World.start();
});
afterAll(() => world.close());

async function sequence(cmds: Iterable<fc.AsyncCommand<Record<string, never>, Real>>): Promise<void> {
  await world.reset();
  const real = newReal(world);
  await fc.asyncModelRun(() => ({ model: {}, real }), cmds);
  await finish(real);
}

test(`${RUNS} random sequences of edits, out-of-band changes and faults keep plan and apply exact`, async () => {
  const started = Date.now();
  await fc.assert(
    fc.asyncProperty(fc.commands(commandArbitraries({ faults: true }), { maxCommands: 30, size: "medium" }), (cmds) => sequence(cmds)),
    { numRuns: RUNS, seed: SEED, path: PATH, endOnFailure: PATH === undefined ? false : true, verbose: 1 },
  );
  // The figure docs/model-testing.md quotes.
  process.stdout.write(`[model] ${RUNS} sequences in ${((Date.now() - started) / 1000).toFixed(1)} s; steps: ${JSON.stringify(stepCounts)}\n`);
  // A run that never replaced, updated or failed anything proved little.
  expect(Math.min(stepCounts.create, stepCounts.update, stepCounts.replace, stepCounts.delete, stepCounts.refused)).toBeGreaterThan(RUNS / 50);
}, 30 * 60_000);
