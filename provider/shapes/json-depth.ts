// How deep a JSON field may nest. The service refuses a field whose value nests objects and arrays
// more than 32 levels deep (a 422 naming the field; the emulator's emulator/json-depth.ts plays it),
// so the shapes refuse it at preview. Measured without recursion: a value thousands of levels deep
// must fail the check, not overflow the stack of the check itself (JSON.stringify would).

/** Levels of objects and arrays the service takes in one field (docs/contract-decisions.md "Nesting depth of JSON fields"). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `value` nests objects and arrays more than `limit` levels deep: a scalar is 0 levels, `{}`
 * and `[1]` are 1, `{ a: [] }` is 2. Walks with its own stack and stops at the first level past the limit.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.node === null || typeof next.node !== "object") continue;
    const depth = next.depth + 1;
    if (depth > limit) return true;
    for (const child of Object.values(next.node)) pending.push({ node: child, depth });
  }
  return false;
}
