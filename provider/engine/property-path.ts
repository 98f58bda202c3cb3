// A check failure on a part of an input (an item of a list, a key of a map), as the user reads it.
// The engine prints a failure's property with its value, which it looks up as a top-level input
// (Pulumi v3.259, step_generator.go issueCheckFailures: `inputs[failure.Property]`, not a property
// path): a failure named `permissions.1`, or `permissions[1]`, printed "value {<nil>}". So a failure
// inside an input is reported for the resource, its Pulumi property path (`permissions[1]`,
// `metadata.team`, `metadata["a.b"]`) and the offending value in the reason; a value under a secret
// input is never shown.
import type { CheckFailure } from "./results";

/** How much of an offending value's JSON the message shows. */
const MAX_VALUE_CHARS = 60;

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;

/** The Pulumi property path of an input's part: `permissions[1]`, `metadata.team`, `metadata["a.b"]`. */
export function propertyPath(segments: ReadonlyArray<PropertyKey>): string {
  return segments
    .map((segment, index) => {
      if (typeof segment === "number") return `[${segment}]`;
      const key = String(segment);
      if (index === 0) return key;
      return IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
    })
    .join("");
}

/** The top-level input a property path starts with. */
export function topLevelInput(path: string): string {
  return path.split(/[.[]/, 1)[0];
}

/** Whether a value's JSON is longer than a message shows. */
export function isLong(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.length + 2 > MAX_VALUE_CHARS;
  try {
    return (JSON.stringify(value) ?? "").length > MAX_VALUE_CHARS;
  } catch {
    return true;
  }
}

/** A value as a message shows it: its JSON, cut short. */
export function shownValue(value: unknown): string {
  if (value === undefined) return "not set";
  let json: string;
  try {
    json = JSON.stringify(value) ?? String(value);
  } catch {
    // Nested deeper than the stack allows (shape-json-limits.test.ts): too long to show anyway.
    return "…";
  }
  if (json.length <= MAX_VALUE_CHARS) return json;
  const length = typeof value === "string" ? value.length : json.length;
  return `${json.slice(0, MAX_VALUE_CHARS)}…, ${length.toLocaleString("en-US")} characters`;
}

/**
 * The failure of `reason` at `segments` of the inputs, `value` the offending value, `secret` whether
 * its top-level input is secret. A top-level input keeps its name as the property (the engine prints
 * its value; planner.ts hides a secret one); a part of one, or the inputs as a whole, is the resource's.
 */
export function failureAt(
  segments: ReadonlyArray<PropertyKey>,
  value: unknown,
  reason: string,
  secret: boolean,
): CheckFailure {
  if (segments.length === 1) return { property: String(segments[0]), reason };
  if (segments.length === 0) return { property: "", reason };
  return {
    property: "",
    reason: `${propertyPath(segments)} (${secret ? "secret, not shown" : shownValue(value)}) ${reason}`,
  };
}
