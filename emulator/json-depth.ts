// How deep a request body may nest. JSON.parse takes any depth (V8 parses without recursion), but
// what runs after it does not: JSON.stringify (the metadata size check, storing a record in SQLite,
// writing the answer) recurses, and a field nested a few thousand levels deep ran the stack out: a 500.
// The service refuses such a field as bad content (a 422 naming it), so the depth is measured once,
// right after parsing and without recursion, before anything recursive sees the body.
import { errors, type FieldError } from "./errors";
import { requireObjectBody } from "./validate";

/** Levels of objects and arrays a field's value may nest (docs/contract-decisions.md "Nesting depth of JSON fields"). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `value` nests objects and arrays more than `limit` levels deep: a scalar is 0 levels, `{}`
 * and `[1]` are 1, `{"a": []}` is 2. Walks with its own stack and stops at the first level past the limit.
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

/**
 * Throws for a parsed body nesting too deep: a 422 naming every field of an object body whose value
 * nests more than MAX_JSON_DEPTH levels. A body that is not an object is refused as such (400), as
 * every endpoint refuses one, without walking further.
 */
export function assertNestingWithinLimit(body: unknown): void {
  if (body === null || typeof body !== "object") return;
  if (Array.isArray(body)) {
    if (nestedDeeperThan(body, MAX_JSON_DEPTH + 1)) requireObjectBody(body);
    return;
  }
  const problems: FieldError[] = Object.entries(body)
    .filter(([, value]) => nestedDeeperThan(value, MAX_JSON_DEPTH))
    .map(([field]) => ({
      code: "too_large",
      message: `must be nested at most ${MAX_JSON_DEPTH} levels deep (objects and arrays)`,
      path: [field],
    }));
  if (problems.length > 0) throw errors.validation(problems);
}
