// The create marker: a token stored in an object's metadata when the provider creates it, so that
// the object can be found again without its id:
//   - after a POST whose answer was lost, to take the object that POST made instead of making a second;
//   - after a run that was killed between the POST and the state write, to take over that orphan
//     instead of making a duplicate.
// The marker is derived from the resource's identity (project, stack, parent, type, name; see
// dynamic/create-key.ts) and the values of its replace-only inputs, so a re-run of the same program finds its
// own orphan while a replacement (which differs in a replace-only input) never mistakes the object it
// replaces for one. It is an HMAC keyed by the API key: the replace-only inputs include a provider
// config's secret `value`, and a plain hash of a guessable secret stored in metadata could be tested
// against guesses by anyone who can read the account. Outputs never show the marker.
// A marker is written `<create>.<resource>`: the first part is the HMAC of identity and values (all a
// marker was before, so objects made by earlier versions are still found by it), the second of the
// identity alone, so a run finds what an earlier failed run of the same resource made even after the
// program changed its values (and removes it, rather than leave it behind unmanaged).
import { createHash, createHmac, randomBytes } from "node:crypto";
import { canonical } from "../shapes/normalize";
import { MARKER_KEY } from "../shapes/reserved";
import type { FieldRule } from "../shapes/shape";

/** The key the markers of one API key are made with (derived, so the API key itself is not reused). */
export function markerSecret(apiKey: string): Buffer {
  return createHash("sha256").update("pulumi-tcs create marker\n").update(apiKey).digest();
}

/** The marker for one create: identity plus replace-only values, then identity alone; random without an identity. */
export function markerFor(
  secret: Buffer,
  createKey: unknown,
  args: Record<string, unknown>,
  fields: Record<string, FieldRule>,
): string {
  if (typeof createKey !== "string" || createKey.length === 0) return randomBytes(12).toString("base64url");
  const replaceOnly = Object.entries(fields)
    .filter(([, rule]) => rule.onChange === "replace")
    .map(([name, rule]) => [name, canonical(args[name], rule.unordered)]);
  const create = createHmac("sha256", secret)
    .update(createKey)
    .update(JSON.stringify(replaceOnly))
    .digest("base64url")
    .slice(0, 32);
  const resource = createHmac("sha256", secret).update("resource\n").update(createKey).digest("base64url").slice(0, 16);
  return `${create}${SEPARATOR}${resource}`;
}

const SEPARATOR = ".";

export function markerIn(metadata: unknown): string | undefined {
  if (metadata === null || typeof metadata !== "object") return undefined;
  const value = (metadata as Record<string, unknown>)[MARKER_KEY];
  return typeof value === "string" ? value : undefined;
}

/** The metadata to send on create: the declared metadata plus the marker. */
export function withMarker(
  metadata: Record<string, unknown> | null | undefined,
  marker: string,
): Record<string, unknown> {
  return { ...(metadata ?? {}), [MARKER_KEY]: marker };
}

/**
 * The metadata to send on update: the declared metadata with the object's marker kept, so an update
 * never changes how the object is found again; an object without one (adopted) gets none, and no
 * declared metadata clears the user's keys (null when there is no marker to keep).
 */
export function keepMarker(
  metadata: Record<string, unknown> | null | undefined,
  marker: string | undefined,
): Record<string, unknown> | null {
  return marker === undefined ? (metadata ?? null) : withMarker(metadata, marker);
}

/** Whether an object was made by a create with this marker: the same resource with the same values (an earlier version's marker is the first part alone). */
export function hasMarker(metadata: unknown, marker: string): boolean {
  const found = markerIn(metadata);
  return found !== undefined && (found === marker || found === marker.split(SEPARATOR)[0]);
}

/** Whether an object was made by the same resource, whatever values it was made with. */
export function madeBySameResource(metadata: unknown, marker: string): boolean {
  return sameResourceAs(marker)(metadata);
}

/** madeBySameResource for one marker, its identity part taken once: for checking many objects against it. */
export function sameResourceAs(marker: string): (metadata: unknown) => boolean {
  const ours = identityPart(marker);
  return (metadata) => {
    const found = markerIn(metadata);
    return found !== undefined && ours !== undefined && identityPart(found) === ours;
  };
}

/** A marker's second part (`split(SEPARATOR)[1]`), without the array: a refresh checks every record listed beside each read. */
function identityPart(marker: string): string | undefined {
  const start = marker.indexOf(SEPARATOR);
  if (start < 0) return undefined;
  const end = marker.indexOf(SEPARATOR, start + 1);
  return end < 0 ? marker.slice(start + 1) : marker.slice(start + 1, end);
}

/**
 * Whether metadata carries a create marker another resource's create wrote (not this one's, whatever its
 * values): what adopting or importing an object says at preview. Only the identity part decides.
 */
export function markedByAnotherResource(metadata: unknown, secret: Buffer, createKey: unknown): boolean {
  return markerIn(metadata) !== undefined && !madeBySameResource(metadata, markerFor(secret, createKey, {}, {}));
}

/** Metadata as the user declared it: the marker removed; no metadata at all stays null. */
export function withoutMarker(metadata: unknown): Record<string, unknown> | null {
  if (metadata === null || typeof metadata !== "object") return null;
  const { [MARKER_KEY]: _marker, ...rest } = metadata as Record<string, unknown>;
  return Object.keys(rest).length > 0 ? rest : null;
}
