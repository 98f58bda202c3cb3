// A second stack on the account (issue 45): another project or stack, with its own state and its own
// create keys, whose runs interleave with this stack's. Its first slots (a role, a callback, a config,
// an instance of the two) hold objects of its own, on natural keys no declaration of this stack names;
// in its second slots it declares, on purpose, a natural key this stack manages (a role's slug, a
// callback's integration provider, an instance's callback, config and auth config): that run must be
// refused naming the object and adoptId, and this stack's object be left as it was. Every run of either
// stack must leave the other's objects as they were (invariants.ts, othersUntouched). An object of its
// own may be handed over to this stack (issue 51): this stack's preview of an adoptId naming it warns
// that another resource's create made it, the other stack lets go of it with `pulumi state delete`,
// and this stack adopts it (AdoptFromOtherStack).
import { integrationProviderFree, keyDeclaredElsewhere } from "./free-keys";
import {
  InvariantViolation,
  noDuplicateNoOrphan,
  othersUntouched,
  refreshPlansNothing,
  refusalNamesFix,
  serviceMatchesProgram,
  snapshotOf,
  type ForeignObject,
} from "./invariants";
import {
  CONFIG_SOURCES,
  DESCRIPTIONS,
  KIND_OF,
  METADATA,
  NAMES,
  PERMISSION_SETS,
  configArgs,
  declarations,
  normalize,
  pick,
  ref,
  setConnection,
  slotsOf,
  type Slot,
} from "./program";
import { always, stacksOf, upAndCheck, type Command, type Model, type OtherStack, type Real } from "./real";
import { StepError, isRef, type Declaration } from "./sim-engine";
import { warningMark, warningsCaptured, warningsSince } from "./warnings";
import type { ResourceKind } from "../../../provider/shapes/shape";
import { worldEventCounts } from "./world-events";
import { connectionOf, type Connection } from "./world";

/** How the other stack's objects are named in a failure. */
const OTHER = "the other stack's";

function fail(message: string): never {
  throw new InvariantViolation(message);
}

export function otherStackOf(real: Real): OtherStack {
  return (real.other ??= { sim: real.newOther(), program: {} });
}

/** The objects a run of another stack (the other one, a twin) must leave alone: this stack's, as they are now, and those made by hand. */
export async function watchedByOther(real: Real): Promise<Map<string, ForeignObject>> {
  const watched = new Map<string, ForeignObject>();
  for (const [id, object] of real.watched) if (!object.owner.startsWith(OTHER)) watched.set(id, object);
  for (const entry of [...real.sim.state.values(), ...real.sim.pendingDeletes]) {
    const object = {
      kind: entry.kind,
      environment: real.world.environmentOf(connectionOf(entry.outputs)),
      callbackId: entry.kind === "CallbackInstance" ? String(entry.outputs.callbackId) : undefined,
      owner: `the first stack's ${entry.name}`,
    };
    watched.set(entry.id, { ...object, snapshot: await snapshotOf(real.world, object, entry.id) });
  }
  return watched;
}

/** This stack's runs leave the other stack's objects as its last run left them: recorded after each of its runs. */
async function watchOthersObjects(real: Real, other: OtherStack): Promise<void> {
  for (const [id, object] of real.watched) if (object.owner.startsWith(OTHER)) real.watched.delete(id);
  for (const entry of other.sim.state.values()) {
    const object = {
      kind: entry.kind,
      environment: real.world.environmentOf(connectionOf(entry.outputs)),
      callbackId: entry.kind === "CallbackInstance" ? String(entry.outputs.callbackId) : undefined,
      owner: `${OTHER} ${entry.name}`,
    };
    real.watched.set(entry.id, { ...object, snapshot: await snapshotOf(real.world, object, entry.id) });
  }
}

/**
 * A run of the other stack's program (`destroy` with none). What this stack's runs did to the other
 * stack's objects is checked first (its own run then moves their record on); after it, this stack's
 * objects and those made by hand must be as they were. Returns the run's error, if any.
 */
