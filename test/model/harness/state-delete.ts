// `pulumi state delete <urn> --target-dependents` between runs (issue 51, failure 2): the resource and
// those that refer to it leave state, and their objects stay live. Before issue 51 the next up deleted
// such a callback or config and made it anew (an instance's webhook URL gone with it). Now it must
// leave each object as it is: a create that meets one is refused naming it and adoptId (a callback or
// config by its marker, or a callback by its integration provider when its marker is another key's; a
// role or an instance as declared), with nothing written, and the claim the refusal names converges
// on the very same objects. A session blocks nothing: the next up makes a new one beside it, saying
// so. What the next up would not meet (a config marked under a key rotated since: docs/adoption.md
// "A refusal needs an object to meet") the user claims before it, as the docs say.
import { InvariantViolation, nothingWritten, refusedAs, stillLive, type RefusalForm } from "./invariants";
import { SESSION_LEFT_BESIDE, claimWithAdoptId, markedObjects } from "./loose";
import { createRefusal, markerOfInputs } from "./one-object-commands";
import { KIND_OF, declarations, type Slot } from "./program";
import { always, upAndCheck, type Command, type Model, type Real } from "./real";
import { StepError, type StateEntry } from "./sim-engine";
import { warningMark, warningsCaptured, warningsSince } from "./warnings";
import { worldEventCounts } from "./world-events";

function fail(message: string): never {
  throw new InvariantViolation(message);
}

/** What the next up does with a dropped object: refused as `form`; adopted again (adoptId names it); claimed first; or left beside a new one (a session). */
type Expected = { refused: RefusalForm } | { adoptedAgain: true } | { claimFirst: true } | { beside: boolean };

export class StateDeleteThenUp implements Command {
  constructor(readonly slot: Slot) {}
  check = always;
  async run(_m: Model, real: Real) {
    if (!real.sim.stateDelete || !warningsCaptured() || !real.program[this.slot]) return;
    await upAndCheck(real, false);
    // A declaration a create of which is refused at check (a config without settings, an expiry past) never reaches the object.
    if (createRefusal(real, this.slot)) return;
    const dropped = real.sim.stateDelete(this.slot);
    if (dropped.length === 0) return;
    real.log.push(`  (state delete: ${dropped.map((entry) => `${entry.name} ${entry.id}`).join(", ")})`);
    for (const entry of dropped)
      if (!(await stillLive(real.world, entry)))
        fail(`pulumi state delete of ${entry.name} removed ${entry.id} from the service`);
    const expected = new Map<string, Expected>();
    for (const entry of dropped) expected.set(entry.id, await this.expectation(real, entry));

    for (const entry of dropped)
      if ("claimFirst" in expected.get(entry.id)!) await claimWithAdoptId(real, entry.name as Slot, entry.id);
    // A session left beside a new one stays pending until it expires: accounted for before the up that must leave it.
    for (const entry of dropped) if ("beside" in expected.get(entry.id)!) real.accountedFor.add(entry.id);
    const refusedFor = new Set<string>();
    const mark = warningMark();
    for (;;) {
      await real.world.resetRequestCounts();
      const failure = await real.sim.up(declarations(real.program)).then(
        () => undefined,
        (error: unknown) => error,
      );
      if (failure === undefined) break;
      if (!(failure instanceof StepError) || failure.op !== "create") throw failure;
      const entry = dropped.find((e) => e.name === failure.resource);
      const expectation = entry && expected.get(entry.id);
      if (!entry || !expectation || !("refused" in expectation) || refusedFor.has(entry.id)) throw failure;
      refusedAs(failure, expectation.refused, [entry.id], entry.kind);
      nothingWritten(
        await real.world.writesCounted(),
        expectation.refused,
        `an up refused for ${entry.id} after its state delete`,
      );
      refusedFor.add(entry.id);
      await claimWithAdoptId(real, entry.name as Slot, entry.id);
    }
    await upAndCheck(real, false);
    const said = warningsSince(mark);
    for (const entry of dropped) {
      const expectation = expected.get(entry.id)!;
      const holds = real.sim.state.get(entry.name)?.id;
      if ("refused" in expectation && !refusedFor.has(entry.id))
        fail(`after a state delete, the up met ${entry.id} (${entry.name}) and was not refused`);
      if ("beside" in expectation) {
        if (holds === entry.id)
          fail(`after a state delete, ${entry.name} took ${entry.id} over with nothing to prove it its own`);
        if (!(await stillLive(real.world, entry)))
          fail(`after a state delete, ${entry.id} (${entry.name}) was removed`);
        // The run names one session with the marker it met (the first it found: this one, or another a stack let go of).
        const marker = (await markedObjects(real.world)).get(entry.id)?.marker;
        const met = [...(await markedObjects(real.world)).values()]
          .filter((o) => o.marker === marker && o.id !== holds)
          .map((o) => o.id);
        if (expectation.beside && !met.some((id) => said.some((w) => w.includes(`${id}: ${SESSION_LEFT_BESIDE}`))))
          fail(
            `after a state delete, ${entry.name} made a session beside ${entry.id} without a word: ${JSON.stringify(said)}`,
          );
        continue;
      }
      if (holds !== entry.id) fail(`after a state delete and the claim, ${entry.name} holds ${holds}, not ${entry.id}`);
      // Removed whenever the user likes (docs/adoption.md): the next up marks a callback or config again.
      delete real.program[entry.name as Slot]?.adoptId;
    }
    worldEventCounts.stateDeleteClaimed++;
  }

  /** What the next up does with a dropped object, from its declaration and the marker it carries now. */
  private async expectation(real: Real, entry: StateEntry): Promise<Expected> {
    const slot = entry.name as Slot;
    if (real.program[slot]?.adoptId === entry.id) return { adoptedAgain: true };
    const kind = KIND_OF[slot];
    if (kind === "Role" || kind === "CallbackInstance") return { refused: "unproven" };
    const carried = (await markedObjects(real.world)).get(entry.id)?.marker;
    // The marker the next create writes: the inputs state held (the program is applied), with the connection's key now.
    const recognised = carried !== undefined && carried === markerOfInputs(real, slot, entry.inputs);
    if (kind === "IntegrationSetupSession") return { beside: recognised };
    if (recognised) return { refused: "notHeld" };
    return kind === "Callback" ? { refused: "collision" } : { claimFirst: true };
  }
  toString = () =>
    `pulumi state delete ${this.slot} --target-dependents, then up (must be refused for each object, then claimed)`;
}
