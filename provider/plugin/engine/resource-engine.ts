// The shared engine: check, diff, create, read, update and delete for any resource. Everything
// resource-specific lives in its shape (shapes/*.ts: the fields and how each changes) and its binding
// (plugin/bindings/*.ts: the API calls and the record's outputs); everything about how Pulumi expects
// a provider to behave lives here, once.
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { canonical, isUnknown, sameValue } from "../../shapes/normalize";
import { connectionNameProblem } from "../../connections";
import { CONNECTION_INPUT, CREATE_KEY_INPUT, PROVIDER_INPUT, VALIDATED_BY_INPUT } from "../../shapes/reserved";
import type { ShapeRules } from "../../shapes/shape";
import type { ApiContext, Binding, LiveObject } from "./binding";
import type { PageLike } from "./read-batcher";
import { hasMarker, markerFor } from "./create-marker";
import { collidingId, describeError, outcomeUnknown } from "./errors";
import { replaceOnChange, withReplaceOnChanges } from "./replace-on-changes";
import { alreadyValidated, markValidated } from "./validated-by";
import { warn } from "./warn";

type Props = Record<string, unknown>;

/** What the plugin calls on a resource type's provider object (see plugin/serve.ts). */
export type ProviderMethods = Required<Pick<pulumi.dynamic.ResourceProvider, "check" | "diff" | "create" | "read" | "update" | "delete">>;

/**
 * A create whose outcome was unknown and that certainly made nothing is sent again, up to this many
 * times in all, after a growing pause. Each attempt is checked first, so the count only bounds how
 * long an unattended run keeps trying through a flaky service (20% 5xx: one resource in ~15000 fails).
 */
const CREATE_ATTEMPTS = 6;
const CREATE_BACKOFF_MS = 250;
const CREATE_BACKOFF_CAP_MS = 4_000;

/** Allows for clock skew between this machine and the service when matching created_at. */
const CLOCK_SKEW_MS = 5 * 60_000;

export class ResourceEngine<Args extends Props, Outputs extends Props, R extends LiveObject> implements ProviderMethods {
  private readonly shape: ShapeRules<Args>;

  /**
   * Ids whose replacement this process's diff planned: never an orphan nor a lost create's result,
   * even when they carry the marker the replacement will (a replaceOnChanges field put back after a
   * change by hand declares what the old object was made with). Taking one over would let the pending
   * delete of the replaced resource remove the object state then points at.
   */
  private readonly replacing = new Set<string>();

  constructor(
    private readonly binding: Binding<Args, Outputs, R>,
    /** The client and batchers of a connection (the default one when none is named). */
    private readonly api: (connection?: string) => ApiContext,
    /**
     * Throws a message saying how to configure the connection when something is missing; when the
     * step writes, also when the service refuses the connection's key.
     */
    private readonly assertConfigured: (connection: string | undefined, step: { writes: boolean }) => void | Promise<void>,
    /** The first pause before a create is sent again; tests that inject faults by the thousand shorten it. */
    private readonly createBackoffMs: number = CREATE_BACKOFF_MS,
  ) {
    this.shape = binding.shape;
  }

  private get kind(): string {
    return this.shape.token;
  }

  async check(olds: Props, news: Props): Promise<pulumi.dynamic.CheckResult> {
    const connectionFailure = this.connectionFailure(news);
    if (connectionFailure) return { inputs: news, failures: [connectionFailure] };
    const connection = connectionOf(news);
    const known = !isUnknown(news[CONNECTION_INPUT]);
    if (known) await this.assertConfigured(connection, { writes: false });
    const isNew = Object.keys(stripEngineKeys(olds)).length === 0;
    // Unchanged inputs that these same checks passed pass again (validated-by.ts); the rest of check
    // still runs, and costs nothing for them.
    const failures = alreadyValidated(olds, news) ? [] : this.validate(news);
    if (failures.length === 0) failures.push(...this.adoptionFailures(olds, news), ...this.replacementConflicts(olds, news));
    if (failures.length === 0 && this.shape.checkChange) {
      failures.push(...this.shape.checkChange(news as Args, olds, { isNew, createsObject: isNew || this.replaceOnlyChanges(olds, news).length > 0 }));
    }
    // Inputs that pass and a step that writes: the connection's key must be one the service takes
    // (checked once per run, so a preview with no changes sends nothing).
    if (failures.length === 0 && known && (isNew || connectionMoved(olds, news) || this.declarationChanged(olds, news))) {
      await this.assertConfigured(connection, { writes: true });
      // A move also deletes from the old connection: its key is checked too, before the create is made.
      if (!isNew && connectionMoved(olds, news)) await this.assertConfigured(connectionOf(olds), { writes: true });
    }
    if (failures.length === 0 && this.binding.checkLive) {
      failures.push(...(await this.binding.checkLive(this.api(connection), news as Args, olds)));
    }
    // Only inputs validated whole are recorded as passed: a value not known yet was not checked.
    return { inputs: failures.length === 0 && !isUnknown(news) ? markValidated(news) : news, failures };
  }