export async function runOther(real: Real, program: Declaration[] | "destroy"): Promise<unknown> {
  const other = otherStackOf(real);
  await othersUntouched(real.world, real.sim, declarations(real.program), real.watched);
  const watched = await watchedByOther(real);
  const run = program === "destroy" ? other.sim.destroy() : other.sim.up(program);
  const failure = await run.then(
    () => undefined,
    (error: unknown) => error,
  );
  await othersUntouched(real.world, other.sim, program === "destroy" ? [] : program, watched);
  await watchOthersObjects(real, other);
  return failure;
}

/** The other stack's up of its program, and the invariants for it: its environment holds what it declares, and no object of either stack is duplicated or orphaned. */
export async function upAndCheckOther(real: Real): Promise<void> {
  const other = otherStackOf(real);
  const program = declarations(other.program);
  const failure = await runOther(real, program);
  if (failure !== undefined) throw failure;
  await serviceMatchesProgram(real.world, other.sim, program);
  await noDuplicateNoOrphan(real.world, stacksOf(real), real.accountedFor);
  await refreshPlansNothing(other.sim, program);
}

/** The other stack destroyed at the end of a sequence: nothing of it left in state, this stack's objects as they were. */
export async function destroyOther(real: Real): Promise<void> {
  if (!real.other) return;
  const failure = await runOther(real, "destroy");
  if (failure !== undefined) throw failure;
  if (real.other.sim.state.size > 0)
    fail(`destroying the other stack left ${real.other.sim.state.size} resources in its state`);
  real.other.program = {};
}

/**
 * The other stack declares (or changes, or removes) one of its own objects, on a key free of both
 * stacks' declarations and of live objects, then runs up.
 */
export class OtherStackDeclares implements Command {
  constructor(
    readonly slot: "roleA" | "cbA" | "pcA" | "instA",
    readonly variant: number,
    readonly connection: Connection,
    readonly remove: boolean,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    const other = otherStackOf(real);
    // A slot it handed over stays out of its program (the docs' hand-over: take the resource out).
    if (other.handedOver?.has(this.slot)) return;
    const { catalog } = real.world;
    const p = other.program;
    const current = p[this.slot];
    const connection = current ? connectionOf(current) : this.connection;
    const v = this.variant;
    if (this.remove) delete p[this.slot];
    else {
      let args: Record<string, unknown>;
      switch (KIND_OF[this.slot]) {
        case "Role":
          // Slugs of its own: no slug of this stack's roles (roleA-1, ...) or made by hand (hand-1, ...).
          args = {
            name: pick(NAMES, v) ?? "Role",
            slug: current?.slug ?? `other-${++real.slugGeneration}`,
            permissions: pick(PERMISSION_SETS, v),
            description: pick(DESCRIPTIONS, v),
          };
          break;
        case "Callback": {
          let integrationProviderId = current?.integrationProviderId as string | undefined;
          for (let i = 0; integrationProviderId === undefined && i < catalog.integrationProviders.length; i++) {
            const candidate = pick(catalog.integrationProviders, v + i).id;
            if (
              await integrationProviderFree({ ...other, world: real.world }, this.slot, candidate, connection, [
                real.program,
              ])
            )
              integrationProviderId = candidate;
          }
          if (integrationProviderId === undefined) return;
          args = { integrationProviderId, name: pick(NAMES, v), metadata: pick(METADATA, v) };
          break;
        }
        case "ProviderConfig":
          args = configArgs(catalog, pick(CONFIG_SOURCES, v), { filters: v, name: v, description: v, metadata: v });
          break;
        default:
          args = { callbackId: ref("cbA"), providerConfigId: ref("pcA") };
      }
      setConnection(args, connection);
      p[this.slot] = args;
    }
    // An instance lives where its callback and config live, of one provider (dropped otherwise).
    normalize(catalog, p);
    await upAndCheckOther(real);
    worldEventCounts.otherStackRuns++;
  }
  toString = () =>
    this.remove
      ? `the other stack removes its ${this.slot}, then up`
      : `the other stack declares its ${this.slot} (${this.variant}${this.connection ? `, if new: on ${this.connection}` : ""}), then up`;
}

