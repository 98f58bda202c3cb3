// One place that decides when a declared value and a live value are the same, so that a refresh
// right after an up shows no change: null and absent are equal, key order in maps carries no
// meaning, an empty map is no map, and some arrays are sets.
import type { FieldRule } from "./shape";

/** The sentinel the engine passes for values not known until apply. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export function isUnknown(value: unknown): boolean {
  // Walked with its own stack: check asks this of a value before its shape check refuses one nested
  // thousands of levels deep, and recursion would overflow first.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === UNKNOWN) return true;
    if (next !== null && typeof next === "object") pending.push(...Object.values(next));
  }
  return false;
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null;
}

/** A canonical form: absent map entries dropped, keys sorted, set-like arrays sorted. */
export function canonical(value: unknown, unordered = false): unknown {
  // An empty string is no value too: the service returns "" or null for a description never set.
  if (isAbsent(value) || value === "") return null;
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item));
    return unordered ? [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))) : items;
  }
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value as object).sort()) {
      const entry = (value as Record<string, unknown>)[key];
      if (!isAbsent(entry)) out[key] = canonical(entry);
    }
    // An empty map and no map mean the same (the service returns {} or null for "no metadata").
    return Object.keys(out).length === 0 ? null : out;
  }
  return value;
}

export function sameValue(live: unknown, declared: unknown, rule: Omit<FieldRule, "onChange"> = {}): boolean {
  const wanted = declared === undefined && rule.absentMeans !== undefined ? rule.absentMeans : declared;
  if (rule.timestamp && typeof live === "string" && typeof wanted === "string") {
    return Date.parse(live) === Date.parse(wanted);
  }
  // Most fields are a string or a boolean on both sides, compared for every resource of a refresh
  // (read, then diff): as their canonical forms compare, without building and printing them.
  const plainLive = plain(live);
  const plainWanted = plain(wanted);
  if (plainLive !== NOT_PLAIN && plainWanted !== NOT_PLAIN) return plainLive === plainWanted;
  return JSON.stringify(canonical(live, rule.unordered)) === JSON.stringify(canonical(wanted, rule.unordered));
}

const NOT_PLAIN = Symbol("not plain");

/** A string or boolean as its canonical form (null for an absent value or ""), else NOT_PLAIN. */
function plain(value: unknown): string | boolean | null | typeof NOT_PLAIN {
  if (isAbsent(value) || value === "") return null;
  return typeof value === "string" || typeof value === "boolean" ? value : NOT_PLAIN;
}
