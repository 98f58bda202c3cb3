// The create path: everything between a create the engine asks for and the object it records. It
// makes sure a stack never gets an object twice and never loses one: it adopts an object named by
// adoptId; resumes an unfinished create of this very resource on this machine (create-intents.ts) by
// taking over what it made, found by its create marker; removes what such a create made for values no
// longer declared; reconciles a create whose answer was lost (finds what it made, sends it again only
// when it certainly made nothing, and never while it may still commit); and, for kinds without a
// marker, takes over an identical object a create collided with only to resume its own unfinished
// create. Only the stack that holds an object deletes it: anything else it meets (a marker proves
// only that the names match, ownership.ts) it never takes over nor deletes, and the create fails
// saying how to claim it. Planning (planner.ts) and refresh (resource-engine.ts) are elsewhere.
import type { BackoffPolicy } from "../../sdk";
import { DiagnosticError, type Diagnostic, type Refusal } from "../diagnostic";
import { sameValue } from "../shapes/normalize";
import type { ShapeRules } from "../shapes/shape";
import type { ApiContext, Binding, LiveObject } from "./binding";
import { beginCreate, endCreate, mayCommitUntil, unfinishedCreate, type UnfinishedCreate } from "./create-intents";
import {
  collisionRefusal,
  leftoverLeft,
  notHeldRefusal,
  sessionLeftBeside,
  unprovenRefusal,
  type Collision,
} from "./ownership";
import {
  adoptDiffers,
  adoptMissing,
  adoptReplaced,
  createLookupFailed,
  createMayStillCommit,
  earlierCreateSettling,
  heldByAnotherResource,
  leftoverRemoval,
  nothingCreated,
  takenOverByMarker,
  takenOverIdentical,
  waitingForLateCommit,
} from "./create-messages";
import { hasMarker, madeBySameResource, markerFor, markerIn } from "./create-marker";
import { connectionOf, createKeyOf, parseArgs, type Props } from "./engine-inputs";
import { collidingId, mayStillCommit, outcomeUnknown, serviceFailure } from "./errors";
import { outputsOf } from "./outputs";
import { sdk } from "./sdk";
import type { PageLike } from "./read-batcher";
import { warnAboutResource } from "./warn";
import type { Created } from "./results";

/**
 * A create whose outcome was unknown and that certainly made nothing is sent again, up to this many
 * times in all, after a growing pause. Each attempt is checked first, so the count only bounds how
 * long an unattended run keeps trying through a flaky service (20% 5xx: one resource in ~15000 fails).
 */
export const CREATE_ATTEMPTS = 6;

/** The pauses between those attempts: 250 ms, 500 ms, ... up to 4 s (the SDK's backoff, from a shorter start). */
export const CREATE_BACKOFF: BackoffPolicy = { initialMs: 250, maxMs: 4_000 };

/**
 * The longest a create waits for an earlier run's unanswered create of the same resource to settle
 * (the service may still commit it): a longer wait is refused, naming the moment to run again, as a
 * run that waits silently longer than this looks hung.
 */
export const MAX_SETTLE_WAIT_MS = 90_000;

/** While it waits, how often it looks for what that create made: a handful of list requests a minute. */
export const SETTLE_POLL_MS = 5_000;

/** Allows for clock skew between this machine and the service when matching created_at. */
const CLOCK_SKEW_MS = 5 * 60_000;

export class CreatePath<Args extends Props, R extends LiveObject> {
  private readonly shape: ShapeRules<Args>;

  constructor(
    private readonly binding: Binding<Args, Props, R>,
    private readonly api: (connection?: string) => ApiContext,
    /**
     * Ids the engine named to this process as held by this stack's state (diffed, read or deleted in
     * this run): never an orphan nor a lost create's result, even when they carry the marker a
     * replacement will (the object it replaces, a session a deleteBeforeReplace let go of). Taking one
     * over would let the pending delete of the replaced resource remove the object state then points at.
     */
    private readonly inState: ReadonlySet<string>,
    private readonly backoff: BackoffPolicy = CREATE_BACKOFF,
  ) {
    this.shape = binding.shape;
  }

