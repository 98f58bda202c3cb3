// Orphans: live objects that carry the create marker of an object this stack holds, though no resource
// of the stack holds them. A create the service committed after its client gave up leaves one beside
// the object a rerun made (a rerun on another machine, which has no record of the first create, or
// one past the moment the service promised to settle by). Nothing else would ever name it: it holds
// settings like the object the stack manages, and no refresh, drift report or destroy sees it.
// A refresh's read finds them among the records its scan of the scope listed anyway, so looking costs
// no request; each is named once per run with the ways to settle it (docs/troubleshooting.md#orphans).
import type { LiveObject } from "./binding";
import { markerIn, sameResourceAs } from "./create-marker";

/** The objects beside `held` (in `listed`) made by the same resource's creates, which no resource of the stack holds. */
export function orphansBeside<R extends LiveObject>(
  held: R,
  listed: readonly R[],
  heldByStack: (id: string) => boolean,
  isGone?: (record: R) => boolean,
): R[] {
  const marker = markerIn(held.metadata);
  if (marker === undefined) return [];
  // The marker's identity part once, not once per record listed (a refresh reads every resource beside its whole scope).
  const sameResource = sameResourceAs(marker);
  return listed.filter(
    (record) => record.id !== held.id && sameResource(record.metadata) && !heldByStack(record.id) && !isGone?.(record),
  );
}

/** Orphans already named by this process: a plugin serves one run, and a run names each once. */
const named = new Set<string>();

/** Whether this run has yet to name the orphan; notes it as named. */
export function firstMention(id: string): boolean {
  if (named.has(id)) return false;
  named.add(id);
  return true;
}
