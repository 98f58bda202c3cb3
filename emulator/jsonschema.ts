import type { FieldError } from "./errors";

/**
 * The subset of JSON Schema the fixture config schemas use: type, required, properties,
 * additionalProperties, enum, minimum/maximum, minLength/maxLength, format "uri", items.
 * Every problem is reported (not just the first), each with the path of the offending value.
 */
export interface JsonSchema {
  type?: "object" | "string" | "integer" | "number" | "boolean" | "array" | "null";
  description?: string;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: "uri";
  items?: JsonSchema;
  default?: unknown;
}

type Path = (string | number)[];

export function validateJsonSchema(schema: JsonSchema, value: unknown, path: Path = []): FieldError[] {
  const errors: FieldError[] = [];
  visit(schema, value, path, errors);
  return errors;
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function matchesType(expected: NonNullable<JsonSchema["type"]>, value: unknown): boolean {
  const actual = typeOf(value);
  if (expected === "number") return actual === "number" || actual === "integer";
  return actual === expected;
}

function visit(schema: JsonSchema, value: unknown, path: Path, errors: FieldError[]): void {
  if (schema.type !== undefined && !matchesType(schema.type, value)) {
    errors.push({ code: "invalid_type", message: `must be of type ${schema.type} (got ${typeOf(value)})`, path });
    return;
  }
  if (schema.enum !== undefined && !schema.enum.some((allowed) => JSON.stringify(allowed) === JSON.stringify(value))) {
    errors.push({ code: "invalid_value", message: `must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`, path });
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) errors.push({ code: "too_small", message: `must be at least ${schema.minimum}`, path });
    if (schema.maximum !== undefined && value > schema.maximum) errors.push({ code: "too_large", message: `must be at most ${schema.maximum}`, path });
  }
  if (typeof value === "string") {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) errors.push({ code: "too_short", message: `must be at least ${schema.minLength} characters`, path });
    if (schema.maxLength !== undefined && length > schema.maxLength) errors.push({ code: "too_long", message: `must be at most ${schema.maxLength} characters`, path });
    if (schema.format === "uri" && !isUri(value)) errors.push({ code: "invalid_format", message: "must be an absolute URI", path });
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    value.forEach((item, index) => visit(schema.items as JsonSchema, item, [...path, index], errors));
  }
  if (typeOf(value) === "object") {
    const object = value as Record<string, unknown>;
    for (const key of schema.required ?? []) {
      if (!(key in object)) errors.push({ code: "required", message: "is required", path: [...path, key] });
    }
    for (const [key, child] of Object.entries(object)) {
      const propertySchema = schema.properties?.[key];
      if (propertySchema !== undefined) visit(propertySchema, child, [...path, key], errors);
      else if (schema.additionalProperties === false) errors.push({ code: "unknown_field", message: "is not an allowed property", path: [...path, key] });
      else if (typeof schema.additionalProperties === "object") visit(schema.additionalProperties, child, [...path, key], errors);
    }
  }
}

export function isUri(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) || /\s/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