  private get kind(): string {
    return this.shape.token;
  }

  /** `urn`: the resource's URN, where the door knows it (the native one), for the commands an error names. */
  async create(inputs: Props, urn?: string): Promise<Created> {
    const created = await this.createOrTakeOver(inputs, urn);
    // One object, one resource: what this create returned is no other create's to take over.
    this.api(connectionOf(inputs)).claimed.add(created.id);
    return created;
  }

  private async createOrTakeOver(inputs: Props, urn: string | undefined): Promise<Created> {
    const args = parseArgs(this.shape, inputs);
    const connection = connectionOf(inputs);
    const ctx = this.api(connection);
    const call: CreateCall<Args> = { ctx, args, connection, urn };
    if (typeof args.adoptId === "string") return this.adopt(call, args.adoptId);
    const marker = markerOf(ctx, this.shape, args, inputs);
    // Read before this create writes its own (create-intents.ts).
    const unfinished = unfinishedCreate(marker);
    const resuming = unfinished !== undefined;
    const found = await this.findOrphan(call, marker, unfinished?.before ?? NONE);
    const { marked } = found;
    // An earlier run's create the service may still commit: wait for it rather than make a second object.
    const orphan = found.orphan ?? (unfinished ? await this.awaitLateCommit(call, marker, unfinished) : undefined);
    if (orphan && resuming) {
      warnAboutResource(takenOverByMarker(this.kind, orphan.id), urn);
      const taken = await this.takeOver(call, orphan, marker);
      finish(marker, urn);
      return taken;
    }
    // Not provably this stack's: dropped from state, made by a killed run, a twin stack's, or the object
    // a targeted replace replaces (the engine tells a provider nothing of it). The user says which. A
    // setup session blocks nothing: the API cannot delete one, so every destroy leaves its session
    // pending with the marker; a new one is made beside it, and it expires on its own.
    if (orphan && !this.shape.undeletable) throw new DiagnosticError(notHeldRefusal(this.collision(call, orphan.id)));
    // Said of each by the run that makes the new one: an unfinished create's own earlier run (a failed
    // one) may have said it of those that carried the marker before it began, and state never named them.
    if (this.shape.undeletable) for (const id of marked) warnAboutResource(sessionLeftBeside(this.kind, id), urn);
    beginCreate(marker, marked);
    const sent: SentCreate = {
      marker,
      sentAt: new Date(Date.now() - CLOCK_SKEW_MS),
      madeBefore: new Set(marked),
      resumes: unfinished,
    };
    try {
      const { retrying, backoffDelay } = sdk();
      return await retrying<Created>(
        async () => {
          const record = await this.binding.create(ctx, args, marker);
          finish(marker, urn);
          return { id: record.id, outs: outputsOf(this.binding, record, args, connection) };
        },
        async (error, retriesSoFar) => {
          const found = await this.reconcileFailedCreate(call, sent, error, retriesSoFar + 1);
          // Nothing was created: the POST is safe to send again, once the service had a moment.
          if (!found) return { retryInMs: backoffDelay(retriesSoFar, this.backoff) };
          // Found by its natural key (an instance's config, a role's slug), it may be an object
          // another resource of this run still holds and is about to delete (a resource renamed
          // without an alias): this run must not delete what a create returned.
          ctx.takenOver.add(found.id);
          finish(marker, urn);
          return { result: { id: found.id, outs: outputsOf(this.binding, found, args, connection) } };
        },
      );
    } catch (error) {
      // A create that may still have made its object stays unfinished, for the next run to take over.
      if (!(error instanceof MayExistError)) finish(marker, urn);
      throw error;
    } finally {
      ctx.reads.invalidate(this.shape.kind);
    }
  }

