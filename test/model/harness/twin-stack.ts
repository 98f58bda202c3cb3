// A twin stack (issue 51, failure 1): the same project and stack name as this stack ("model", "dev"),
// its own state (another backend: a laptop's local backend beside CI's, a copied repository), the
// same keys, declaring the same program. Its creates write this stack's create markers, so a marker
// cannot tell its objects from this stack's; before issue 51 its up deleted this stack's callbacks and
// configs and made them anew. Now its up must be refused for every object of this stack it meets (by
// marker, or by collision on a natural key), make only objects of its own where nothing is met (a
// config this stack made under a key rotated since; a session, which blocks nothing), and never
// delete, detach or modify this stack's objects; this stack's refresh then plans nothing. The twin
// is then destroyed (its own objects go, this stack's stay), as a user who found the twin would.
import {
  InvariantViolation,
  noDuplicateNoOrphan,
  othersUntouched,
  refreshPlansNothing,
  refusedAs,
  type ForeignObject,
  type RefusalForm,
} from "./invariants";
import { looseSnapshot, markedObjects, noneMadeBeside, rememberHolders } from "./loose";
import { createRefusal, markerNow } from "./one-object-commands";
import { watchedByOther } from "./other-stack";
import { KIND_OF, declarations, normalize, type Program, type Slot } from "./program";
import { always, stacksOf, upAndCheck, type Command, type Model, type Real } from "./real";
import { RunErrors, type Deployer } from "./sim-engine";
import { warningMark, warningsCaptured, warningsSince } from "./warnings";
import { worldEventCounts } from "./world-events";
import { connectionOf } from "./world";

function fail(message: string): never {
  throw new InvariantViolation(message);
}

/**
 * The twin's program: this stack's, but the declarations that name an object with adoptId (a claim
 * on an object by id: a twin copying it would adopt this stack's object, which no marker can warn
 * about; the model leaves that out, docs/model-testing.md), those a create of which preview refuses
 * (a config without settings, a session whose declared expiry has passed: refused before anything,
 * whoever runs them), and the instances that refer to them.
 */
function twinProgram(real: Real): Program {
  const program: Program = {};
  for (const [slot, args] of Object.entries(real.program) as [Slot, Record<string, unknown>][]) {
    if (args.adoptId === undefined && !createRefusal(real, slot)) program[slot] = structuredClone(args);
  }
  normalize(real.world.catalog, program);
  return program;
}

/** How the twin's create of a slot meets this stack's object there: refused as `form` naming one of `ids`, or made its own (undefined). */
interface Meeting {
  form: RefusalForm;
  ids: string[];
}

export class TwinStackUp implements Command {
  check = always;
  async run(_m: Model, real: Real) {
    if (!real.newTwin || !warningsCaptured()) return;
    await upAndCheck(real, false);
    const program = twinProgram(real);
    if (Object.keys(program).length === 0) return;
    const twin = real.newTwin();
    const meetings = await this.meetingsOf(real, program);
    const recorded = JSON.stringify([...real.sim.state.values()]);
    // What the twin must leave alone: this stack's objects, those made by hand, the other stack's.
    const watched: Map<string, ForeignObject> = await watchedByOther(real);
    for (const [id, object] of real.watched) watched.set(id, object);
    const before = await looseSnapshot(real, twin);
    const mark = warningMark();
    const failure = await twin.up(declarations(program), { continueOnError: true }).then(
      () => undefined,
      (error: unknown) => error,
    );
    rememberHolders(real, [twin]);
    if (failure !== undefined && !(failure instanceof RunErrors)) throw failure;
    const failures = failure?.errors ?? [];
    const skipped = failure?.skipped ?? [];
    for (const [slot, meeting] of meetings) {
      const refused = failures.find((error) => error.resource === slot);
      if (skipped.includes(slot)) continue;
      if (meeting === undefined) {
        if (refused) throw refused;
        continue;
      }
      if (!refused)
        fail(
          `the twin stack's ${slot} went through although it meets ${meeting.ids.join(" or ")} of this stack: it holds ${twin.state.get(slot)?.id}`,
        );
      if (refused.op !== "create") throw refused;
      refusedAs(refused, meeting.form, meeting.ids, KIND_OF[slot]);
    }
    // An instance refers to this stack's callback, always met: its step never runs.
    for (const slot of Object.keys(program) as Slot[]) {
      if (KIND_OF[slot] === "CallbackInstance" && !skipped.includes(slot))
        fail(`the twin stack's ${slot} ran although its callback was refused`);
    }
    const said = warningsSince(mark);
    await noneMadeBeside(real, twin, before, said);
    await othersUntouched(real.world, twin, declarations(program), watched);
    if (JSON.stringify([...real.sim.state.values()]) !== recorded)
      fail(`a run of the twin stack changed this stack's state`);
    await noDuplicateNoOrphan(real.world, [...stacksOf(real), twin], real.accountedFor);
    await refreshPlansNothing(real.sim, declarations(real.program));
    await this.destroy(real, twin, watched);
    if (failures.length > 0) worldEventCounts.twinStackRefused++;
  }

  /**
   * For each slot of the twin's program, what its create meets, from this stack's state and the
   * markers live objects carry (the twin's creates write this stack's markers: the same create keys
   * and API keys): a role or an instance collides with this stack's, exactly as declared; a callback
   * with this stack's, by its marker or on its integration provider; a config carrying the marker is
   * met, one carrying another is not; a session is never refused.
   */
  private async meetingsOf(real: Real, program: Program): Promise<Map<Slot, Meeting | undefined>> {
    const meetings = new Map<Slot, Meeting | undefined>();
    const marked = await markedObjects(real.world);
    for (const slot of Object.keys(program) as Slot[]) {
      const kind = KIND_OF[slot];
      const entry = real.sim.state.get(slot)!;
      if (kind === "Role" || kind === "CallbackInstance") {
        meetings.set(slot, { form: "unproven", ids: [entry.id] });
        continue;
      }
      if (kind === "IntegrationSetupSession") {
        meetings.set(slot, undefined);
        continue;
      }
      const marker = markerNow(real, slot);
      const environment = real.world.environmentOf(connectionOf(entry.outputs));
      const carrying = [...marked.values()]
        .filter((o) => o.marker === marker && o.kind === kind && o.environment === environment)
        .map((o) => o.id);
      if (carrying.length > 0) meetings.set(slot, { form: "notHeld", ids: carrying });
      else meetings.set(slot, kind === "Callback" ? { form: "collision", ids: [entry.id] } : undefined);
    }
    return meetings;
  }

  /** The twin destroyed: its own objects go (a session let go of, left to expire), this stack's stay as they are. */
  private async destroy(real: Real, twin: Deployer, watched: Map<string, ForeignObject>): Promise<void> {
    await twin.destroy();
    await othersUntouched(real.world, twin, [], watched);
    if (twin.state.size > 0) fail(`destroying the twin stack left ${twin.state.size} resources in its state`);
    // What the twin let go of stays pending until it expires: no stack's, and said so when it was made beside one of this stack's.
    for (const id of twin.released) real.accountedFor.add(id);
    await noDuplicateNoOrphan(real.world, stacksOf(real), real.accountedFor);
  }
  toString = () =>
    "a twin stack (same project and stack name, another backend) runs up of this stack's program (must be refused; then destroyed)";
}