  /**
   * Inputs that differ from the previous inputs and whose change replaces the object (replace-only, or
   * named by replaceOnChanges): the change is planned as a replacement. Values not known yet are left
   * to diff.
   */
  private replaceOnlyChanges(olds: Props, news: Props): string[] {
    const moved = connectionMoved(olds, news) && !isUnknown(news[CONNECTION_INPUT]) ? [CONNECTION_INPUT] : [];
    return [...this.changes(olds, news).replaces.filter((name) => !isUnknown(news[name])), ...moved];
  }

  /**
   * Whether the declared fields differ from the previous declaration (check sees the recorded inputs,
   * not outputs: a field left out on both sides is the same, whatever an absent declaration means).
   */
  private declarationChanged(olds: Props, news: Props): boolean {
    return Object.entries(this.shape.rules).some(([name, rule]) => {
      const [before, after] = [olds[name], news[name]];
      if (isUnknown(after)) return true;
      if (before === undefined && after === undefined) return false;
      return !sameValue(before, after, rule);
    });
  }

  /** A connection name that cannot be one (its existence in config is checked with the settings). */
  private connectionFailure(news: Props): pulumi.dynamic.CheckFailure | undefined {
    const connection = news[CONNECTION_INPUT];
    if (connection === undefined || isUnknown(connection)) return undefined;
    if (typeof connection !== "string") return { property: CONNECTION_INPUT, reason: "must be the name of a connection in tcs:connections (a string)" };
    const problem = connectionNameProblem(connection);
    return problem ? { property: CONNECTION_INPUT, reason: problem } : undefined;
  }

  /**
   * A replace-only change of an adopted object while adoptId stays: the replacement's create would
   * adopt the same object again, which the service cannot change, and state would record a value the
   * service never got. Refused at preview, saying the two ways forward.
   */
  private adoptionFailures(olds: Props, news: Props): pulumi.dynamic.CheckFailure[] {
    const adoptId = news.adoptId;
    if (typeof adoptId !== "string" || olds.adoptId !== adoptId) return [];
    return this.replaceOnlyChanges(olds, news).map((name) => ({
      property: name,
      reason:
        `cannot change on ${adoptId} while adoptId names it: the service cannot change ${name} of an existing object, and a ` +
        `replacement would adopt the same object again. Remove adoptId in the same change to replace it with a new object ` +
        `(the adopted one is then deleted), or keep the previous ${name}`,
    }));
  }

  /** Schema failures for the declared inputs, leaving out values not known until apply. */
  private validate(news: Props): pulumi.dynamic.CheckFailure[] {
    const result = this.shape.schema.safeParse(stripEngineKeys(news));
    if (result.success) return [];
    return result.error.issues
      .filter((issue) => !isUnknown(valueAt(news, issue.path)) && !isUnknown(news[String(issue.path[0])]))
      .map((issue) => ({ property: issue.path.map(String).join(".") || "(inputs)", reason: reasonFor(issue) }));
  }