  /**
   * Deletes an object this create does not take over, then says so naming it; a failed delete fails
   * the create. The object is deleted as state would hold it: the declared scope (an instance's
   * callback) names where.
   */
  private async remove(
    { ctx, args, connection, urn }: CreateCall<Args>,
    found: R,
    say: { action: string; deleted: Diagnostic; ifDeleteFails?: (failed: Refusal) => Refusal },
  ): Promise<void> {
    await this.binding.delete(ctx, found.id, outputsOf(this.binding, found, args)).catch((error: unknown) => {
      const failed = serviceFailure(say.action, error, connection);
      throw new DiagnosticError(say.ifDeleteFails ? say.ifDeleteFails(failed) : failed);
    });
    ctx.reads.invalidate(this.shape.kind);
    warnAboutResource(say.deleted, urn);
  }

  /**
   * An object with this resource's marker that already exists: made by an earlier run that was
   * killed between its POST and writing state, or whose create's answer was lost; or made by a
   * same-named stack. One scan of the kind's live objects per run, taken before this run's first
   * create of the kind (so it holds none of this run's objects), costs a list page per 100 objects,
   * not a request per create. What an unfinished create of this resource on this machine made for
   * other values (the program changed since, a parent included) cannot become this resource's object:
   * it is removed, saying so, rather than left behind; one nothing proves this stack's is left, saying
   * so. Objects that carried the marker before an unfinished create began (`before`) are not what it
   * made; `marked` names every object carrying the marker, for the intent of the create that follows.
   */
  private async findOrphan(
    call: CreateCall<Args>,
    marker: string,
    before: ReadonlySet<string>,
  ): Promise<{ orphan?: R; marked: string[] }> {
    const { ctx, args } = call;
    const scope = this.binding.markedIn?.(ctx, args);
    if (!scope) return { marked: [] };
    const made = await ctx.orphans.filterWhere(
      { kind: this.shape.kind },
      () => scope.listAll(),
      (record) =>
        (hasMarker(record.metadata, marker) || madeBySameResource(record.metadata, marker)) &&
        !this.inState.has(record.id),
    );
    const marked = made.filter((record) => hasMarker(record.metadata, marker));
    const orphan = marked.find((record) => !before.has(record.id));
    const ids = marked.map((record) => record.id);
    // An object the API cannot delete (a setup session) may also be one a replacement let go of: left as it is.
    if (this.shape.undeletable) return { orphan, marked: ids };
    for (const leftover of made) {
      if (leftover === orphan || marked.includes(leftover) || ctx.takenOver.has(leftover.id)) continue;
      const unfinished = unfinishedCreateOf(leftover);
      if (unfinished && madeSince(leftover, unfinished.intent))
        await this.removeLeftover(call, leftover, unfinished.marker);
      else warnAboutResource(leftoverLeft(this.kind, leftover.id), call.urn);
    }
    return { orphan, marked: ids };
  }

  /** An object an unfinished create of this resource on this machine made for values the program no longer declares. */
  private async removeLeftover(call: CreateCall<Args>, leftover: R, itsMarker: string): Promise<void> {
    await this.remove(call, leftover, leftoverRemoval(this.kind, leftover.id));
    finish(itsMarker, call.urn);
  }

  /**
   * What an earlier run's create of this resource made, when the service may still commit it (its
   * answer never came, create-intents.ts): looked for every SETTLE_POLL_MS until it appears or the
   * moment it may commit by has passed. Undefined then: it made nothing, and the create may be sent.
   * A wait longer than MAX_SETTLE_WAIT_MS is refused, with the moment to run again.
   */
  private async awaitLateCommit(
    call: CreateCall<Args>,
    marker: string,
    earlier: UnfinishedCreate,
  ): Promise<R | undefined> {
    const settlesBy = earlier.settlesBy;
    if (settlesBy === undefined || settlesBy <= Date.now()) return undefined;
    if (settlesBy - Date.now() > MAX_SETTLE_WAIT_MS)
      throw new MayExistError(earlierCreateSettling(this.kind, settlesBy));
    const sent: SentCreate = {
      marker,
      sentAt: new Date(earlier.began - CLOCK_SKEW_MS),
      madeBefore: earlier.before,
      resumes: earlier,
    };
    warnAboutResource(waitingForLateCommit(this.kind, settlesBy), call.urn);
    for (;;) {
      const left = settlesBy - Date.now();
      await sleep(Math.max(0, Math.min(SETTLE_POLL_MS, left)));
      const found = await this.findCreated(call, sent);
      if (found || left <= SETTLE_POLL_MS) return found;
    }
  }

