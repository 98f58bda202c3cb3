// Loose marked objects (issue 51): a live callback, config or pending setup session carrying a create
// marker that the stack's state does not hold. A marker proves only that project, stack, parent, type,
// name and replace-only values match, so a create that meets one with its own marker must not take it
// over, unless an unfinished create of this very resource on this machine made it: a callback or
// config is refused, naming the object and adoptId (provider/engine/ownership.ts); a session, which
// blocks nothing (the API cannot delete one, so every destroy, move or replacement leaves its session
// pending with the marker), gets a new one made beside it, and the run names it in a warning. The model
// meets them where the service keeps what a stack let go of (a session moved away and back, removed
// and declared again, replaced), where a failed create on a fresh runner left one
// (ChangeAfterFailedCreate), and where a twin stack holds its own (twin-stack.ts). Every up of
// upAndCheck is checked against a snapshot of them taken before it:
//   - a create that succeeded made no callback or config beside a loose one with the same marker, and
//     a session beside one only saying so; it took one over only when adoptId named it or an
//     unfinished create on this machine made it;
//   - a create refused for one names it as "has this resource's marker but is not in state" with
//     adoptId; the model then follows that claim (claimWithAdoptId) and runs the up again.
import { unfinishedCreate } from "../../../provider/engine/create-intents";
import { MARKER_KEY } from "../../../provider/shapes/reserved";
import type { ResourceKind } from "../../../provider/shapes/shape";
import { InvariantViolation, REFUSALS, isAboutValue, refusalText, refusedAs } from "./invariants";
import { KIND_OF, declarations, type Slot } from "./program";
import type { Real } from "./real";
import { looseCounts } from "./world-events";
import { StepError, type Deployer } from "./sim-engine";
import { ENVIRONMENTS, connectionOf, type EnvironmentName, type World } from "./world";

function fail(message: string): never {
  throw new InvariantViolation(message);
}

/** What a create says of a session carrying its marker that no state holds, when it makes a new one beside it (create-path.ts). */
export const SESSION_LEFT_BESIDE =
  "left as it is: it has this resource's create marker but is not in this stack's state";

/** The kinds that carry a create marker. */
export type MarkedKind = "Callback" | "ProviderConfig" | "IntegrationSetupSession";
export const MARKED_KINDS: readonly ResourceKind[] = ["Callback", "ProviderConfig", "IntegrationSetupSession"];

export interface Loose {
  id: string;
  kind: MarkedKind;
  environment: EnvironmentName;
  marker: string;
}

/** The marker in an object's metadata, as the service holds it. */
export function markerIn(metadata: unknown): string | undefined {
  const value =
    metadata && typeof metadata === "object" ? (metadata as Record<string, unknown>)[MARKER_KEY] : undefined;
  return typeof value === "string" ? value : undefined;
}

/**
 * Every live object a create scans for its marker (active callbacks and configs, pending sessions: the
 * provider's bindings, markedIn) that carries a marker, in both environments, by id.
 */
export async function markedObjects(world: World): Promise<Map<string, Loose>> {
  const found = new Map<string, Loose>();
  const add = (kind: MarkedKind, environment: EnvironmentName, items: { id: string; metadata?: unknown }[]) => {
    for (const item of items) {
      const marker = markerIn(item.metadata);
      if (marker !== undefined) found.set(item.id, { id: item.id, kind, environment, marker });
    }
  };
  for (const environment of ENVIRONMENTS) {
    const c = world.operatorIn(environment);
    add("Callback", environment, (await c.callbacks.list({ status: "active", limit: 100 })).items);
    add("ProviderConfig", environment, (await c.providerConfigs.list({ status: "active", limit: 100 })).items);
    add(
      "IntegrationSetupSession",
      environment,
      (await c.integrationSetupSessions.list({ status: "pending", limit: 100 })).items,
    );
  }
  return found;
}

/** What an up is checked against: the loose objects before it, what state held, and the creates this machine left unfinished. */
export interface LooseSnapshot {
  loose: Map<string, Loose>;
  held: Set<string>;
  /** Every object some state of the model had held before (rememberHolders). */
  everHeld: Set<string>;
  /** Markers of loose objects for which an unfinished create of this machine exists (its intent). */
  resumable: Set<string>;
}

/** The loose marked objects of a stack now: marked, live, and not in its state (nor waiting for its delete). */
export async function looseSnapshot(real: Real, sim: Deployer): Promise<LooseSnapshot> {
  const held = new Set([...sim.state.values(), ...sim.pendingDeletes].map((entry) => entry.id));
  const loose = new Map([...(await markedObjects(real.world))].filter(([id]) => !held.has(id)));
  const resumable = new Set(
    [...loose.values()].map((object) => object.marker).filter((marker) => unfinishedCreate(marker) !== undefined),
  );
  return { loose, held, everHeld: new Set(real.heldBy.keys()), resumable };
}

/**
 * After an up that succeeded: each object a create put into state (a callback, config or session not
 * held before) is neither made beside a loose object with its marker (a session only saying so, in
 * `said`, the run's warnings where they are captured) nor one taken over without proof: adoptId names
 * it, or an unfinished create on this machine made it (never an object some state of the model held
 * before: what a stack let go of is not what an interrupted create made).
 */
