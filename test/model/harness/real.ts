// What the model's commands act on (`Real`): the world, the deployer that applies the program, the
// program as the commands edit it, and what they know about the service beside it: objects it must
// leave alone (another stack's, made by hand), the keys its connections use, and the second stack on
// the account. And the check every clean run ends with.
import type fc from "fast-check";
import { noDuplicateNoOrphan, othersUntouched, refreshPlansNothing, serviceMatchesProgram, type ForeignObject } from "./invariants";
import { declarations, type Program } from "./program";
import { SimEngine, type Deployer, type UpOptions } from "./sim-engine";
import type { ConnectionKey, KeyChoice, World } from "./world";

/** The second stack on the account (another project or stack: its own state and create keys), and its program. */
export interface OtherStack {
  sim: Deployer;
  program: Program;
}

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
  /** Which secret key of its environment each connection uses: the second after a rotation (RotateKey). */
  keys: Record<ConnectionKey, KeyChoice>;
  /** Objects this stack's runs must leave alone, by id: the other stack's, and those made by hand that no adoptId named yet. */
  watched: Map<string, ForeignObject>;
  /** The other stack, once a command used it; `newOther` makes its deployer. */
  other?: OtherStack;
  newOther: () => Deployer;
}

/**
 * A stack on the world: by default the simulation of the engine (project "model", stack "dev"), with
 * a second stack ("other") made on first use; the real engine's deployers otherwise.
 */
export function newReal(world: World, deployer?: Deployer, newOther?: () => Deployer): Real {
  const real: Real = {
    world,
    sim: undefined as unknown as Deployer,
    program: {},
    accountedFor: new Set(),
    dirty: false,
    slugGeneration: 0,
    log: [],
    keys: { default: "secret", prod: "secret" },
    watched: new Map(),
    newOther: newOther ?? (() => new SimEngine((connection) => world.newContext(connection), "model", "other")),
  };
  real.sim = deployer ?? new SimEngine((connection) => world.newContext(connection, real.keys[connection === "prod" ? "prod" : "default"]));
  return real;
}

/** The stacks on the account: this one, and the other one once used. */
export const stacksOf = (real: Real): Deployer[] => (real.other ? [real.sim, real.other.sim] : [real.sim]);

export type Model = Record<string, never>;
export type Command = fc.AsyncCommand<Model, Real>;

export const always = () => true;

/** Runs `up` and checks every invariant. An error here is a failure of the provider, not of the test. */
export async function upAndCheck(real: Real, refresh: boolean, options: Omit<UpOptions, "refresh"> = {}): Promise<void> {
  const program = declarations(real.program);
  await real.sim.up(program, { ...options, refresh: refresh || real.dirty });
  real.dirty = false;
  await serviceMatchesProgram(real.world, real.sim, program);
  await noDuplicateNoOrphan(real.world, stacksOf(real), real.accountedFor);
  await othersUntouched(real.world, real.sim, program, real.watched);
  await refreshPlansNothing(real.sim, program);
}