  async diff(id: string, olds: Props, news: Props): Promise<pulumi.dynamic.DiffResult> {
    const { changed, replaces } = this.changes(olds, news);
    const reason = this.shape.replacementReason?.(olds, news as Args);
    if (reason) {
      // A replacement the service's side asks for (an archived callback, an expired session) creates
      // an object from inputs check saw as unchanged: check them as a create's now, at preview,
      // rather than let the service refuse them halfway through the up.
      const failures = this.shape.checkChange?.(news as Args, {}, { isNew: true, createsObject: true }) ?? [];
      if (failures.length > 0) {
        throw new Error(
          `${this.kind} must be replaced (its ${reason} is ${JSON.stringify(olds[reason])}), and its replacement cannot be created as declared: ` +
            failures.map((f) => `${f.property} ${f.reason}`).join("; "),
        );
      }
      replaces.push(reason);
    }
    // Another connection is another environment: the object is made there and deleted here.
    const moved = connectionMoved(olds, news);
    if (moved) replaces.push(CONNECTION_INPUT);
    // The new object can only be made once the old one is gone (the user's deleteBeforeReplace still
    // wins). An object replaced because it is no longer live (an archived callback) holds no key.
    if (replaces.length > 0) this.replacing.add(id);
    const deleteBeforeReplace = replaces.length > 0 && !reason && !moved && !this.shape.undeletable && this.keepsUniqueKey(olds, news);
    return { changes: changed.length > 0 || replaces.length > 0, replaces, deleteBeforeReplace };
  }

  /** The declared fields that differ from `olds`, and those of them whose change replaces the object. */
  private changes(olds: Props, news: Props): { changed: string[]; replaces: string[] } {
    const changed: string[] = [];
    const replaces: string[] = [];
    for (const [name, rule] of Object.entries(this.shape.rules)) {
      const declared = news[name];
      if (declared === undefined && rule.serverDefault) continue;
      const differs = isUnknown(declared) || !sameValue(olds[name], declared, rule);
      if (!differs) continue;
      changed.push(name);
      if (rule.onChange === "replace" || replaceOnChange(name, olds, news)) replaces.push(name);
    }
    return { changed, replaces };
  }

  /** Whether a change keeps the value of the field the service allows one live object for. */
  private keepsUniqueKey(olds: Props, news: Props): boolean {
    const key = this.shape.uniqueKey;
    return key !== undefined && olds[key] !== undefined && !isUnknown(news[key]) && sameValue(olds[key], news[key], this.shape.rules[key]);
  }

  /**
   * A replacement that cannot be carried out, refused at preview: one that keeps the unique key of
   * an object the API cannot delete (a role whose replaceOnChanges names a field that changed while
   * its slug did not) would fail on create, the old object still holding the key. A replacement on
   * another connection is made in another environment, where the old object holds nothing.
   */
  private replacementConflicts(olds: Props, news: Props): pulumi.dynamic.CheckFailure[] {
    const key = this.shape.uniqueKey;
    if (!key || !this.shape.undeletable || connectionMoved(olds, news) || !this.keepsUniqueKey(olds, news)) return [];
    return this.changes(olds, news).replaces.map((name) => ({
      property: name,
      reason:
        `changing it replaces the ${this.shape.kind} (replaceOnChanges), and the replacement needs a new ${key}: the service allows ` +
        `one per ${key} and its API cannot delete the old one. Change ${key} too, or take ${name} out of replaceOnChanges.`,
    }));
  }

