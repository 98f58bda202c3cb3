// The model's commands for the events behind "one object per resource" (issue 33): a create slower
// than the client's timeout; `up --replace`, refused until the resource has deleteBeforeReplace (issue
// 51); a natural key declared twice; a program changed after a run whose create committed but failed;
// an update followed by a replacement. Each says what must hold after it, on top of the invariants
// every clean up checks, and counts itself in `eventCounts` so that a run proves it happened.
import fc from "fast-check";
import { CREATE_KEY_INPUT, MARKER_KEY, REPLACE_ON_CHANGES_INPUT } from "../../../provider/shapes/reserved";
import { SHAPES } from "../../../provider/shapes";
import type { ResourceKind, ShapeRules } from "../../../provider/shapes/shape";
import { integrationProviderFree } from "./free-keys";
import { FRESH_KINDS, declareNew, unmanaged, upAfterUnfinishedCreate } from "./fresh-runner";
import {
  InvariantViolation,
  nothingWritten,
  refusedAs,
  snapshotOf,
  stateExists,
  stillLive,
  type RefusalForm,
} from "./invariants";
import { SESSION_LEFT_BESIDE, claimWithAdoptId, markedObjects } from "./loose";
import {
  CONFIG_SOURCES,
  DELETE_BEFORE_REPLACE,
  DESCRIPTIONS,
  KIND_OF,
  METADATA,
  NAMES,
  configArgs,
  declarations,
  normalize,
  pick,
  slotsOf,
  type Slot,
} from "./program";
import { warningMark, warningsCaptured, warningsSince } from "./warnings";
import { always, upAndCheck, type Command, type Model, type Real } from "./real";
import {
  MODEL_PROJECT,
  MODEL_STACK,
  StepError,
  createKeyOf,
  isAbout,
  stepCounts,
  type Declaration,
  type Deployer,
  type StateEntry,
} from "./sim-engine";
import {
  SETTLING_CREATE_MS,
  SLOW_CREATE_MS,
  connectionOf,
  keyOfConnection,
  type Connection,
  type World,
} from "./world";
import { markerOf as markerFor } from "../../../provider/engine/create-path";
import { parseArgs } from "../../../provider/engine/engine-inputs";