  /** The object a create with this marker made, looked up afresh (after a lost answer): not one that carried the marker before it. */
  private async findCreated({ ctx, args }: CreateCall<Args>, sent: SentCreate): Promise<R | undefined> {
    const scope = this.binding.markedIn?.(ctx, args);
    if (!scope) {
      const found = await this.binding.findCreated?.(ctx, args, sent.sentAt);
      return found && !this.inState.has(found.id) && !ctx.claimed.has(found.id) ? found : undefined;
    }
    const madeByIt = (record: R) =>
      hasMarker(record.metadata, sent.marker) && !this.inState.has(record.id) && !sent.madeBefore.has(record.id);
    for (
      let page: PageLike<R> | null = await scope.list();
      page;
      page = page.hasMoreAfter ? await page.nextPage() : null
    ) {
      const found = page.items.find(madeByIt);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * A create that failed: if its outcome is unknown, find what it made (so nothing is left behind
   * and nothing is made twice), or return undefined when it certainly made nothing and may be sent
   * again (`attempt` of CREATE_ATTEMPTS); if it collided with an existing object, say how to adopt it.
   * Throws otherwise.
   */
  private async reconcileFailedCreate(
    call: CreateCall<Args>,
    sent: SentCreate,
    error: unknown,
    attempt: number,
  ): Promise<R | undefined> {
    const { connection } = call;
    if (outcomeUnknown(error)) {
      const found = await this.findCreated(call, sent).catch((lookupError: unknown) => {
        throw new MayExistError(
          createLookupFailed(
            this.kind,
            serviceFailure(`creating ${this.kind}`, error, connection),
            serviceFailure("lookup", lookupError),
          ),
        );
      });
      if (found) return found;
      if (mayStillCommit(error)) {
        // Sending it again while the first may still commit is how one resource becomes two objects.
        // The service may take as long again as the client waited: the next run waits until then.
        const settlesBy = Date.now() + call.ctx.client.timeoutMs;
        const unrecorded = mayCommitUntil(sent.marker, settlesBy);
        if (unrecorded) warnAboutResource(unrecorded, call.urn);
        throw new MayExistError(createMayStillCommit(this.kind, noAnswer(error), settlesBy));
      }
      if (attempt < CREATE_ATTEMPTS) return undefined;
      throw new DiagnosticError(nothingCreated(serviceFailure(`creating ${this.kind}`, error, connection)));
    }
    const existing = collidingId(error);
    if (existing) {
      const identical = await this.identicalUnmarked(call, existing, sent);
      if (identical) {
        warnAboutResource(takenOverIdentical(this.kind, existing), call.urn);
        return identical;
      }
      throw new DiagnosticError(collisionRefusal(this.collision(call, existing), this.holds(call.args)));
    }
    throw new DiagnosticError(serviceFailure(`creating ${this.kind}`, error, connection));
  }

  /**
   * For resources with no metadata to mark (roles, instances), the object a create collided with when
   * it can be proven this resource's own: it matches the declaration in every field, and an unfinished
   * create of this very resource on this machine (an intent an earlier run left) may have made it: it
   * was made after that create began. (Within one run, a create whose answer was lost has already
   * looked for what it made, by natural key and date, before it is sent again.) An identical object with no such proof is
   * refused, not taken over nor deleted: another stack's, made by hand, or made by an interrupted
   * create on a runner that is gone, which the engine's record of that create recovers (ownership.ts).
   * Anything that differs stays a collision that names adoptId.
   */
  private async identicalUnmarked(call: CreateCall<Args>, id: string, sent: SentCreate): Promise<R | undefined> {
    const { ctx, args } = call;
    if (this.binding.markedIn || this.inState.has(id)) return undefined;
    if (ctx.claimed.has(id)) {
      throw new DiagnosticError(heldByAnotherResource(this.kind, id, this.shape.naturalKey));
    }
    const live = await this.binding.read(ctx, id, args).catch(() => undefined);
    if (!live || this.binding.isGone?.(live)) return undefined;
    const current = outputsOf(this.binding, live, args);
    const same = Object.entries(this.shape.rules).every(
      ([name, rule]) =>
        rule.writeOnly ||
        (args[name] === undefined && rule.serverDefault) ||
        sameValue(current[name], args[name], rule),
    );
    if (!same) return undefined;
    if (!madeSince(live, sent.resumes)) throw new DiagnosticError(unprovenRefusal(this.collision(call, id)));
    ctx.takenOver.add(live.id);
    return live;
  }

  /** An existing object a create collided with, as its refusal names it. */
  private collision({ args, urn }: CreateCall<Args>, id: string): Collision {
    const parent = this.binding.importParent;
    const importId = parent !== undefined && typeof args[parent] === "string" ? `${args[parent] as string}/${id}` : id;
    // A targeted replace collides with the object it replaces: deleteBeforeReplace sends that one first,
    // unless the API cannot delete it (a role keeps its slug for ever).
    const uniqueKey = this.shape.undeletable ? this.shape.uniqueKey : undefined;
    return {
      kind: this.kind,
      id,
      importId,
      urn,
      replaceFix: uniqueKey ? `change ${uniqueKey}` : "set deleteBeforeReplace",
    };
  }

  /** What a colliding object holds that the service keeps unique, as a refusal names it: `slug "ops"`, or the fields. */
  private holds(args: Args): string {
    const fields = this.shape.naturalKey ?? [];
    if (fields.length === 1) return `${fields[0]} ${JSON.stringify(args[fields[0]])}`;
    // An instance: its callback and config (an auth config, the third field, rarely tells two apart).
    return fields.length > 1 ? "this callback and config" : "these values";
  }

  /** Takes over an existing object by id (adoptId). */
  private async adopt(call: CreateCall<Args>, id: string): Promise<Created> {
    const { ctx, args, connection } = call;
    const readLive = async () => (await this.binding.read(ctx, id, args)) ?? (await this.binding.retrieve?.(ctx, id));
    const live = await readLive().catch((error: unknown) => {
      throw new DiagnosticError(serviceFailure(`adopting ${this.kind} ${id}`, error, connection));
    });
    if (!live || this.binding.isGone?.(live)) {
      throw new DiagnosticError(adoptMissing(this.kind, id));
    }
    const current = outputsOf(this.binding, live, args);
    const reason = this.shape.replacementReason?.(current, args);
    if (reason) {
      // Taking it over would plan its replacement at once, and that replacement would adopt it again.
      throw new DiagnosticError(adoptReplaced(this.kind, id, reason, current[reason]));
    }
    const replaceOnly = Object.entries(this.shape.rules).filter(
      ([name, rule]) =>
        rule.onChange === "replace" &&
        !rule.writeOnly &&
        args[name] !== undefined &&
        !sameValue(current[name], args[name], rule),
    );
    if (replaceOnly.length > 0) {
      throw new DiagnosticError(
        adoptDiffers(
          this.kind,
          id,
          replaceOnly.map(([name]) => ({ name, live: current[name], declared: args[name] })),
        ),
      );
    }
    return this.takeOver(call, live, undefined);
  }

  /** Manages an existing object from now on, bringing its in-place fields to the declared values. */
  private async takeOver(
    { ctx, args, connection }: CreateCall<Args>,
    live: R,
    marker: string | undefined,
  ): Promise<Created> {
    ctx.takenOver.add(live.id);
    const current = outputsOf(this.binding, live, args);
    const inPlace = Object.entries(this.shape.rules).some(
      ([name, rule]) =>
        rule.onChange === "update" &&
        !(args[name] === undefined && rule.serverDefault) &&
        !sameValue(current[name], args[name], rule),
    );
    let record = live;
    if (inPlace && this.binding.update) {
      record = await this.binding.update(ctx, live.id, args, current, marker).catch((error: unknown) => {
        throw new DiagnosticError(serviceFailure(`taking over ${this.kind} ${live.id}`, error, connection));
      });
      ctx.reads.invalidate(this.shape.kind);
    }
    return { id: live.id, outs: outputsOf(this.binding, record, args, connection) };
  }
}

/**
 * The create marker of a resource's object: what its create stores in metadata, and what an update
 * keeps there. An adopted object carries none (it was made outside this resource). Only the fields
 * that never change in place enter it, not those `replaceOnChanges` names: an in-place change of one
 * of them (a metadata key the option does not name) must leave the marker as it was. A replacement
 * never takes over the object it replaces all the same: diff names it (`inState`), and a targeted
 * replace is refused, naming deleteBeforeReplace (ownership.ts).
 */
export function markerOf<A extends Props>(ctx: ApiContext, shape: ShapeRules<A>, args: A, inputs: Props): string {
  return markerFor(ctx.markerSecret, createKeyOf(inputs), args, shape.rules);
}

/** A create as sent: how to find what it made after its answer was lost, and what proves an object its own. */
interface SentCreate {
  readonly marker: string;
  /** When it was sent, less the clock skew allowed for (for kinds found by created_at). */
  readonly sentAt: Date;
  /** Objects that carried the marker before it was sent (a setup session cannot be deleted): not what it made. */
  readonly madeBefore: ReadonlySet<string>;
  /** The create of the same resource that began on this machine and did not finish, which this one resumes. */
  readonly resumes: UnfinishedCreate | undefined;
}

/** One create the engine asked for: where it goes, what it declares, and how the door names it. */
interface CreateCall<Args> {
  readonly ctx: ApiContext;
  readonly args: Args;
  /** The connection named, for the messages that say which environment refused (undefined: the default). */
  readonly connection: string | undefined;
  /** The resource's URN, where the door knows it (the native one), for the commands a refusal writes out. */
  readonly urn: string | undefined;
}

const NONE: ReadonlySet<string> = new Set();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A create that failed and may still have made its object: the next run resumes it (create-intents.ts). */
class MayExistError extends DiagnosticError {}

/** Whether an unfinished create may have made this object: it was made after that create began (less the clock skew allowed for). */
function madeSince(live: LiveObject, unfinished: UnfinishedCreate | undefined): boolean {
  if (unfinished === undefined) return false;
  const createdAt = Date.parse(String((live as { createdAt?: unknown }).createdAt ?? ""));
  return Number.isNaN(createdAt) || createdAt >= unfinished.began - CLOCK_SKEW_MS;
}

/** The unfinished create on this machine that made an object, by the marker it carries. */
function unfinishedCreateOf(record: LiveObject): { marker: string; intent: UnfinishedCreate } | undefined {
  const marker = markerIn(record.metadata);
  const intent = marker === undefined ? undefined : unfinishedCreate(marker);
  return marker !== undefined && intent !== undefined ? { marker, intent } : undefined;
}

/** Why a sent request got no answer, in a few words: its timeout, or the connection's end. */
function noAnswer(error: unknown): string {
  if (!(error instanceof sdk().APIConnectionTimeoutError)) return "the connection was lost";
  const { timeoutMs } = error;
  return `timed out after ${timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}`;
}

/** The create is over: its intent goes, and a store that cannot remove it is said, the result kept. */
function finish(marker: string, urn: string | undefined): void {
  const problem = endCreate(marker);
  if (problem) warnAboutResource(problem, urn);
}
