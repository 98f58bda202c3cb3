// The one place where TypeScript's camelCase meets the wire's snake_case. Keys are converted at every
// level, except inside user data: the values of these fields are the caller's own maps (metadata,
// configuration, provider values, event payloads, JSON schemas) and keep their keys verbatim.
export const VERBATIM_FIELDS: ReadonlySet<string> = new Set([
  "metadata",
  "configuration",
  "value",
  "input",
  "output",
  "error",
  "schema",
]);

export function snakeToCamel(key: string): string {
  return converted(toCamel, key, (k) => k.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()));
}

export function camelToSnake(key: string): string {
  return converted(toSnake, key, (k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
}

// Each key converted once: a list page of 100 records converts the same few dozen field names 100 times
// (a refresh of 500 resources, about 15,000 regular-expression replacements). Keys are the API's field
// names, a bounded set; past the bound (keys of a map not listed in VERBATIM_FIELDS) they are
// converted each time rather than remembered.
const MAX_REMEMBERED = 2000;
const toCamel = new Map<string, string>();
const toSnake = new Map<string, string>();

function converted(known: Map<string, string>, key: string, convert: (key: string) => string): string {
  let found = known.get(key);
  if (found === undefined) {
    found = convert(key);
    if (known.size < MAX_REMEMBERED) known.set(key, found);
  }
  return found;
}

/** A wire value (snake_case) as the TypeScript side sees it (camelCase). */
export function fromWire(value: unknown): unknown {
  return convertKeys(value, snakeToCamel);
}

/** A TypeScript value (camelCase) as the wire expects it (snake_case). */
export function toWire(value: unknown): unknown {
  return convertKeys(value, camelToSnake);
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  // Keys, not entries: a pair per field of every record of a list page was most of what this allocated.
  for (const key of Object.keys(value)) {
    const inner = value[key];
    const converted = convert(key);
    out[converted] = VERBATIM_FIELDS.has(converted) || VERBATIM_FIELDS.has(key) ? inner : convertKeys(inner, convert);
  }
  return out;
}

/** Plain objects only: a Date or other class instance is a leaf (JSON.stringify handles a Date). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
