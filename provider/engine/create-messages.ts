// What the create path tells the user, apart from the ownership refusals (ownership.ts): takeovers,
// leftovers, creates whose outcome is unknown, and adoption's refusals. Each says what happened and
// the next step; `failed` is the error as describeError put it (`creating tcs:Role: 503 ...`).

/** An object this resource's unfinished create made, found by its marker and taken over. */
export function takenOverByMarker(kind: string, id: string): string {
  return (
    `${kind} ${id}: taken over instead of creating a new one: it carries this resource's create marker, so an earlier ` +
    `run made it and did not record it (the run was interrupted, or its create's answer was lost)`
  );
}

/** An object of a kind with no marker, identical to the declaration, made by this resource's unfinished create. */
export function takenOverIdentical(kind: string, id: string): string {
  return (
    `${kind} ${id}: taken over instead of creating a new one: it has exactly the declared values, and this resource's ` +
    `create that did not finish on this machine made it`
  );
}

const LEFTOVER_WHY =
  "an earlier run of this resource on this machine made it and did not record it (its create's answer was lost), and the program now declares other values";

/** What removing a leftover of this resource's own unfinished create says: the action, the hint if the delete fails, the warning once deleted. */
export function leftoverRemoval(kind: string, id: string): { action: string; ifDeleteFails: string; warning: string } {
  return { action: `removing ${kind} ${id}`, ifDeleteFails: `. ${LEFTOVER_WHY}; run pulumi up again to remove it.`, warning: `deleted: ${LEFTOVER_WHY}` };
}

/** The create's outcome is unknown, and looking for what it made failed too. */
export function createLookupFailed(failed: string, lookupFailed: string): string {
  return `${failed}. The service may have created it, and looking for it failed too (${lookupFailed}); run pulumi up again: it finds an object it made by its create marker.`;
}

/**
 * The create's request was sent and no answer came (`why`: it timed out, the connection was lost), so the
 * service may still commit it until `settlesBy`: not sent again. Said in one line, so not as the SDK's error.
 */
export function createMayStillCommit(kind: string, why: string, settlesBy: number): string {
  return (
    `creating ${kind}: no answer after the request was sent (${why}). The service may still create it, so the create was not sent again. ` +
    `Run pulumi up again: it waits until ${clock(settlesBy)} for it. See docs/troubleshooting.md#a-create-the-service-commits-late`
  );
}

/** An earlier run's create of this resource the service may still commit, later than a run waits. */
export function earlierCreateSettling(kind: string, settlesBy: number): string {
  return (
    `creating ${kind} refused: an earlier run's create of it went unanswered, and the service may still commit it until ${clock(settlesBy)}; ` +
    `a create now could make a second object. Run pulumi up again after then. See docs/troubleshooting.md#a-create-the-service-commits-late`
  );
}

/** A create waits for an earlier run's unanswered create of the same resource, which the service may still commit. */
export function waitingForLateCommit(kind: string, settlesBy: number): string {
  const seconds = Math.ceil((settlesBy - Date.now()) / 1000);
  return `${kind}: waiting up to ${seconds} s (until ${clock(settlesBy)}) for an earlier run's unanswered create of it, which the service may still commit, before creating it`;
}

/** A moment as a person reads it in a log: the time of day, UTC. */
function clock(at: number): string {
  return `${new Date(at).toISOString().slice(11, 19)} UTC`;
}

/** Every attempt failed, and the service verifiably made nothing. */
export function nothingCreated(failed: string): string {
  return `${failed}. No object was created; run pulumi up again.`;
}

/** Two resources of this run would manage one object. */
export function heldByAnotherResource(kind: string, id: string, naturalKey: readonly string[] | undefined): string {
  return (
    `creating ${kind} failed: ${id} already exists and belongs to another resource of this stack, made or taken over earlier in ` +
    `this run: two resources would manage one object. Declare it once, or give each its own ${naturalKey?.join(" and ") ?? "values"}.`
  );
}

/** adoptId names no live object. */
export function adoptMissing(kind: string, id: string): string {
  return `adoptId: ${kind} ${id} does not exist in this environment (or was deleted); check the id, or remove adoptId to create a new one.`;
}

/** adoptId names an object whose state Pulumi would replace at once (an archived callback, say). */
export function adoptReplaced(kind: string, id: string, field: string, value: unknown): string {
  return `adoptId: ${kind} ${id} cannot be managed: its ${field} is ${JSON.stringify(value)}, which Pulumi replaces; remove adoptId to create a new one.`;
}

/** adoptId names an object that differs in fields only a replacement changes. */
export function adoptDiffers(kind: string, id: string, fields: ReadonlyArray<{ name: string; live: unknown; declared: unknown }>): string {
  const list = fields.map(({ name, live, declared }) => `${name} (live: ${JSON.stringify(live)}, declared: ${JSON.stringify(declared)})`).join(", ");
  return `adoptId: ${kind} ${id} differs in properties that cannot change in place: ${list}. Declare the live values to adopt it.`;
}