export async function noneMadeBeside(
  real: Real,
  sim: Deployer,
  before: LooseSnapshot,
  said: readonly string[] | undefined,
): Promise<void> {
  const created = [...sim.state.values()].filter(
    (entry) => MARKED_KINDS.includes(entry.kind) && !before.held.has(entry.id),
  );
  if (created.length === 0) return;
  const now = await markedObjects(real.world);
  for (const entry of created) {
    const adopted = entry.inputs.adoptId === entry.id;
    const loose = before.loose.get(entry.id);
    if (loose) {
      if (adopted) continue;
      if (!before.resumable.has(loose.marker) || before.everHeld.has(entry.id)) {
        fail(
          `${entry.name} took over ${entry.id}, which carries its marker and no state held, with nothing to prove it its own ` +
            `(${before.resumable.has(loose.marker) ? "a stack held it before" : "no unfinished create of it on this machine"})`,
        );
      }
      continue;
    }
    const marker = now.get(entry.id)?.marker;
    if (marker === undefined) continue;
    const environment = real.world.environmentOf(connectionOf(entry.outputs));
    const besides = [...before.loose.values()].filter(
      (o) => o.marker === marker && o.environment === environment && o.kind === entry.kind,
    );
    const beside = besides[0];
    if (beside && entry.kind === "IntegrationSetupSession") {
      // The run names one session it met (the first it found): a loose one, or the one a targeted replace replaces, which the engine does not name to the provider.
      const met = [...now.values()].filter(
        (o) => o.marker === marker && o.environment === environment && o.kind === entry.kind && o.id !== entry.id,
      );
      if (
        said !== undefined &&
        !met.some((o) => said.some((warning) => warning.includes(`${o.id}: ${SESSION_LEFT_BESIDE}`)))
      ) {
        fail(
          `${entry.name}'s create made ${entry.id} beside ${besides.map((o) => o.id).join(", ")}, which carry its marker, without a word: ${JSON.stringify(said)}`,
        );
      }
      looseCounts.sessionsBeside++;
    } else if (beside) {
      fail(
        `${entry.name}'s create made ${entry.id} beside ${beside.id}, which carries the same create marker and which this stack's state does not hold: ` +
          `the create must be refused naming it`,
      );
    }
  }
}

/**
 * A run refused at a create for a loose object it met with its own marker: the slot refused and the
 * object named, once the refusal is checked (its form, adoptId, up --replace's fix, its length) and the
 * object found as it was. Undefined when the failure is anything else (the caller rethrows it).
 */
export async function looseRefusal(
  real: Real,
  error: unknown,
  before: LooseSnapshot,
): Promise<{ slot: Slot; id: string } | undefined> {
  const text = refusalText(error);
  const id = [...before.loose.keys()].find((candidate) => text.includes(REFUSALS.notHeld(candidate)));
  if (id === undefined) return undefined;
  const slot = (error instanceof StepError ? error.resource : real.heldBy.get(id)) as Slot | undefined;
  if (slot === undefined || !(slot in KIND_OF)) return undefined;
  if (error instanceof StepError && error.op !== "create") return undefined;
  const loose = before.loose.get(id)!;
  if (KIND_OF[slot] !== loose.kind) fail(`${slot} (a ${KIND_OF[slot]}) was refused for ${id}, a ${loose.kind}`);
  refusedAs(error, "notHeld", [id], loose.kind);
  // Only an unfinished create's object is taken over: one this machine's intent names would be.
  if (before.resumable.has(loose.marker) && !before.everHeld.has(id))
    fail(`${slot} was refused for ${id}, which an unfinished create of it on this machine made`);
  if (!(await markedObjects(real.world)).has(id))
    fail(`a create refused for ${id} did not leave it as it was (live, carrying its marker)`);
  return { slot, id };
}

/**
 * The claim a refusal names: `adoptId: "<id>"` on the slot. A config that declares `value` is refused
 * at preview beside a new adoptId (the API never returns its settings, so nothing could check them):
 * the model runs that preview's up once, asserting the refusal names value, then leaves value out as
 * it says, and records the settings the config holds (invariant 1 then compares them).
 */
export async function claimWithAdoptId(real: Real, slot: Slot, id: string): Promise<void> {
  const args = real.program[slot]!;
  args.adoptId = id;
  if (KIND_OF[slot] !== "ProviderConfig" || args.value === undefined) return;
  const refused = await real.sim.up(declarations(real.program), { refresh: real.dirty }).then(
    () => undefined,
    (error: unknown) => error,
  );
  if (refused === undefined)
    fail(`${slot} claimed ${id} with adoptId while declaring value, and up accepted a value no read can verify`);
  if (!isAboutValue(refused, /Leave value out to adopt the config as it is/)) throw refused;
  delete args.value;
  real.keptSettings.set(id, await real.world.configSettings(id));
}

/** Records which slot each object in any of the model's states is held by (the markers name the slot that made an object). */
export function rememberHolders(real: Real, sims: readonly Deployer[]): void {
  for (const sim of sims)
    for (const entry of [...sim.state.values(), ...sim.pendingDeletes]) real.heldBy.set(entry.id, entry.name as Slot);
}
