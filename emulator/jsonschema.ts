// A provider's config schema is JSON Schema, checked by ajv (with ajv-formats: the same library and
// formats the provider uses for its preview-time check, so both judge a value alike). ajv's errors
// become the contract's 422 entries: a field error code, a readable message and the path of the
// offending value, every problem at once.
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { FieldError, FieldErrorCode } from "./errors";

/** The JSON Schema keywords the fixtures' schemas are written with (ajv checks any JSON Schema). */
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

// verbose: an error carries the offending value (for "got <type>").
const ajv = new Ajv({ allErrors: true, verbose: true });
addFormats(ajv);

// The fixtures' schemas are static objects: each is compiled once.
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

export function validateJsonSchema(schema: JsonSchema, value: unknown, path: Path = []): FieldError[] {
  const validate = validatorOf(schema);
  if (validate(value)) return [];
  const errors = (validate.errors ?? []).map((error) => ({ error, at: pathOf(error, value) }));
  // A value of the wrong type is one problem, not also each bound it cannot meet.
  const mistyped = errors.filter(({ error }) => error.keyword === "type").map(({ at }) => at);
  return errors
    .filter(({ error, at }) => error.keyword === "type" || !mistyped.some((bad) => isWithin(at, bad)))
    .map(({ error, at }) => ({ ...describe(error), path: [...path, ...at] }));
}

/** The path of the value an error is about: array indexes as numbers, a missing or extra key appended. */
function pathOf(error: ErrorObject, root: unknown): Path {
  const at: Path = [];
  let node = root;
  for (const encoded of error.instancePath.split("/").slice(1)) {
    const segment = encoded.replace(/~1/g, "/").replace(/~0/g, "~");
    const step = Array.isArray(node) ? Number(segment) : segment;
    at.push(step);
    node = (node as Record<string | number, unknown> | undefined)?.[step];
  }
  if (error.keyword === "required") at.push(String(error.params.missingProperty));
  if (error.keyword === "additionalProperties") at.push(String(error.params.additionalProperty));
  return at;
}

function isWithin(at: Path, prefix: Path): boolean {
  return prefix.length <= at.length && prefix.every((step, i) => at[i] === step);
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function describe(error: ErrorObject): { code: FieldErrorCode; message: string } {
  const { params } = error;
  switch (error.keyword) {
    case "type":
      return {
        code: "invalid_type",
        message: `must be of type ${[params.type].flat().join(" or ")} (got ${typeOf(error.data)})`,
      };
    case "enum":
      return {
        code: "invalid_value",
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`,
      };
    case "const":
      return { code: "invalid_value", message: `must be ${JSON.stringify(params.allowedValue)}` };
    case "minimum":
    case "exclusiveMinimum":
      return {
        code: "too_small",
        message: `must be ${error.keyword === "minimum" ? "at least" : "greater than"} ${params.limit}`,
      };
    case "maximum":
    case "exclusiveMaximum":
      return {
        code: "too_large",
        message: `must be ${error.keyword === "maximum" ? "at most" : "less than"} ${params.limit}`,
      };
    case "minLength":
      return { code: "too_short", message: `must be at least ${params.limit} characters` };
    case "maxLength":
      return { code: "too_long", message: `must be at most ${params.limit} characters` };
    case "minItems":
      return { code: "too_short", message: `must have at least ${params.limit} items` };
    case "maxItems":
      return { code: "too_long", message: `must have at most ${params.limit} items` };
    case "maxProperties":
      return { code: "too_many_keys", message: `must have at most ${params.limit} keys` };
    case "format":
      return {
        code: "invalid_format",
        message: params.format === "uri" ? "must be an absolute URI" : `must be a valid ${params.format}`,
      };
    case "pattern":
      return { code: "invalid_format", message: `must match ${params.pattern}` };
    case "required":
      return { code: "required", message: "is required" };
    case "additionalProperties":
      return { code: "unknown_field", message: "is not an allowed property" };
    default:
      return { code: "invalid_value", message: error.message ?? "is invalid" };
  }
}