  async create(inputs: Props): Promise<pulumi.dynamic.CreateResult> {
    const args = this.parse(inputs);
    const connection = connectionOf(inputs);
    const ctx = this.api(connection);
    if (typeof args.adoptId === "string") return this.adopt(ctx, args, args.adoptId, connection);
    const marker = markerFor(ctx.markerSecret, inputs[CREATE_KEY_INPUT], args, withReplaceOnChanges(this.shape.rules, inputs));
    const orphan = await this.findOrphan(ctx, args, marker);
    if (orphan) {
      warn(
        `${this.kind} ${orphan.id}: taken over instead of creating a new one: it carries this resource's create marker, so an earlier ` +
          `run made it and did not record it (the run was interrupted, or a destroy could not delete it)`,
      );
      return this.takeOver(ctx, args, orphan, connection);
    }
    const sentAt = new Date(Date.now() - CLOCK_SKEW_MS);
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          const record = await this.binding.create(ctx, args, marker);
          return { id: record.id, outs: this.outputs(record, args, connection) };
        } catch (error) {
          const found = await this.reconcileFailedCreate(ctx, args, marker, sentAt, error, attempt < CREATE_ATTEMPTS, connection);
          if (found) {
            // Found by its natural key (an instance's config, a role's slug), it may be an object
            // another resource of this run still holds and is about to delete (a resource renamed
            // without an alias): this run must not delete what a create returned.
            ctx.takenOver.add(found.id);
            return { id: found.id, outs: this.outputs(found, args, connection) };
          }
          // Nothing was created: the POST is safe to send again, once the service had a moment.
          await pause(attempt, this.createBackoffMs);
        }
      }
    } finally {
      ctx.reads.invalidate(this.shape.kind);
    }
  }

  /**
   * An object with this resource's marker that already exists: made by an earlier run that was
   * killed between its POST and writing state. One scan per scope per run, taken before this run's
   * own creates (which carry other markers), so it costs a list page per scope, not a request per create.
   */
  private async findOrphan(ctx: ApiContext, args: Args, marker: string): Promise<R | undefined> {
    const scope = this.binding.markedIn?.(ctx, args);
    if (!scope) return undefined;
    return ctx.orphans.findWhere(
      scope.scope,
      () => scope.list(),
      (record) => hasMarker(record.metadata, marker) && !this.replacing.has(record.id),
    );
  }

  /** The object a create with this marker made, looked up afresh (after a lost answer). */
  private async findCreated(ctx: ApiContext, args: Args, marker: string, sentAt: Date): Promise<R | undefined> {
    const scope = this.binding.markedIn?.(ctx, args);
    if (!scope) {
      const found = await this.binding.findCreated?.(ctx, args, sentAt);
      return found && !this.replacing.has(found.id) ? found : undefined;
    }
    for (let page: PageLike<R> | null = await scope.list(); page; page = page.hasMoreAfter ? await page.nextPage() : null) {
      const found = page.items.find((record) => hasMarker(record.metadata, marker) && !this.replacing.has(record.id));
      if (found) return found;
    }
    return undefined;
  }

  /**
   * A create that failed: if its outcome is unknown, find what it made (so nothing is left behind
   * and nothing is made twice), or return undefined when it certainly made nothing and may be sent
   * again; if it collided with an existing object, say how to adopt it. Throws otherwise.
   */
  private async reconcileFailedCreate(
    ctx: ApiContext,
    args: Args,
    marker: string,
    sentAt: Date,
    error: unknown,
    mayRetry: boolean,
    connection: string | undefined,
  ): Promise<R | undefined> {
    if (outcomeUnknown(error)) {
      const found = await this.findCreated(ctx, args, marker, sentAt).catch((lookupError: unknown) => {
        throw new Error(
          `${describeError(`creating ${this.kind}`, error, connection)}. The service may have created it, and looking for it failed too ` +
            `(${describeError("lookup", lookupError)}); run pulumi up again: it finds an object it made by its create marker.`,
        );
      });
      if (found || mayRetry) return found;
      throw new Error(`${describeError(`creating ${this.kind}`, error, connection)}. No object was created; run pulumi up again.`);
    }
    const existing = collidingId(error);
    if (existing) {
      const identical = await this.identicalUnmarked(ctx, args, existing);
      if (identical) {
        warn(`${this.kind} ${existing}: taken over instead of creating a new one: it already exists with exactly the declared values`);
        return identical;
      }
      throw new Error(
        `creating ${this.kind} failed: ${existing} already exists (${error instanceof Error ? error.message : String(error)}). ` +
          `To manage the existing object with Pulumi, set adoptId: "${existing}" on this resource.`,
      );
    }
    throw new Error(describeError(`creating ${this.kind}`, error, connection));
  }

  /**
   * For resources with no metadata to mark (roles, instances), an object the create collided with is
   * taken as ours when it matches the declaration in every field: an orphan of an interrupted run, or
   * a role that outlived a destroy (the API cannot delete roles). Anything that differs stays a
   * collision that names adoptId. Resources with a marker find their orphans by it instead.
   */
  private async identicalUnmarked(ctx: ApiContext, args: Args, id: string): Promise<R | undefined> {
    if (this.binding.markedIn || this.replacing.has(id)) return undefined;
    const live = await this.binding.read(ctx, id, args).catch(() => undefined);
    if (!live || this.binding.isGone?.(live)) return undefined;
    const current = this.outputs(live, args);
    const same = Object.entries(this.shape.rules).every(
      ([name, rule]) => rule.writeOnly || (args[name] === undefined && rule.serverDefault) || sameValue(current[name], args[name], rule),
    );
    if (!same) return undefined;
    ctx.takenOver.add(live.id);
    return live;
  }

  /** Takes over an existing object by id (adoptId). */
  private async adopt(ctx: ApiContext, args: Args, id: string, connection: string | undefined): Promise<pulumi.dynamic.CreateResult> {
    const readLive = async () => (await this.binding.read(ctx, id, args)) ?? (await this.binding.retrieve?.(ctx, id));
    const live = await readLive().catch((error: unknown) => {
      throw new Error(describeError(`adopting ${this.kind} ${id}`, error, connection));
    });
    if (!live || this.binding.isGone?.(live)) {
      throw new Error(`adoptId: ${this.kind} ${id} does not exist in this environment (or was deleted); check the id, or remove adoptId to create a new one.`);
    }
    const current = this.outputs(live, args);
    const reason = this.shape.replacementReason?.(current, args);
    if (reason) {
      // Taking it over would plan its replacement at once, and that replacement would adopt it again.
      throw new Error(
        `adoptId: ${this.kind} ${id} cannot be managed: its ${reason} is ${JSON.stringify(current[reason])}, which Pulumi replaces; remove adoptId to create a new one.`,
      );
    }
    const replaceOnly = Object.entries(this.shape.rules).filter(
      ([name, rule]) => rule.onChange === "replace" && !rule.writeOnly && args[name] !== undefined && !sameValue(current[name], args[name], rule),
    );
    if (replaceOnly.length > 0) {
      const list = replaceOnly.map(([name]) => `${name} (live: ${JSON.stringify(current[name])}, declared: ${JSON.stringify(args[name])})`).join(", ");
      throw new Error(`adoptId: ${this.kind} ${id} differs in properties that cannot change in place: ${list}. Declare the live values to adopt it.`);
    }
    return this.takeOver(ctx, args, live, connection);
  }

  /** Manages an existing object from now on, bringing its in-place fields to the declared values. */
  private async takeOver(ctx: ApiContext, args: Args, live: R, connection: string | undefined): Promise<pulumi.dynamic.CreateResult> {
    ctx.takenOver.add(live.id);
    const current = this.outputs(live, args);
    const inPlace = Object.entries(this.shape.rules).some(
      ([name, rule]) => rule.onChange === "update" && !(args[name] === undefined && rule.serverDefault) && !sameValue(current[name], args[name], rule),
    );
    let record = live;
    if (inPlace && this.binding.update) {
      record = await this.binding.update(ctx, live.id, args, current).catch((error: unknown) => {
        throw new Error(describeError(`taking over ${this.kind} ${live.id}`, error, connection));
      });
      ctx.reads.invalidate(this.shape.kind);
    }
    return { id: live.id, outs: this.outputs(record, args, connection) };
  }

  async read(id: string, props: Props): Promise<pulumi.dynamic.ReadResult> {
    const connection = connectionOf(props);
    const record = await this.binding.read(this.api(connection), id, props).catch((error: unknown) => {
      throw new Error(describeError(`reading ${this.kind} ${id}`, error, connection));
    });
    // No id tells the engine the object is gone, so it drops from state.
    if (!record || this.binding.isGone?.(record)) return {};
    const outs = this.outputs(record, props as Args, connection);
    const inputs = this.refreshedInputs(outs, props);
    return inputs ? { id, props: outs, inputs } : { id, props: outs };
  }

  /**
   * When a declared field changed outside Pulumi, the inputs that describe the object as it now is,
   * for the engine to record: the next diff then starts from the live value, so `ignoreChanges` keeps
   * a change made by hand instead of reverting it (it copies the recorded input into the program's).
   * Read sees the outputs in state, not the inputs, so it cannot tell what the program left
   * undeclared; with no change it returns none, and the engine keeps the recorded inputs as they are.
   * A secret input stays secret: the engine marks returned inputs secret where the recorded ones were.
   */
  private refreshedInputs(live: Props, state: Props): Props | undefined {
    const fields = this.shape.rules;
    const drifted = Object.entries(fields).some(([name, rule]) => !rule.writeOnly && !sameValue(live[name], state[name], rule));
    if (!drifted) return undefined;
    const inputs: Props = {};
    for (const name of this.shape.inputNames) {
      const rule = fields[name];
      const value = live[name];
      // A value the service picks when none is declared: most programs leave it out, and an input
      // recorded that the program lacks would show in every plan as one about to be removed.
      if (rule?.serverDefault) continue;
      // Not set: no value, what an absent declaration means (allow_all filters), a boolean option off.
      if (canonical(value) === null || value === false || (rule?.absentMeans !== undefined && sameValue(value, undefined, rule))) continue;
      // Outputs carry every input: live values, and those the API never returns (a config's value,
      // adoptId) as recorded.
      inputs[name] = value;
    }
    if (live[CONNECTION_INPUT] !== undefined) inputs[CONNECTION_INPUT] = live[CONNECTION_INPUT];
    return inputs;
  }

  async update(id: string, olds: Props, news: Props): Promise<pulumi.dynamic.UpdateResult> {
    const update = this.binding.update;
    if (!update) throw new Error(`${this.kind} has no in-place changes; this is a bug in pulumi-tcs (diff should have planned a replacement)`);
    const args = this.parse(news);
    const connection = connectionOf(news);
    const ctx = this.api(connection);
    try {
      const record = await update(ctx, id, args, olds);
      return { outs: this.outputs(record, args, connection) };
    } catch (error) {
      throw new Error(describeError(`updating ${this.kind} ${id}`, error, connection), { cause: error });
    } finally {
      ctx.reads.invalidate(this.shape.kind);
    }
  }

  async delete(id: string, props: Props): Promise<void> {
    const connection = connectionOf(props);
    const ctx = this.api(connection);
    if (ctx.takenOver.has(id)) {
      // A create of this run found this object and took it as its own (a forced replacement with
      // unchanged inputs, a resource renamed without an alias): the "new" resource is this object,
      // and deleting it would leave the stack pointing at nothing.
      warn(
        `${this.kind} ${id}: not deleted: another resource of this run took it over (a forced replacement with unchanged inputs, or a resource renamed without an alias, keeps the object)`,
      );
      return;
    }
    try {
      const note = await this.binding.delete(ctx, id, props);
      if (note) warn(`${this.kind} ${id}: ${note}`);
    } catch (error) {
      throw new Error(describeError(`deleting ${this.kind} ${id}`, error, connection), { cause: error });
    } finally {
      ctx.reads.invalidate(this.shape.kind);
    }
  }

  private parse(inputs: Props): Args {
    const result = this.shape.schema.safeParse(stripEngineKeys(inputs));
    if (!result.success) {
      const reasons = result.error.issues.map((issue) => `${issue.path.join(".")}: ${reasonFor(issue)}`).join("; ");
      throw new Error(`invalid ${this.kind} inputs: ${reasons}`);
    }
    return result.data;
  }

  private outputs(record: R, args: Args, connection?: string): Props {
    const outs: Props = { ...this.binding.toOutputs(record, args) };
    // A field the record left out is unknown, never changed (docs/contract-decisions.md, tolerant
    // reading): what was recorded before (on read) or declared (on create and update) stands.
    for (const [name, value] of Object.entries(outs)) if (value === undefined && args[name] !== undefined) outs[name] = args[name];
    for (const [name, defaultValue] of Object.entries(this.shape.settings)) outs[name] = args[name] ?? defaultValue;
    if (typeof args.adoptId === "string") outs.adoptId = args.adoptId;
    // Only a named connection is recorded: a resource on the default one reads as it did before connections existed.
    if (connection !== undefined) outs[CONNECTION_INPUT] = connection;
    return outs;
  }
}

/** Capped exponential backoff with full jitter, so parallel creates do not return in step. */
function pause(attempt: number, firstMs: number): Promise<void> {
  const ceiling = Math.min(CREATE_BACKOFF_CAP_MS, firstMs * 2 ** (attempt - 1));
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}

function stripEngineKeys(inputs: Props): Props {
  const { [PROVIDER_INPUT]: _provider, [CREATE_KEY_INPUT]: _createKey, [CONNECTION_INPUT]: _connection, [VALIDATED_BY_INPUT]: _validatedBy, ...rest } = inputs;
  return rest;
}

/** The connection a resource's inputs or outputs name: undefined for the default connection. */
function connectionOf(props: Props): string | undefined {
  const connection = props[CONNECTION_INPUT];
  return typeof connection === "string" ? connection : undefined;
}

/** Whether the new inputs name another connection than the recorded inputs or outputs. */
function connectionMoved(olds: Props, news: Props): boolean {
  return isUnknown(news[CONNECTION_INPUT]) || connectionOf(olds) !== connectionOf(news);
}

function valueAt(value: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function reasonFor(issue: z.core.$ZodIssue): string {
  return issue.message;
}