/**
 * The other stack declares the natural key of an object this stack manages (applied first): its up
 * must be refused at that resource's create, naming the object's id and adoptId; this stack's object
 * must be as it was (record and state), and this stack's refresh must find nothing to change. Then
 * the declaration goes and the other stack converges again.
 */
export class OtherStackClaims implements Command {
  constructor(
    readonly kind: "Role" | "Callback" | "CallbackInstance",
    readonly variant: number,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    const claimSlot: Slot = this.kind === "Role" ? "roleB" : this.kind === "Callback" ? "cbB" : "instB";
    const candidates = (Object.keys(KIND_OF) as Slot[]).filter(
      (slot) => KIND_OF[slot] === this.kind && real.program[slot] !== undefined,
    );
    if (candidates.length === 0) return;
    await upAndCheck(real, false);
    const slot = pick(candidates, this.variant);
    const entry = real.sim.state.get(slot)!;
    const recorded = JSON.stringify(entry);
    const other = otherStackOf(real);
    other.program[claimSlot] = this.claimOf(real, slot);
    let failure: unknown;
    try {
      failure = await runOther(real, declarations(other.program));
    } finally {
      delete other.program[claimSlot];
    }
    if (failure === undefined)
      fail(
        `the other stack declared the natural key of ${slot} (${entry.id}) and its up succeeded: two stacks would manage one object`,
      );
    refusalNamesFix(failure, entry.id);
    if (failure instanceof StepError && (failure.op !== "create" || failure.resource !== claimSlot)) throw failure;
    if (JSON.stringify(real.sim.state.get(slot)) !== recorded)
      fail(`a run of the other stack changed this stack's state of ${slot}`);
    await refreshPlansNothing(real.sim, declarations(real.program));
    await upAndCheckOther(real);
    worldEventCounts.otherStackRefused++;
  }

  /** The other stack's declaration of the natural key of this stack's object in `slot`, on its connection. */
  private claimOf(real: Real, slot: Slot): Record<string, unknown> {
    const declared = real.program[slot]!;
    const entry = real.sim.state.get(slot)!;
    let claim: Record<string, unknown>;
    switch (this.kind) {
      case "Role":
        // The same values (nothing tells the two apart but a marker roles cannot carry), or other ones.
        claim =
          this.variant % 2 === 0
            ? {
                name: declared.name,
                slug: declared.slug,
                permissions: declared.permissions,
                description: declared.description,
              }
            : { name: "Claimed", slug: declared.slug, permissions: ["thread_read"] };
        break;
      case "Callback":
        claim = { integrationProviderId: entry.outputs.integrationProviderId, name: pick(NAMES, this.variant) };
        break;
      case "CallbackInstance":
        // The ids as the other stack's program would write them: the objects of this stack, by id.
        claim = {
          callbackId: entry.outputs.callbackId,
          providerConfigId: entry.outputs.providerConfigId,
          providerAuthConfigId: entry.outputs.providerAuthConfigId ?? undefined,
        };
        break;
    }
    setConnection(claim, connectionOf(entry.outputs));
    return claim;
  }
  toString = () =>
    `the other stack declares the natural key of this stack's ${this.kind} (${this.variant}; must be refused)`;
}

/**
 * An object the other stack holds, handed over to this stack (issue 51, failure 3): this stack
 * declares it with adoptId in an empty slot of its kind. The preview warns that it carries another
 * resource's create marker (another stack may still hold it, and its destroy would delete it), naming
 * the object and the fix, and writes nothing. The user does as the warning says: `pulumi state delete`
 * of it in the other stack, whose program then no longer declares it; then up adopts it. Nothing
 * either stack holds is touched by the other's runs, before or after (runOther, upAndCheck), and the
 * other stack's next run leaves it alone. A callback or config: the kinds with a marker.
 */
