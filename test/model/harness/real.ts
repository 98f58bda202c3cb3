// What the model's commands act on (`Real`): the world, the deployer that applies the program, the
// program as the commands edit it, and what they know about the service beside it: objects it must
// leave alone (another stack's, made by hand), the keys its connections use, the second stack on
// the account, and the twin stack. And the check every clean run ends with.
import type fc from "fast-check";
import {
  noDuplicateNoOrphan,
  othersUntouched,
  refreshPlansNothing,
  serviceMatchesProgram,
  type ForeignObject,
} from "./invariants";
import { claimWithAdoptId, looseRefusal, looseSnapshot, noneMadeBeside, rememberHolders } from "./loose";
import { declarations, type Program, type Slot } from "./program";
import { SimEngine, type Deployer, type UpOptions } from "./sim-engine";
import { warningMark, warningsCaptured, warningsSince } from "./warnings";
import { looseCounts } from "./world-events";
import type { ConnectionKey, KeyChoice, World } from "./world";

/** The second stack on the account (another project or stack: its own state and create keys), and its program. */
export interface OtherStack {
  sim: Deployer;
  program: Program;
  /**
   * Its slots whose object it handed over to this stack (AdoptFromOtherStack): declared again under the
   * same name, its create would meet the object, still carrying its marker, and be refused.
   */
  handedOver?: Set<string>;
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
  /**
   * A twin stack's deployer: the same project and stack name, its own state (another backend), the
   * connections' keys as this stack's config holds them now (twin-stack.ts). Only where the deployer is
   * the simulation.
   */
  newTwin?: () => Deployer;
  /** Which slot held each object any of the model's states has held (rememberHolders): a marker names the slot that made an object. */
  heldBy: Map<string, Slot>;
  /** Settings of configs claimed with adoptId without their `value`, as they held them then (claimWithAdoptId). */
  keptSettings: Map<string, Record<string, unknown>>;
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
    heldBy: new Map(),
    keptSettings: new Map(),
  };
  const withKeys = () =>
    new SimEngine((connection) => world.newContext(connection, real.keys[connection === "prod" ? "prod" : "default"]));
  real.sim = deployer ?? withKeys();
  // Project "model", stack "dev" both: the twin's resources get this stack's create keys, so its creates write this stack's markers.
  if (!deployer) real.newTwin = withKeys;
  return real;
}

/** The stacks on the account: this one, and the other one once used (a twin lives only within its command). */
export const stacksOf = (real: Real): Deployer[] => (real.other ? [real.sim, real.other.sim] : [real.sim]);

export type Model = Record<string, never>;
export type Command = fc.AsyncCommand<Model, Real>;

export const always = () => true;

/** The most loose objects one up may be refused for in a row before it converges (a callback or config slot each: loose.ts). */
const MAX_CLAIMS = 4;

/**
 * Runs `up` and checks every invariant. An error here is a failure of the provider, not of the test,
 * but for one: a create refused for a loose object carrying its marker (loose.ts), which the user
 * claims as the refusal says (adoptId) before the up runs again.
 */
export async function upAndCheck(
  real: Real,
  refresh: boolean,
  options: Omit<UpOptions, "refresh"> = {},
): Promise<void> {
  let program = declarations(real.program);
  const claimed: Slot[] = [];
  for (;;) {
    rememberHolders(real, stacksOf(real));
    const before = await looseSnapshot(real, real.sim);
    const mark = warningMark();
    const failure = await real.sim.up(program, { ...options, refresh: refresh || real.dirty }).then(
      () => undefined,
      (error: unknown) => error,
    );
    rememberHolders(real, stacksOf(real));
    if (failure === undefined) {
      real.dirty = false;
      await noneMadeBeside(real, real.sim, before, warningsCaptured() ? warningsSince(mark) : undefined);
      break;
    }
    const loose = await looseRefusal(real, failure, before);
    if (!loose || claimed.length >= MAX_CLAIMS) throw failure;
    real.log.push(
      `  (refused for ${loose.id}, which no state holds and which carries ${loose.slot}'s marker: claimed with adoptId)`,
    );
    await claimWithAdoptId(real, loose.slot, loose.id);
    claimed.push(loose.slot);
    looseCounts.claimed++;
    program = declarations(real.program);
  }
  await serviceMatchesProgram(real.world, real.sim, program, real.keptSettings);
  await noDuplicateNoOrphan(real.world, stacksOf(real), real.accountedFor);
  await othersUntouched(real.world, real.sim, program, real.watched);
  await refreshPlansNothing(real.sim, program);
  if (claimed.length === 0) return;
  // Removed whenever the user likes (docs/adoption.md); here at once, with the up that marks what was
  // claimed as this resource's (a PATCH each), so that the next command's up writes only its own change.
  for (const slot of claimed) delete real.program[slot]?.adoptId;
  await upAndCheck(real, false);
}