/** What these commands saw happen, summed over a property run (targeted replacements are in stepCounts). */
export const eventCounts = {
  /** Runs failed by a create slower than the client's timeout, which was not sent again. */
  slowCreates: 0,
  /** Objects a failed run made for values the program then changed, removed by the next run on the same machine. */
  leftoversRemoved: 0,
  /**
   * The same on a fresh runner, where nothing proves the object this stack's: left live and named in a
   * warning (its marker is for values no longer declared), or, when the change kept its marker,
   * refused naming it and claimed with adoptId.
   */
  leftoversOnFreshRunner: 0,
  /** Natural keys declared twice, refused at check naming both resources, with nothing written. */
  sameKeyRefused: 0,
  /** In-place updates after which the object still carried its create marker. */
  markersKept: 0,
  /** In-place updates followed by a replacement of the same resource. */
  updatesThenReplaced: 0,
  /**
   * `up --replace` with unchanged inputs that made a new object, the old one gone (a role or session
   * let go of): with deleteBeforeReplace (a role: a new slug) after the refusal, or at once where
   * nothing carried the replacement's marker.
   */
  replacedByNewObject: 0,
  /** `up --replace` without deleteBeforeReplace refused: the object it would replace is not provably its own; nothing written. */
  replaceRefused: 0,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function fail(message: string): never {
  throw new InvariantViolation(message);
}

/**
 * An up in which the first create is slower than the client's timeout: the client gives up, and the
 * service commits the create afterwards. The provider must not send it again (that would make a
 * second object) but fail the run saying the service may still create it; once it has committed, the
 * next up must converge on one object per resource (it takes the object over by its create marker or
 * natural key), with nothing left behind. With `fresh`, a new object of a kind is declared on the
 * program applied first (its create the run's only one, so the slow one), and the next up runs on a
 * machine without the create's intent: it must do what fresh-runner.ts says (refused naming the
 * object and adoptId, whatever its kind, then claimed).
 */
export class SlowCreateUp implements Command {
  constructor(
    readonly fresh?: { kind: ResourceKind; variant: number; connection: Connection },
    /** The next up runs straight away, on the same runner, while the service still holds the create (issue 58). */
    readonly rerunBeforeCommit = false,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    if (this.fresh && !(await declareNew(real, this.fresh.kind, this.fresh.variant, this.fresh.connection))) return;
    const { failure: failed, slowed } = await real.world.upWithSlowCreate(
      async () => {
        await real.sim.up(declarations(real.program), { refresh: real.dirty });
        real.dirty = false;
      },
      this.rerunBeforeCommit ? SETTLING_CREATE_MS : SLOW_CREATE_MS,
    );
    // The held create commits SLOW_CREATE_MS after it arrived, which was before the client gave up:
    // past that, the next run sees what it made. A rerun before then must wait for it, as the failed
    // run recorded how long the service may take (SETTLING_CREATE_MS is within that).
    if (slowed && !this.rerunBeforeCommit) await sleep(SLOW_CREATE_MS);
    if (failed !== undefined) {
      if (!(failed instanceof StepError)) throw failed;
      real.log.push(`  (failed as a slow create allows: ${failed.message.slice(0, 200)})`);
      // Only the slow create's failure is certain to come from it: under load, the short timeout may
      // also cut another request short, a delete among them, whose object is then gone although state
      // still holds it (the next run's delete finds it gone).
      if (slowed && failed.op === "create" && /may still create it/.test(failed.message)) {
        eventCounts.slowCreates++;
        if (!real.dirty) await stateExists(real.world, real.sim);
        if (this.fresh) return this.upOnAFreshRunner(real, failed.resource as Slot);
      }
    }
    await upAndCheck(real, false);
  }

  private async upOnAFreshRunner(real: Real, slot: Slot): Promise<void> {
    const made = await unmanaged(real, KIND_OF[slot], real.world.environmentOf(connectionOf(real.program[slot])));
    if (made.length !== 1)
      fail(
        `a create slower than the client's timeout left ${made.length} unmanaged ${KIND_OF[slot]} objects: ${made.join(", ")}`,
      );
    await upAfterUnfinishedCreate(real, slot, made[0], true);
  }
  toString = () =>
    this.fresh
      ? `declare a ${this.fresh.kind} (${this.fresh.variant}${this.fresh.connection ? `, on ${this.fresh.connection}` : ""}), up with its create slower than the client's timeout, then up on a fresh runner`
      : `up with the first create slower than the client's timeout, then up ${this.rerunBeforeCommit ? "straight away, before it commits" : "after it committed"}`;
}

/**
 * `pulumi up --replace <slot>` on a program applied as it is (unchanged inputs). Pulumi's engine
 * checks the inputs as a new resource's and calls no diff, so the provider cannot tell the
 * replacement from a create the state does not hold: it is refused naming the object it would
 * replace, until the resource has the deleteBeforeReplace option (a role: a new slug), with which the
 * engine deletes the old object first (replaceTargeted).
 */
export class ReplaceUp implements Command {
  constructor(readonly slot: Slot) {}
  check = always;
  async run(_m: Model, real: Real) {
    if (!real.program[this.slot]) return;
    await upAndCheck(real, false);
    await replaceTargeted(real, this.slot);
  }
  toString = () => `up --replace ${this.slot}`;
}

/**
 * `up --replace` of an applied resource, and what must hold after it. An object adoptId names is
 * adopted again. A declaration that cannot be created as it stands (a config adopted without
 * settings, a session whose declared expiry has passed) is refused at check, nothing changed.
 * Otherwise, where the replacement's create meets the object it replaces (replaceRefusal), the run is
 * refused naming it, with adoptId and the fix for `up --replace`, and nothing is written; then the
 * user does what it says: deleteBeforeReplace on the resource for the run (a role: a new slug), and
 * the replacement is a new object, the old one gone (a role let go of). Where nothing carries the
 * replacement's marker (a config marked with a key rotated since) the replacement goes through at once,
 * and so does a session's (the API cannot delete one: the old one is left beside the new one, said in
 * a warning, and let go of at the end of the run).
 */
async function replaceTargeted(real: Real, slot: Slot): Promise<void> {
  const args = real.program[slot]!;
  const old = real.sim.state.get(slot)!;
  const refusal = createRefusal(real, slot);
  if (refusal) {
    const refused = await real.sim.up(declarations(real.program), { replace: [slot] }).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (
      !(refused instanceof StepError) ||
      refused.op !== "check" ||
      !refused.failures.some((f) => isAbout(f, refusal))
    ) {
      throw (
        refused ??
        new Error(
          `up --replace ${slot} created ${refusal === "value" ? "a config without settings" : "a session whose expiry has passed"}`,
        )
      );
    }
    return;
  }
  if (args.adoptId !== undefined) {
    await upAndCheck(real, false, { replace: [slot] });
    if (real.sim.state.get(slot)?.id !== args.adoptId)
      fail(`up --replace ${slot} with adoptId: "${String(args.adoptId)}" holds ${real.sim.state.get(slot)?.id}`);
    return;
  }
  const expected = await replaceRefusal(real, slot, old);
  if (expected) {
    await real.world.resetRequestCounts();
    const refused = await real.sim.up(declarations(real.program), { replace: [slot] }).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (refused === undefined)
      fail(
        `up --replace ${slot} went through although its create meets ${expected.ids.join(" or ")}, which nothing proves its own`,
      );
    if (!(refused instanceof StepError) || refused.op !== "create" || refused.resource !== slot) throw refused;
    refusedAs(refused, expected.form, expected.ids, KIND_OF[slot]);
    nothingWritten(await real.world.writesCounted(), expected.form, `a refused up --replace of ${slot}`);
    if (real.sim.state.get(slot)?.id !== old.id || !(await stillLive(real.world, old)))
      fail(`a refused up --replace of ${slot} did not leave ${old.id} as it was`);
    eventCounts.replaceRefused++;
    // The fix the refusal names.
    if (KIND_OF[slot] === "Role") {
      args.slug = `${slot.toLowerCase()}-${++real.slugGeneration}`;
      await upAndCheck(real, false, { replace: [slot] });
    } else {
      args[DELETE_BEFORE_REPLACE] = true;
      try {
        await upAndCheck(real, false, { replace: [slot] });
      } finally {
        delete real.program[slot]?.[DELETE_BEFORE_REPLACE];
      }
    }
  } else {
    const carrying = KIND_OF[slot] === "IntegrationSetupSession" ? await carryingItsMarker(real, slot, old) : [];
    const mark = warningMark();
    await upAndCheck(real, false, { replace: [slot] });
    // A session blocks nothing: the one the replacement meets (the one it replaces, still pending) is left beside it, said in a warning.
    if (
      carrying.length > 0 &&
      warningsCaptured() &&
      !carrying.some((id) => warningsSince(mark).some((w) => w.includes(`${id}: ${SESSION_LEFT_BESIDE}`)))
    )
      fail(
        `up --replace ${slot} made a session beside ${carrying.join(", ")}, which carry its marker, without a word: ${JSON.stringify(warningsSince(mark))}`,
      );
  }
  const replacement = real.sim.state.get(slot)!;
  if (replacement.id === old.id) fail(`up --replace ${slot} kept ${old.id}: a replacement must be a new object`);
  const undeletable = KIND_OF[slot] === "Role" || KIND_OF[slot] === "IntegrationSetupSession";
  if (undeletable && !real.sim.released.has(old.id))
    fail(`up --replace ${slot} did not let go of ${old.id}, which the API cannot delete`);
  if (!undeletable && (await stillLive(real.world, old)))
    fail(`up --replace ${slot} left the object it replaced, ${old.id}, live`);
  eventCounts.replacedByNewObject++;
}

/**
 * How `up --replace` of an applied resource (no adoptId) is refused, if it is: the replacement's
 * create meets the object it replaces, as Pulumi's engine tells the provider nothing of it.
 *   - A role or an instance collides with it, exactly as declared: "is as declared".
 *   - A callback carrying the marker its replacement writes: "has this resource's marker"; one that
 *     carries another (made before the key was rotated, or adopted and its adoptId dropped in the same
 *     run): it still holds the integration provider, "already holds".
 *   - A config carrying the marker the replacement writes: "has this resource's marker", naming it
 *     (or another loose config with that marker); where nothing carries it, nothing is met.
 *   - A session is never refused: the API cannot delete one, so the one met is left beside the new one.
 */
async function replaceRefusal(
  real: Real,
  slot: Slot,
  old: StateEntry,
): Promise<{ form: RefusalForm; ids: string[] } | undefined> {
  const kind = KIND_OF[slot];
  if (kind === "Role" || kind === "CallbackInstance") return { form: "unproven", ids: [old.id] };
  if (kind === "IntegrationSetupSession") return undefined;
  const carrying = await carryingItsMarker(real, slot, old);
  if (carrying.length > 0) return { form: "notHeld", ids: carrying };
  return kind === "Callback" ? { form: "collision", ids: [old.id] } : undefined;
}

/** The live objects a create of the applied slot's resource scans for (loose.ts) that carry the marker it would write now, in its environment. */
async function carryingItsMarker(real: Real, slot: Slot, old: StateEntry): Promise<string[]> {
  const marker = markerNow(real, slot);
  const environment = real.world.environmentOf(connectionOf(old.outputs));
  return [...(await markedObjects(real.world)).values()]
    .filter((o) => o.marker === marker && o.kind === KIND_OF[slot] && o.environment === environment)
    .map((o) => o.id);
}

/** The property a create of the slot's declaration is refused for, if any (what `--replace` then meets). */
export function createRefusal(real: Real, slot: Slot): string | undefined {
  const args = real.program[slot]!;
  if (
    KIND_OF[slot] === "ProviderConfig" &&
    args.adoptId === undefined &&
    args.value === undefined &&
    args.providerConfigVaultId === undefined
  )
    return "value";
  if (
    KIND_OF[slot] === "IntegrationSetupSession" &&
    typeof args.expiresAt === "string" &&
    Date.parse(args.expiresAt) <= Date.now() + 60_000
  )
    return "expiresAt";
  return undefined;
}

/**
 * The second slot of a kind given the first one's natural key (a role's slug, a callback's integration
 * provider, an instance's callback, config and auth config), on the first one's connection, with the
 * program otherwise applied. The second in program order is refused at check, naming the first and
 * the key, before anything is written. Then reverted.
 */
export class DeclareKeyTwice implements Command {
  constructor(
    readonly kind: "Role" | "Callback" | "CallbackInstance",
    readonly variant: number,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    const [first, second] = slotsOf(this.kind);
    const declared = real.program[first];
    if (!declared) return;
    // Applied first, so that the refused run has nothing else to write.
    await upAndCheck(real, false);
    const before = real.program[second];
    real.program[second] = this.twin(declared);
    await real.world.resetRequestCounts();
    try {
      await real.sim.up(declarations(real.program));
      fail(
        `up accepted ${second} declaring the natural key of ${first} (${JSON.stringify(declared)}): two resources on one object`,
      );
    } catch (error) {
      const field = SHAPES[this.kind].naturalKey![0];
      // Both declarations name each other: whichever the run checks first is refused, naming the other.
      const other = error instanceof StepError && error.resource === first ? second : first;
      const names = (f: { property: string; reason: string }) =>
        f.property === field && f.reason.includes(`"${other}"`);
      if (
        !(error instanceof StepError) ||
        error.op !== "check" ||
        !([first, second] as string[]).includes(error.resource) ||
        !error.failures.some(names)
      )
        throw error;
    } finally {
      if (before) real.program[second] = before;
      else delete real.program[second];
      normalize(real.world.catalog, real.program);
    }
    const written = await real.world.writesCounted();
    if (Object.keys(written).length > 0)
      fail(`a program declaring one key twice was refused, but the run wrote: ${JSON.stringify(written)}`);
    eventCounts.sameKeyRefused++;
  }

  /** A declaration of the first slot's key, with other values where the kind has any. */
  private twin(declared: Record<string, unknown>): Record<string, unknown> {
    const connection = declared.connection === undefined ? {} : { connection: declared.connection };
    switch (this.kind) {
      case "Role":
        return {
          name: pick(NAMES, this.variant) ?? "Role",
          slug: declared.slug,
          permissions: ["thread_read"],
          ...connection,
        };
      case "Callback":
        return {
          integrationProviderId: declared.integrationProviderId,
          name: pick(NAMES, this.variant),
          ...connection,
        };
      case "CallbackInstance":
        return { ...declared };
    }
  }
  toString = () =>
    `declare the natural key of the first ${this.kind} on the second too (${this.variant}; must be refused)`;
}

/** Where creates of a kind are posted and its objects listed: the path the faults of ChangeAfterFailedCreate aim at. */
const CREATE_PATH = { Callback: "/callbacks", ProviderConfig: "/provider-configs" } as const;

/**
 * A replace-only change whose create commits but fails the run (its answer lost, and the lookup for
 * it failing too), then another change of the same input before the next up. On the same machine
 * (the failed create's intent there) the next run's create must remove what the failed one made (it
 * carries this resource's marker, for values no longer declared) rather than leave it behind: the
 * environment then holds exactly what state holds.
 *
 * The failing change stays under the same parent (a config's settings, deployment or vault; a
 * callback's name under `replaceOnChanges: ["name"]`); the change after it stays there too, or (odd
 * variants) moves the resource to another parent: a config to another provider, a callback to another
 * free integration provider. The provider looks for what the failed run made across the whole kind.
 * With `freshRunner`, the next up runs on a machine without the failed create's intent: nothing
 * proves what it made this stack's, so it is neither taken over nor removed (upOnAFreshRunner).
 */
export class ChangeAfterFailedCreate implements Command {
  constructor(
    readonly slot: "cbA" | "cbB" | "pcA" | "pcB",
    readonly variant: number,
    readonly freshRunner = false,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    const args = real.program[this.slot];
    // An adopted object's replace-only change is refused (ChangeAdoptedReplaceOnly).
    if (
      !args ||
      args.adoptId !== undefined ||
      (KIND_OF[this.slot] === "ProviderConfig" && args.value === undefined && args.providerConfigVaultId === undefined)
    )
      return;
    // On a fresh runner the object the failed create made may be claimed (upOnAFreshRunner).
    await upAndCheck(real, false);
    const kind = KIND_OF[this.slot] as "Callback" | "ProviderConfig";
    const connection = connectionOf(args);
    const [failing, next] = replaceOnlyChanges(real, this.slot, this.variant);
    if (!failing || !next) return;
    real.program[this.slot] = failing;
    normalize(real.world.catalog, real.program);
    const before = await liveIds(real.world, kind, connection);
    const failed = await upLosingTheCreate(real.world, real.sim, declarations(real.program), CREATE_PATH[kind]);
    if (!(
      failed instanceof StepError &&
      failed.op === "create" &&
      failed.resource === this.slot &&
      /looking for it failed too/.test(failed.message)
    )) {
      // The lookup's fault came too late (a loaded machine): the run found its object. Nothing to test.
      if (failed !== undefined && !(failed instanceof StepError)) throw failed;
      return upAndCheck(real, false);
    }
    real.log.push(`  (failed as the faults allow: ${failed.message.slice(0, 200)})`);
    await stateExists(real.world, real.sim);
    const made = [...(await liveIds(real.world, kind, connection))].filter((id) => !before.has(id));
    if (made.length !== 1)
      fail(`a create that committed and failed left ${made.length} new ${kind} objects: ${made.join(", ")}`);
    if (this.freshRunner) real.world.clearCreateIntents();

    real.program[this.slot] =
      (this.variant % 2 === 1 && (await movedToAnotherParent(real, this.slot, this.variant))) || next;
    normalize(real.world.catalog, real.program);
    if (this.freshRunner) return this.upOnAFreshRunner(real, kind, made[0]);
    await upAndCheck(real, false);
    // upAndCheck found no orphan; this says which object it was about. A change that leaves the create
    // marker as it was (a name under replaceOnChanges, which the marker leaves out) resumes the failed
    // create instead: the object is taken over and brought to the new values, so state holds it.
    const live = (await liveIds(real.world, kind, connection)).has(made[0]);
    if (live && real.sim.state.get(this.slot)?.id !== made[0])
      fail(`${made[0]}, made by the failed run for values no longer declared, is still live`);
    eventCounts.leftoversRemoved++;
  }

  /**
   * On a fresh runner nothing proves `made` this stack's (it would carry a twin stack's marker all
   * the same). Carrying the marker the new declaration's create writes (the change left it as it was),
   * it is met: the run is refused naming it and adoptId, nothing is written, and the claim adopts it.
   * Carrying a marker for other values, it is left live, and the run says so naming it: then it is
   * accounted for (reported, not silent), and watched: no later run of this stack may touch it.
   */
  private async upOnAFreshRunner(real: Real, kind: "Callback" | "ProviderConfig", made: string): Promise<void> {
    if (!warningsCaptured())
      throw new Error(
        "model bug: ChangeAfterFailedCreate on a fresh runner reads the provider's warnings (captureWarnings)",
      );
    const carried = (await markedObjects(real.world)).get(made)?.marker;
    const declared = real.program[this.slot]!;
    if (carried === markerOfDeclaration(real, this.slot, declared)) {
      await real.world.resetRequestCounts();
      const refused = await real.sim.up(declarations(real.program), { refresh: real.dirty }).then(
        () => undefined,
        (error: unknown) => error,
      );
      if (refused === undefined)
        fail(
          `on a fresh runner, ${this.slot} went through although its create meets ${made}, which carries its marker`,
        );
      if (!(refused instanceof StepError) || refused.op !== "create" || refused.resource !== this.slot) throw refused;
      refusedAs(refused, "notHeld", [made], kind);
      nothingWritten(await real.world.writesCounted(), "notHeld", "an up refused on a fresh runner");
      await claimWithAdoptId(real, this.slot, made);
      await upAndCheck(real, false);
      if (real.sim.state.get(this.slot)?.id !== made)
        fail(`${this.slot} declared with adoptId: "${made}" holds ${real.sim.state.get(this.slot)?.id}`);
      delete real.program[this.slot]!.adoptId;
    } else {
      // Accounted for before the up that must leave it (the invariants run within upAndCheck); the checks after it say whether it did.
      real.accountedFor.add(made);
      const mark = warningMark();
      await upAndCheck(real, false);
      const object = {
        kind,
        environment: real.world.environmentOf(connectionOf(declared)),
        owner: "left by a failed create, met on a fresh runner",
      };
      const snapshot = await snapshotOf(real.world, object, made);
      if (snapshot === undefined) fail(`on a fresh runner, ${made}, which nothing proves this stack's, was deleted`);
      if (real.sim.state.get(this.slot)?.id === made)
        fail(`on a fresh runner, ${made}, made by the failed run for other values, was taken over`);
      const said = warningsSince(mark).find((warning) =>
        warning.includes(`${made}: left as it is: it has this resource's create marker for other values`),
      );
      if (!said)
        fail(`on a fresh runner, ${made} was left live without a word: ${JSON.stringify(warningsSince(mark))}`);
      real.watched.set(made, { ...object, snapshot });
    }
    eventCounts.leftoversOnFreshRunner++;
  }

  toString = () =>
    `change a replace-only input of ${this.slot}, up losing its create, change it again, up${this.freshRunner ? " on a fresh runner" : ""} (${this.variant})`;
}

/**
 * An up whose first create posted to `path` commits and loses its answer, and whose lookup for what it
 * made fails too: the run fails with the object made and not recorded. Returns the run's error.
 */
export function upLosingTheCreate(world: World, sim: Deployer, program: Declaration[], path: string): Promise<unknown> {
  return world.upLosingTheCreate(() => sim.up(program), path);
}

/**
 * Two successive replace-only changes of an applied callback or config, each differing from the one
 * before and from what state holds, within the scope the provider finds its objects in.
 */
function replaceOnlyChanges(
  real: Real,
  slot: Slot,
  variant: number,
): [Record<string, unknown>?, Record<string, unknown>?] {
  const args = real.program[slot]!;
  if (KIND_OF[slot] === "Callback") {
    // replaceOnChanges: ["name"] makes the name replace-only; the object it made stays under the same integration provider.
    const names = NAMES.filter((name) => name !== args.name);
    const change = (name: string | undefined) => ({ ...args, name, [REPLACE_ON_CHANGES_INPUT]: ["name"] });
    return [change(pick(names, variant)), change(pick(names, variant + 1))];
  }
  const provider = Object.entries(real.world.catalog.providers).find(([, p]) => p.id === args.providerId)?.[0];
  const fields = ["providerDeploymentId", "providerConfigVaultId", "value"] as const;
  const settingsOf = (a: Record<string, unknown>) => JSON.stringify(fields.map((field) => a[field] ?? null));
  const changesSettings = settingsChange(real, slot);
  const candidates = CONFIG_SOURCES.filter((source) => source.provider === provider)
    .map((source) => ({
      ...args,
      ...pickFields(
        configArgs(real.world.catalog, source, { filters: 0, name: 0, description: 0, metadata: 0 }),
        fields,
      ),
    }))
    .filter(changesSettings);
  if (candidates.length < 2) return [];
  const first = pick(candidates, variant);
  return [
    first,
    pick(
      candidates.filter((candidate) => settingsOf(candidate) !== settingsOf(first)),
      variant,
    ),
  ];
}

/** The slot's declaration moved to another parent: a callback to a free integration provider, a config to another provider's settings. */
async function movedToAnotherParent(
  real: Real,
  slot: Slot,
  variant: number,
): Promise<Record<string, unknown> | undefined> {
  const args = real.program[slot]!;
  if (KIND_OF[slot] === "Callback") {
    const { integrationProviders } = real.world.catalog;
    for (let i = 0; i < integrationProviders.length; i++) {
      const candidate = pick(integrationProviders, variant + i).id;
      if (
        candidate !== args.integrationProviderId &&
        (await integrationProviderFree(real, slot, candidate, connectionOf(args)))
      ) {
        return { ...args, integrationProviderId: candidate };
      }
    }
    return undefined;
  }
  const provider = Object.entries(real.world.catalog.providers).find(([, p]) => p.id === args.providerId)?.[0];
  const elsewhere = CONFIG_SOURCES.filter((source) => source.provider !== provider);
  if (elsewhere.length === 0) return undefined;
  const fields = ["providerId", "providerDeploymentId", "providerConfigVaultId", "value"] as const;
  return {
    ...args,
    ...pickFields(
      configArgs(real.world.catalog, pick(elsewhere, variant), { filters: 0, name: 0, description: 0, metadata: 0 }),
      fields,
    ),
  };
}

/**
 * Whether a declaration changes the settings of the slot's config as the provider sees them, a
 * replace-only change: a deployment left out is the service's pick, which keeps the one the config
 * has (the planner reads it as no change), so it is compared as the config's live one.
 */
function settingsChange(real: Real, slot: Slot): (declared: Record<string, unknown>) => boolean {
  const current = real.program[slot]!;
  const live = real.sim.state.get(slot)?.outputs.providerDeploymentId ?? current.providerDeploymentId;
  const settingsOf = (a: Record<string, unknown>) =>
    JSON.stringify([a.providerId, a.providerDeploymentId ?? live, a.providerConfigVaultId ?? null, a.value ?? null]);
  return (declared) => settingsOf(declared) !== settingsOf(current);
}

function pickFields<T extends Record<string, unknown>>(from: T, fields: readonly (keyof T)[]): Partial<T> {
  return Object.fromEntries(fields.map((field) => [field, from[field]])) as Partial<T>;
}

/** The live (active) callbacks or configs of a connection's environment. */
async function liveIds(
  world: World,
  kind: "Callback" | "ProviderConfig",
  connection: Connection,
): Promise<Set<string>> {
  const c = world.operatorOf(connection);
  const page =
    kind === "Callback"
      ? await c.callbacks.list({ status: "active", limit: 100 })
      : await c.providerConfigs.list({ status: "active", limit: 100 });
  return new Set(page.items.map((item) => item.id));
}

/** The create marker a create of the slot's resource would write now, with its connection's current key (create-path.ts, markerOf). */
export function markerNow(real: Real, slot: Slot): string {
  return markerOfInputs(real, slot, real.sim.state.get(slot)!.inputs);
}

/** The create marker a create of the slot's resource on this stack (the simulation's) would write for a declaration of it (no references: a callback or config). */
function markerOfDeclaration(real: Real, slot: Slot, args: Record<string, unknown>): string {
  const { [DELETE_BEFORE_REPLACE]: _option, ...declared } = args;
  return markerOfInputs(real, slot, {
    ...declared,
    [CREATE_KEY_INPUT]: createKeyOf(MODEL_PROJECT, MODEL_STACK, KIND_OF[slot], slot),
  });
}

/** The create marker a create of the slot's resource with these inputs (the create key among them) would write now. */
export function markerOfInputs(real: Real, slot: Slot, inputs: Record<string, unknown>): string {
  const connection = connectionOf(inputs);
  const shape = SHAPES[KIND_OF[slot]] as ShapeRules<Record<string, unknown>>;
  const ctx = real.world.newContext(connection, real.keys[keyOfConnection(connection)]);
  return markerFor(ctx, shape, parseArgs(shape, inputs), inputs);
}

/** The create marker a callback or config carries in its metadata, as the service holds it. */
async function markerOf(world: World, kind: ResourceKind, connection: Connection, id: string): Promise<unknown> {
  const c = world.operatorOf(connection);
  const record = kind === "Callback" ? await c.callbacks.retrieve(id) : await c.providerConfigs.retrieve(id);
  return (record.metadata as Record<string, unknown> | null | undefined)?.[MARKER_KEY];
}

/**
 * An in-place change of an applied resource (its description or metadata), then its replacement: by a
 * replace-only change (adoptId dropped with it, as the refusal of such a change says), or by
 * `up --replace`. The update must keep the object's create marker (so that a lost answer or an
 * interrupted run later still finds it): the marker a create of the resource would write now, which is
 * the one it carries unless the connection's key was rotated since (the marker is keyed by the API
 * key: the update then writes the new key's, by which the object is found from then on). The
 * replacement must leave the environment holding exactly what state holds, and a replace-only change
 * must make a new object, marked too.
 */
export class UpdateThenReplace implements Command {
  constructor(
    readonly slot: "cbA" | "cbB" | "pcA" | "pcB" | "roleA" | "roleB",
    readonly variant: number,
    readonly targeted: boolean,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    const args = real.program[this.slot];
    const kind = KIND_OF[this.slot];
    const replaceOnChanges = (args?.[REPLACE_ON_CHANGES_INPUT] as string[] | undefined) ?? [];
    if (!args || replaceOnChanges.includes("*")) return;
    await upAndCheck(real, false);
    const connection = connectionOf(args);
    const entry = real.sim.state.get(this.slot)!;
    // A role has no metadata; an object made out of band carries no marker (adopting adds none), and
    // one adoptId still names gets none from an update (docs/adoption.md), whatever it carried.
    const marked = kind !== "Role" && !real.accountedFor.has(entry.id) && args.adoptId === undefined;
    const marker = marked ? await markerOf(real.world, kind, connection, entry.id) : undefined;
    if (marked && typeof marker !== "string")
      fail(`${this.slot} (${entry.id}) was made by the provider but carries no create marker`);

    // A field replaceOnChanges does not name (it never names description); values the diff cannot take for absent.
    const field = pick(
      kind === "Role" ? ["description"] : ["description", "metadata"].filter((f) => !replaceOnChanges.includes(f)),
      this.variant,
    );
    const menu: unknown[] = field === "metadata" ? METADATA : DESCRIPTIONS;
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    const values = menu.filter(
      (value) => value !== undefined && value !== "" && !same(value, {}) && !same(value, args[field]),
    );
    real.program[this.slot] = { ...args, [field]: pick(values, this.variant) };
    const updates = stepCounts.update;
    await upAndCheck(real, false);
    if (stepCounts.update !== updates + 1 || real.sim.state.get(this.slot)?.id !== entry.id) {
      fail(`a change of ${this.slot}.${field} alone was not applied as one in-place update of ${entry.id}`);
    }
    if (marked) {
      const [after, now] = [await markerOf(real.world, kind, connection, entry.id), markerNow(real, this.slot)];
      if (after !== now) {
        fail(
          `${this.slot} (${entry.id}): the update changed its create marker from ${String(marker)} to ${String(after)}, not to the one a create would write now (${now})`,
        );
      }
      eventCounts.markersKept++;
    }

    const changed =
      this.targeted || kind === "Role" ? undefined : await replaceOnlyChange(real, this.slot, this.variant);
    if (changed) {
      real.program[this.slot] = changed;
      normalize(real.world.catalog, real.program);
      await upAndCheck(real, false);
      // The replacement's create may have met an object a fresh runner's failed create left with the
      // new values' marker, and upAndCheck claimed it with adoptId, which its next up drops and which
      // marks it then (an adoption that changed it in place wrote no marker).
      if (real.sim.state.get(this.slot)?.outputs.adoptId !== undefined) await upAndCheck(real, false);
      const replacement = real.sim.state.get(this.slot)!.id;
      if (replacement === entry.id) fail(`a replace-only change of ${this.slot} kept the object ${entry.id}`);
      if (typeof (await markerOf(real.world, kind, connection, replacement)) !== "string")
        fail(`${this.slot}'s replacement ${replacement} carries no create marker`);
    } else await replaceTargeted(real, this.slot);
    eventCounts.updatesThenReplaced++;
  }
  toString = () =>
    `update ${this.slot} in place, then replace it${this.targeted ? " with up --replace" : ""} (${this.variant})`;
}

/** A replace-only change of a callback (another free integration provider) or a config (other settings), adoptId dropped. */
async function replaceOnlyChange(
  real: Real,
  slot: Slot,
  variant: number,
): Promise<Record<string, unknown> | undefined> {
  const { adoptId: _adopted, ...args } = real.program[slot]!;
  const { integrationProviders } = real.world.catalog;
  if (KIND_OF[slot] === "Callback") {
    for (let i = 0; i < integrationProviders.length; i++) {
      const candidate = pick(integrationProviders, variant + i).id;
      if (
        candidate !== args.integrationProviderId &&
        (await integrationProviderFree(real, slot, candidate, connectionOf(args)))
      ) {
        return { ...args, integrationProviderId: candidate };
      }
    }
    return undefined;
  }
  const fields = ["providerId", "providerDeploymentId", "providerConfigVaultId", "value"] as const;
  const changesSettings = settingsChange(real, slot);
  for (let i = 0; i < CONFIG_SOURCES.length; i++) {
    const settings = configArgs(real.world.catalog, pick(CONFIG_SOURCES, variant + i), {
      filters: 0,
      name: 0,
      description: 0,
      metadata: 0,
    });
    const changed = { ...args, ...pickFields(settings, fields) };
    if (changesSettings(changed)) return changed;
  }
  return undefined;
}

/**
 * These commands with their weights, in quarters of the other commands' (commandArbitraries): each
 * about as often as the rarest of those, but the slow create, which waits for the create the service
 * holds (0.4 s), a quarter as often (still some 40 times in 1,000 sequences).
 */
export function oneObjectCommands(options: { faults: boolean; realEngine?: boolean }): fc.WeightedArbitrary<Command>[] {
  // The simulation alone: the real engine's deployer knows no --replace, and the refusals and faults
  // are asserted on what the simulation sees.
  if (options.realEngine) return [];
  const variant = fc.nat({ max: 7 });
  const slots = <S extends Slot>(...names: S[]) => fc.constantFrom(...names);
  const commands: fc.WeightedArbitrary<Command>[] = [
    { weight: 4, arbitrary: slots(...(Object.keys(KIND_OF) as Slot[])).map((slot) => new ReplaceUp(slot)) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom<DeclareKeyTwice["kind"]>("Role", "Callback", "CallbackInstance"), variant)
        .map(([kind, v]) => new DeclareKeyTwice(kind, v)),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(slots("cbA", "cbB", "pcA", "pcB", "roleA", "roleB"), variant, fc.boolean())
        .map(([slot, v, targeted]) => new UpdateThenReplace(slot, v, targeted)),
    },
  ];
  if (options.faults) {
    commands.push(
      // Half of them a new declaration's create, followed by an up on a fresh runner.
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.boolean(), FRESH_KINDS, variant, fc.constantFrom<Connection>(undefined, "prod"), fc.boolean())
          // A fresh runner knows nothing of the first create: it reruns after the commit.
          .map(([fresh, kind, v, connection, beforeCommit]) =>
            fresh ? new SlowCreateUp({ kind, variant: v, connection }) : new SlowCreateUp(undefined, beforeCommit),
          ),
      },
      // Half of them on a fresh runner: each half about as often as the rarest command.
      {
        weight: 6,
        arbitrary: fc
          .tuple(slots("cbA", "cbB", "pcA", "pcB"), variant, fc.boolean())
          .map(([slot, v, fresh]) => new ChangeAfterFailedCreate(slot, v, fresh)),
      },
    );
  }
  return commands;
}