export class AdoptFromOtherStack implements Command {
  constructor(
    readonly slot: "cbA" | "pcA",
    readonly name: number,
    /** Where the other stack makes it, when it holds none. */
    readonly connection: Connection = undefined,
  ) {}
  check = always;
  async run(m: Model, real: Real) {
    if (!real.sim.preview || !warningsCaptured() || real.other?.handedOver?.has(this.slot)) return;
    // The other stack makes one first, where it holds none.
    if (!real.other?.sim.state.has(this.slot))
      await new OtherStackDeclares(this.slot, this.name, this.connection, false).run(m, real);
    const other = otherStackOf(real);
    const entry = other.sim.state.get(this.slot);
    if (!entry || !other.sim.stateDelete) return;
    // Handed over alone: an instance of the other stack on it would go with it (--target-dependents) and be left to no one.
    if (
      Object.values(other.program).some((args) =>
        Object.values(args ?? {}).some((value) => isRef(value) && value.$ref === this.slot),
      )
    )
      return;
    const kind = KIND_OF[this.slot];
    const target = slotsOf(kind).find((s) => real.program[s] === undefined && !real.sim.state.has(s));
    if (!target) return;
    await upAndCheck(real, false);
    const declaration = this.declarationOf(entry.id, entry.outputs, kind);
    if (keyDeclaredElsewhere(real, target, declaration)) return;
    real.program[target] = declaration;

    await real.world.resetRequestCounts();
    const mark = warningMark();
    const refused = await real.sim.preview(declarations(real.program)).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (refused !== undefined) throw refused;
    const warned = warningsSince(mark).find((warning) => warning.includes(`${entry.id} ${FOREIGN_MARKER}`));
    if (!warned)
      fail(
        `adopting ${entry.id}, which the other stack's create made and holds, was not warned about at preview: ${JSON.stringify(warningsSince(mark))}`,
      );
    if (!warned.includes("Run pulumi state delete on it there first"))
      fail(`the warning about adopting ${entry.id} does not name the fix: ${warned}`);
    const written = await real.world.writesCounted();
    if (Object.keys(written).length > 0) fail(`a preview of an adoption wrote: ${JSON.stringify(written)}`);

    // As the warning says: the other stack lets go of it first, and no longer declares it.
    other.sim.stateDelete(this.slot);
    delete other.program[this.slot];
    (other.handedOver ??= new Set()).add(this.slot);
    real.watched.delete(entry.id);
    if (kind === "ProviderConfig") real.keptSettings.set(entry.id, await real.world.configSettings(entry.id));
    await upAndCheck(real, false);
    if (real.sim.state.get(target)?.id !== entry.id)
      fail(`${target} declared with adoptId: "${entry.id}" holds ${real.sim.state.get(target)?.id}`);
    await upAndCheckOther(real);
    worldEventCounts.foreignAdoptionWarned++;
  }

  /**
   * This stack's declaration of the other stack's object, as `pulumi-tcs generate` writes it: its
   * values, a config's deployment included (a refresh that finds it changed by hand records inputs
   * without it, which check once read as a replace-only change: docs/model-testing.md), and no `value`.
   */
  private declarationOf(id: string, outputs: Record<string, unknown>, kind: ResourceKind): Record<string, unknown> {
    // Its name, or another (in place); none where it has none (null in outputs).
    const name = pick(NAMES, this.name) ?? (outputs.name as string | null | undefined) ?? undefined;
    const args: Record<string, unknown> =
      kind === "Callback"
        ? { adoptId: id, integrationProviderId: outputs.integrationProviderId, name }
        : {
            adoptId: id,
            providerId: outputs.providerId,
            providerDeploymentId: outputs.providerDeploymentId,
            providerConfigVaultId: outputs.providerConfigVaultId ?? undefined,
            name,
          };
    setConnection(args, connectionOf(outputs));
    return args;
  }
  toString = () =>
    `adopt the other stack's ${this.slot} (${this.name}${this.connection ? `, if new: on ${this.connection}` : ""}; warned at preview, handed over by its state delete, then adopted)`;
}

/** What the preview says of an adoptId naming an object another resource's create made (provider/engine/ownership.ts). */
const FOREIGN_MARKER = "has another resource's create marker: another stack (or this one, under another name) made it";
