// Where two schemas differ, as paths a reader can find in the file (`resources["tcs:index:Role"]
// .properties.slug.description`): what `gen-schema --check` and the test print, rather than two
// 40 kB texts.

const KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function pathTo(parent: string, key: string | number): string {
  if (typeof key === "number") return `${parent}[${key}]`;
  return KEY.test(key) ? `${parent}${parent === "" ? "" : "."}${key}` : `${parent}[${JSON.stringify(key)}]`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Every path where `actual` and `expected` differ (a value changed, a key added or removed), at most `limit` of them. */
export function schemaDifferences(actual: unknown, expected: unknown, limit = 20): string[] {
  const found: string[] = [];
  const walk = (a: unknown, b: unknown, at: string): void => {
    if (found.length >= limit) return;
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) found.push(`${at || "(top)"}: ${a.length} items, expected ${b.length}`);
      for (let i = 0; i < Math.min(a.length, b.length); i++) walk(a[i], b[i], pathTo(at, i));
      return;
    }
    if (isObject(a) && isObject(b)) {
      for (const key of Object.keys(b)) {
        if (!Object.hasOwn(a, key)) found.push(`${pathTo(at, key)}: missing`);
        else walk(a[key], b[key], pathTo(at, key));
      }
      for (const key of Object.keys(a))
        if (!Object.hasOwn(b, key)) found.push(`${pathTo(at, key)}: not derived from the source`);
      return;
    }
    if (JSON.stringify(a) !== JSON.stringify(b))
      found.push(`${at || "(top)"}: ${JSON.stringify(a)}, expected ${JSON.stringify(b)}`);
  };
  walk(actual, expected, "");
  return found.slice(0, limit);
}
