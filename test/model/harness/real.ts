// What the model's commands act on (`Real`): the world, the deployer that applies the program, the
// program as the commands edit it, and what they know about the service beside it. And the check
// every clean run ends with.
import type fc from "fast-check";
import { noDuplicateNoOrphan, refreshPlansNothing, serviceMatchesProgram } from "./invariants";
import { declarations, type Program } from "./program";
import { SimEngine, type Deployer, type UpOptions } from "./sim-engine";
import type { World } from "./world";

export interface Real {
  world: World;
  sim: Deployer;
  program: Program;
  /** Objects made out of band (adoption candidates): not orphans. */
  accountedFor: Set<string>;
  /** Something changed out of band since the last refresh: the next up refreshes, as a user who knows would. */
  dirty: boolean;
  /** Bumped whenever a role slot needs a slug no earlier role holds (roles outlive their resources). */
  slugGeneration: number;
  log: string[];
}

export function newReal(world: World, deployer: Deployer = new SimEngine((connection) => world.newContext(connection))): Real {
  return { world, sim: deployer, program: {}, accountedFor: new Set(), dirty: false, slugGeneration: 0, log: [] };
}

export type Model = Record<string, never>;
export type Command = fc.AsyncCommand<Model, Real>;

export const always = () => true;

/** Runs `up` and checks every invariant. An error here is a failure of the provider, not of the test. */
export async function upAndCheck(real: Real, refresh: boolean, options: Omit<UpOptions, "refresh"> = {}): Promise<void> {
  const program = declarations(real.program);
  await real.sim.up(program, { ...options, refresh: refresh || real.dirty });
  real.dirty = false;
  await serviceMatchesProgram(real.world, real.sim, program);
  await noDuplicateNoOrphan(real.world, real.sim, real.accountedFor);
  await refreshPlansNothing(real.sim, program);
}
