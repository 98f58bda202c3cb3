import { ApiError, errors, type FieldError } from "./errors";
import { parseDateTime } from "./query";

/**
 * Request body validation: every field is checked and every problem reported at once, each with its
 * path, as a 422 `validation_failed`. A body that is not a JSON object is a 400 `invalid_request`.
 */
type Path = (string | number)[];
export type Check = (value: unknown, path: Path, problems: FieldError[]) => void;

export interface FieldRule {
  required?: boolean;
  nullable?: boolean;
  check: Check;
}

export interface BodyRules {
  fields: Record<string, FieldRule>;
  /** Fields the record has but this operation cannot change: named as `not_updatable`. */
  notUpdatable?: readonly string[];
}

/** Limits shared by every resource with these fields (docs/service.md, "Limits"). */
export const LIMITS = {
  name: 255,
  description: 2000,
  metadataKeys: 50,
  metadataKeyLength: 40,
  metadataValueJson: 500,
  id: 255,
} as const;

export function requireObjectBody(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError("invalid_request", "The request body must be a JSON object.", {
      errors: [{ code: "invalid_type", message: "must be a JSON object", path: [] }],
    });
  }
  return body as Record<string, unknown>;
}

/** Checks `body` against `rules`; returns the problems (empty when valid). */
export function checkBody(body: Record<string, unknown>, rules: BodyRules): FieldError[] {
  const problems: FieldError[] = [];
  for (const key of Object.keys(body)) {
    if (key in rules.fields) continue;
    if (rules.notUpdatable?.includes(key))
      problems.push({ code: "not_updatable", message: "cannot be changed by this operation", path: [key] });
    else problems.push({ code: "unknown_field", message: "is not a known field", path: [key] });
  }
  for (const [key, rule] of Object.entries(rules.fields)) {
    const value = body[key];
    if (value === undefined) {
      if (rule.required) problems.push({ code: "required", message: "is required", path: [key] });
      continue;
    }
    if (value === null) {
      if (!rule.nullable) problems.push({ code: "invalid_type", message: "must not be null", path: [key] });
      continue;
    }
    rule.check(value, [key], problems);
  }
  return problems;
}

export function throwIfProblems(problems: FieldError[]): void {
  if (problems.length > 0) throw errors.validation(problems);
}

export function validateBody(body: unknown, rules: BodyRules): Record<string, unknown> {
  const object = requireObjectBody(body);
  throwIfProblems(checkBody(object, rules));
  return object;
}

/** An absolute URL: a scheme, no whitespace, and what WHATWG URL parsing accepts. */
function isUri(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) || /\s/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

// ---- checks --------------------------------------------------------------------------------------

export function str(
  options: { min?: number; max?: number; pattern?: RegExp; patternHint?: string; format?: "uri" | "date-time" } = {},
): Check {
  return (value, path, problems) => {
    if (typeof value !== "string") {
      problems.push({ code: "invalid_type", message: `must be a string (got ${typeName(value)})`, path });
      return;
    }
    const length = [...value].length;
    if (options.min !== undefined && length < options.min) {
      problems.push({
        code: "too_short",
        message: options.min === 1 ? "must not be empty" : `must be at least ${options.min} characters`,
        path,
      });
    }
    if (options.max !== undefined && length > options.max)
      problems.push({ code: "too_long", message: `must be at most ${options.max} characters (got ${length})`, path });
    if (options.pattern && !options.pattern.test(value))
      problems.push({ code: "invalid_format", message: options.patternHint ?? `must match ${options.pattern}`, path });
    if (options.format === "uri" && !isUri(value))
      problems.push({ code: "invalid_format", message: "must be an absolute URL", path });
    if (options.format === "date-time" && parseDateTime(value) === undefined) {
      problems.push({
        code: "invalid_format",
        message: "must be an ISO 8601 date-time such as 2026-11-21T10:00:00.000Z",
        path,
      });
    }
  };
}

export const name = (options: { min?: number } = {}) => str({ max: LIMITS.name, ...options });
export const description = () => str({ max: LIMITS.description });
export const idRef = () => str({ min: 1, max: LIMITS.id });

export function plainObject(): Check {
  return (value, path, problems) => {
    if (typeName(value) !== "object")
      problems.push({ code: "invalid_type", message: `must be an object (got ${typeName(value)})`, path });
  };
}

export function metadata(): Check {
  return (value, path, problems) => {
    if (typeName(value) !== "object") {
      problems.push({
        code: "invalid_type",
        message: `must be an object of string keys (got ${typeName(value)})`,
        path,
      });
      return;
    }
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length > LIMITS.metadataKeys)
      problems.push({
        code: "too_many_keys",
        message: `must have at most ${LIMITS.metadataKeys} keys (got ${entries.length})`,
        path,
      });
    for (const [key, entry] of entries) {
      if (key.length === 0)
        problems.push({ code: "too_short", message: "keys must not be empty", path: [...path, key] });
      if (key.length > LIMITS.metadataKeyLength) {
        problems.push({
          code: "too_long",
          message: `keys must be at most ${LIMITS.metadataKeyLength} characters`,
          path: [...path, key.slice(0, 60)],
        });
      }
      if (entry !== null && entry !== undefined && JSON.stringify(entry).length > LIMITS.metadataValueJson) {
        problems.push({
          code: "too_long",
          message: `values must serialize to at most ${LIMITS.metadataValueJson} characters of JSON`,
          path: [...path, key.slice(0, 60)],
        });
      }
    }
  };
}

export function stringArray(options: { item?: Check; unique?: boolean; max?: number } = {}): Check {
  return (value, path, problems) => {
    if (!Array.isArray(value)) {
      problems.push({ code: "invalid_type", message: `must be an array (got ${typeName(value)})`, path });
      return;
    }
    if (options.max !== undefined && value.length > options.max)
      problems.push({ code: "too_large", message: `must have at most ${options.max} items`, path });
    const seen = new Set<unknown>();
    value.forEach((item, index) => {
      if (typeof item !== "string") {
        problems.push({
          code: "invalid_type",
          message: `must be a string (got ${typeName(item)})`,
          path: [...path, index],
        });
        return;
      }
      options.item?.(item, [...path, index], problems);
      if (options.unique && seen.has(item))
        problems.push({
          code: "duplicate",
          message: `repeats ${JSON.stringify(item.slice(0, 60))}`,
          path: [...path, index],
        });
      seen.add(item);
    });
  };
}

export function oneOf(allowed: readonly string[]): Check {
  return (value, path, problems) => {
    if (typeof value !== "string" || !allowed.includes(value)) {
      problems.push({ code: "invalid_value", message: `must be one of ${allowed.join(", ")}`, path });
    }
  };
}

/** The fields of the common name / description / metadata trio, all optional and nullable. */
export const describedFields = (): Record<string, FieldRule> => ({
  name: { nullable: true, check: name() },
  description: { nullable: true, check: description() },
  metadata: { nullable: true, check: metadata() },
});
