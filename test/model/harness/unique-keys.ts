// `replaceOnChanges` on kinds whose natural key the service keeps unique (issue 45):
//   - a role (one per slug, and the API cannot delete one) replaced by the option while it keeps its
//     slug cannot be made: refused at preview, naming the fix (a new slug, or the field out of the
//     option), with nothing written; the fix then goes through;
//   - a callback (one active per integration provider) renamed under `replaceOnChanges: ["name"]`
//     is replaced on the same integration provider: the old one deleted first, a new one made.
import { REPLACE_ON_CHANGES_INPUT } from "../../../provider/shapes/reserved";
import { InvariantViolation, refusalText, stillLive } from "./invariants";
import { NAMES, declarations, pick } from "./program";
import { always, upAndCheck, type Command, type Model, type Real } from "./real";
import { isAbout, StepError } from "./sim-engine";
import { worldEventCounts } from "./world-events";

function fail(message: string): never {
  throw new InvariantViolation(message);
}

/** A name other than `current`, one the diff cannot take for absent. */
const otherName = (current: unknown, variant: number) =>
  pick(
    NAMES.filter((name) => name !== undefined && name !== current),
    variant,
  )!;

export class RoleKeepsSlugUnderReplaceOnChanges implements Command {
  constructor(
    readonly slot: "roleA" | "roleB",
    /** Bit 0: the option names `name` or `*`; bit 1: the fix is a new slug, or `name` out of the option. */
    readonly variant: number,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    const args = real.program[this.slot];
    // An adopted role's replace-only change is refused for adoptId first (ChangeAdoptedReplaceOnly's kind of refusal).
    if (!args || args.adoptId !== undefined) return;
    await upAndCheck(real, false);
    const old = real.sim.state.get(this.slot)!;
    const { [REPLACE_ON_CHANGES_INPUT]: _option, ...plain } = args;
    real.program[this.slot] = {
      ...plain,
      name: otherName(args.name, this.variant),
      [REPLACE_ON_CHANGES_INPUT]: this.variant % 2 === 0 ? ["name"] : ["*"],
    };
    await real.world.resetRequestCounts();
    const refused = await real.sim.up(declarations(real.program)).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (refused === undefined)
      fail(
        `${this.slot} replaced by replaceOnChanges while keeping its slug was not refused: it collided with ${old.id}, or took it over`,
      );
    // Both doors say it alike (planner.ts, keptKeyReason); the simulation also sees which step refused it.
    if (!/keeps its slug.*Change slug too, or take name out of replaceOnChanges/s.test(refusalText(refused)))
      throw refused;
    if (
      refused instanceof StepError &&
      (refused.op !== "check" || refused.resource !== this.slot || !refused.failures.some((f) => isAbout(f, "name")))
    )
      throw refused;
    const written = await real.world.writesCounted();
    if (Object.keys(written).length > 0) fail(`a replacement refused at preview wrote: ${JSON.stringify(written)}`);

    const fix = real.program[this.slot]!;
    if ((this.variant >> 1) % 2 === 0) {
      delete fix[REPLACE_ON_CHANGES_INPUT];
      await upAndCheck(real, false);
      if (real.sim.state.get(this.slot)?.id !== old.id)
        fail(`${this.slot}'s name changed in place, yet ${old.id} was replaced`);
    } else {
      fix.slug = `${this.slot.toLowerCase()}-${++real.slugGeneration}`;
      await upAndCheck(real, false);
      if (real.sim.state.get(this.slot)?.id === old.id) fail(`${this.slot} replaced with a new slug kept ${old.id}`);
      delete fix[REPLACE_ON_CHANGES_INPUT];
    }
    worldEventCounts.roleKeptSlugRefused++;
  }
  toString = () =>
    `replace ${this.slot} by replaceOnChanges keeping its slug (${this.variant}; must be refused at preview, then fixed)`;
}

export class CallbackRenamedUnderReplaceOnChanges implements Command {
  constructor(
    readonly slot: "cbA" | "cbB",
    readonly variant: number,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    const args = real.program[this.slot];
    // An adopted callback's replacement would adopt it again: the option is never set on one.
    if (!args || args.adoptId !== undefined) return;
    await upAndCheck(real, false);
    const old = real.sim.state.get(this.slot)!;
    real.program[this.slot] = {
      ...args,
      name: otherName(args.name, this.variant),
      [REPLACE_ON_CHANGES_INPUT]: ["name"],
    };
    await upAndCheck(real, false);
    const now = real.sim.state.get(this.slot)!;
    if (now.id === old.id) fail(`${this.slot} renamed under replaceOnChanges: ["name"] kept ${old.id}`);
    if (now.outputs.integrationProviderId !== old.outputs.integrationProviderId)
      fail(`${this.slot}'s replacement moved to another integration provider`);
    if (await stillLive(real.world, old)) fail(`${this.slot}'s replacement left ${old.id} active`);
    worldEventCounts.callbackReplacedOnName++;
  }
  toString = () =>
    `rename ${this.slot} under replaceOnChanges: ["name"] (${this.variant}; replaced on its integration provider)`;
}
