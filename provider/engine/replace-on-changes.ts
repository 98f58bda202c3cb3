// The `replaceOnChanges` resource option, carried to the provider as an input.
// The engine applies replaceOnChanges only to the changed keys a provider's diff reports, and the
// dynamic provider plugin of @pulumi/pulumi reports none (only `changes` and `replaces`): on a dynamic
// resource the option silently did nothing. So the resource classes pass the option in as an input
// (as they pass their identity for the create marker: dynamic/tcs-resource.ts), and the provider's
// diff plans the replacement.
import { isUnknown, sameValue } from "../shapes/normalize";
import { FORMER_REPLACE_ON_CHANGES_INPUT, REPLACE_ON_CHANGES_INPUT } from "../shapes/reserved";
import type { FieldRule } from "../shapes/shape";

type Segment = string | number;

/** A property path as Pulumi writes them: `name`, `metadata.owner`, `metadata["a.b"]`, `keys[0]`, `*`. */
export function parsePath(path: string): Segment[] {
  const segments: Segment[] = [];
  const pattern = /\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]|([^.[\]]+)/g;
  for (const match of path.matchAll(pattern)) {
    if (match[1] !== undefined) segments.push(Number(match[1]));
    else if (match[2] !== undefined) segments.push(match[2].replace(/\\(.)/g, "$1"));
    else segments.push(match[3]);
  }
  return segments;
}

/** The paths the option names (read under the input's former name too, as every plumbing input is: shapes/reserved.ts). */
function pathsOf(inputs: Record<string, unknown>): Segment[][] {
  const declared = inputs[REPLACE_ON_CHANGES_INPUT] ?? inputs[FORMER_REPLACE_ON_CHANGES_INPUT];
  if (!Array.isArray(declared)) return [];
  return declared.filter((path): path is string => typeof path === "string").map(parsePath);
}

function valueAt(value: unknown, segments: Segment[]): unknown {
  let current = value;
  for (const segment of segments) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

/**
 * Whether a change of this field (already found to differ) is one the resource's replaceOnChanges
 * names. A path inside the field (`metadata.owner`) replaces only when that part changed; a wildcard
 * below the top level stands for the whole field.
 */
export function replaceOnChange(name: string, olds: Record<string, unknown>, news: Record<string, unknown>): boolean {
  return pathsOf(news).some((segments) => {
    if (segments[0] !== name && segments[0] !== "*") return false;
    const inner = segments.slice(1);
    if (inner.length === 0 || inner.includes("*")) return true;
    const declared = valueAt(news[name], inner);
    return isUnknown(declared) || !sameValue(valueAt(olds[name], inner), declared);
  });
}

/**
 * The field rules with every field replaceOnChanges names made replace-only, so that the create
 * marker of a replacement (which covers the replace-only values) differs from the object it replaces.
 */
export function withReplaceOnChanges(
  fields: Record<string, FieldRule>,
  inputs: Record<string, unknown>,
): Record<string, FieldRule> {
  const named = new Set(pathsOf(inputs).map((segments) => String(segments[0])));
  if (named.size === 0) return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([name, rule]) => [
      name,
      named.has(name) || named.has("*") ? { ...rule, onChange: "replace" as const } : rule,
    ]),
  );
}
