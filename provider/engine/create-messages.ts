// What the create path tells the user, apart from the ownership refusals (ownership.ts): takeovers,
// leftovers, creates whose outcome is unknown, and adoption's refusals. Each is a diagnostic
// (diagnostic.ts): what happened, the next step and the docs section; `failed` is the service's error
// as errors.ts put it (`creating tcs:Role failed: 503 ...`).
import { quoted, type Diagnostic, type Refusal } from "../diagnostic";

/** An object this resource's unfinished create made, found by its marker and taken over. */
export function takenOverByMarker(kind: string, id: string): Diagnostic {
  return {
    object: `${kind} ${id}`,
    summary:
      "taken over instead of creating a new one: it carries this resource's create marker, so an earlier run made it and did not record it",
    docs: "docs/adoption.md#interrupted-creates-what-is-recovered-and-what-asks-you",
  };
}

/** An object of a kind with no marker, identical to the declaration, made by this resource's unfinished create. */
export function takenOverIdentical(kind: string, id: string): Diagnostic {
  return {
    object: `${kind} ${id}`,
    summary:
      "taken over instead of creating a new one: it has exactly the declared values, and this resource's create that did not finish on this machine made it",
    docs: "docs/adoption.md#interrupted-creates-what-is-recovered-and-what-asks-you",
  };
}

const LEFTOVER_WHY =
  "an earlier run of this resource on this machine made it and did not record it, and the program now declares other values";

/** What removing a leftover of this resource's own unfinished create says: the action, the refusal if the delete fails, the notice once deleted. */
export function leftoverRemoval(
  kind: string,
  id: string,
): { action: string; ifDeleteFails: (failed: Refusal) => Refusal; deleted: Diagnostic } {
  return {
    action: `removing ${kind} ${id}`,
    ifDeleteFails: (failed) => ({
      ...failed,
      summary: `${failed.summary}. ${LEFTOVER_WHY}`,
      fix: "Run pulumi up again to remove it",
    }),
    deleted: {
      object: `${kind} ${id}`,
      summary: `deleted: ${LEFTOVER_WHY}`,
      docs: "docs/adoption.md#interrupted-creates-what-is-recovered-and-what-asks-you",
    },
  };
}

/** The create's outcome is unknown, and looking for what it made failed too: said first, the errors after it (cut if long). */
export function createLookupFailed(kind: string, failed: Refusal, lookupFailed: Refusal): Refusal {
  return {
    summary: `creating ${kind}: the service may have created it, and looking for it failed too. ${failed.summary}; ${lookupFailed.summary}`,
    fix: "Run pulumi up again: it finds an object it made by its create marker",
    docs: "docs/troubleshooting.md#looking-for-a-lost-create-failed",
  };
}

/**
 * The create's request was sent and no answer came (`why`: it timed out, the connection was lost), so the
 * service may still commit it until `settlesBy`: not sent again. Said in one line, so not as the SDK's error.
 */
export function createMayStillCommit(kind: string, why: string, settlesBy: number): Refusal {
  return {
    summary: `creating ${kind}: no answer after the request was sent (${why}). The service may still create it, so the create was not sent again`,
    fix: `Run pulumi up again: it waits until ${clock(settlesBy)} for it`,
    docs: "docs/troubleshooting.md#a-create-the-service-commits-late",
  };
}

/** An earlier run's create of this resource the service may still commit, later than a run waits. */
export function earlierCreateSettling(kind: string, settlesBy: number): Refusal {
  return {
    summary:
      `creating ${kind} refused: an earlier run's create of it went unanswered, and the service may still commit it until ${clock(settlesBy)}; ` +
      "a create now could make a second object",
    fix: "Run pulumi up again after then",
    docs: "docs/troubleshooting.md#a-create-the-service-commits-late",
  };
}

/** A create waits for an earlier run's unanswered create of the same resource, which the service may still commit. */
export function waitingForLateCommit(kind: string, settlesBy: number): Diagnostic {
  const seconds = Math.ceil((settlesBy - Date.now()) / 1000);
  return {
    object: kind,
    summary: `waiting up to ${seconds} s (until ${clock(settlesBy)}) for an earlier run's unanswered create of it, which the service may still commit, before creating it`,
    docs: "docs/troubleshooting.md#a-create-the-service-commits-late",
  };
}

/** A moment as a person reads it in a log: the time of day, UTC. */
function clock(at: number): string {
  return `${new Date(at).toISOString().slice(11, 19)} UTC`;
}

/** Every attempt failed, and the service verifiably made nothing. */
export function nothingCreated(failed: Refusal): Refusal {
  return {
    summary: `${failed.summary}. No object was created`,
    fix: "Run pulumi up again",
    docs: "docs/troubleshooting.md#no-object-was-created-run-pulumi-up-again",
  };
}

/** Two resources of this run would manage one object. */
export function heldByAnotherResource(kind: string, id: string, naturalKey: readonly string[] | undefined): Refusal {
  return {
    summary: `creating ${kind} failed: ${id} already exists and belongs to another resource of this stack, made or taken over earlier in this run`,
    fix: `Declare it once, or change one's ${naturalKey?.[0] ?? "values"}`,
    docs: "docs/guide.md#resources",
  };
}

/** adoptId names no live object. */
export function adoptMissing(kind: string, id: string): Refusal {
  return {
    summary: `adoptId: ${kind} ${id} does not exist in this environment (or was deleted)`,
    fix: "Check the id, or remove adoptId to create a new one",
    docs: "docs/adoption.md#not-import-adoptid",
  };
}

/** adoptId names an object whose state Pulumi would replace at once (an archived callback, say). */
export function adoptReplaced(kind: string, id: string, field: string, value: unknown): Refusal {
  return {
    summary: `adoptId: ${kind} ${id} cannot be managed: its ${field} is ${quoted(value)}, which Pulumi replaces`,
    fix: "Remove adoptId to create a new one",
    docs: "docs/adoption.md#not-import-adoptid",
  };
}

/** adoptId names an object that differs in fields only a replacement changes. */
export function adoptDiffers(
  kind: string,
  id: string,
  fields: ReadonlyArray<{ name: string; live: unknown; declared: unknown }>,
): Refusal {
  const list = fields
    .map(({ name, live, declared }) => `${name} (live: ${quoted(live)}, declared: ${quoted(declared)})`)
    .join(", ");
  return {
    summary: `adoptId: ${kind} ${id} differs in properties that cannot change in place: ${list}`,
    fix: "Declare the live values to adopt it",
    docs: "docs/adoption.md#not-import-adoptid",
  };
}
