// Building blocks shared by the record schemas, which read by one rule (docs/contract-decisions.md,
// "SDK: tolerant reading"): a record requires only what the SDK or the provider cannot work without
// (its id, the scope ids a refresh reads by); every other field may be absent or null (`maybe`),
// fields added by a newer service version pass through (loose objects), enum-like fields are open
// (`openEnum`), and so is the `object` tag (`objectTag`). A field that is there with the wrong type
// still fails, naming the endpoint and the field.

import { z } from "zod";

/**
 * The values `T` known to this SDK, or any other string a newer service version may send. The known
 * values stay in the type for autocompletion and narrowing (`string & {}` keeps TypeScript from
 * collapsing the union to plain `string`).
 */
export type OpenEnum<T extends string> = T | (string & {});

/**
 * Schema of a RESPONSE field with a documented but open set of values (statuses, triggers, sources,
 * types): any string passes through unchanged, so a value added by a newer service version does not
 * make the whole record a `ResponseValidationError`; anything that is not a string still does. The
 * output type is `values[number] | (string & {})`. Parameters the SDK sends keep closed types.
 *
 *     openEnum(["attached", "detached"])  // z.ZodType<"attached" | "detached" | (string & {}), string>
 */
export function openEnum<const T extends readonly [string, ...string[]]>(
  _values: T,
): z.ZodType<OpenEnum<T[number]>, string> {
  // `_values` only shapes the type: at run time every string is accepted as it is.
  return z.string() as z.ZodType<OpenEnum<T[number]>, string>;
}

/**
 * A field the SDK can do without: absent, null or the value. The real service leaves out fields the
 * spec lists and sends null where the spec shows a value; a read must not fail on that.
 */
export function maybe<T extends z.ZodType>(schema: T) {
  return schema.nullish();
}

/**
 * A record's `object` tag. Read, never relied on: another value (a renamed type, a preview's
 * `#preview` form) or none at all passes; the expected one stays in the type for editors.
 */
export function objectTag<const T extends string>(expected: T) {
  return maybe(openEnum([expected]));
}

/** ISO 8601 date-time in UTC with milliseconds, e.g. 2026-11-21T10:00:00.000Z. */
export const Timestamp = z.string();

/** A user-data map (metadata, configuration, values, payloads): keys kept verbatim. */
export const JsonMap = z.record(z.string(), z.unknown());

/** `{ type: "json_schema", schema: { ...JSON Schema } }` */
export const JsonSchemaEnvelopeSchema = z.looseObject({
  /** The kind of schema, `json_schema`; null when the service does not say. */
  type: maybe(openEnum(["json_schema"])),
  /** The JSON Schema itself, keys as written; null when the service does not say. */
  schema: maybe(JsonMap),
});

/**
 * A record embedded in another as a preview (`object` ends in `#preview`). Its id is what makes it a
 * reference; everything else may be left out.
 */
export const PreviewSchema = z.looseObject({
  object: maybe(z.string()),
  id: z.string(),
  name: maybe(z.string()),
  description: maybe(z.string()),
  metadata: maybe(JsonMap),
  providerId: maybe(z.string()),
  createdAt: maybe(Timestamp),
  updatedAt: maybe(Timestamp),
});
export type Preview = z.infer<typeof PreviewSchema>;

/** A filter value that is one value or several (sent as repeated keys). */
export type OneOrMany<T extends string = string> = T | T[];

/** Date range filter: only records strictly after `gt` and before `lt`. */
export interface DateRange {
  gt?: string | Date;
  lt?: string | Date;
}

/** Parameters common to every list. */
export interface ListParams {
  /** Page size; the service's default is 25, its maximum 100. */
  limit?: number;
  /** Id of a record: the page after it. */
  after?: string;
  /** Id of a record: the page before it. */
  before?: string;
  /** Opaque alias of `after`. */
  cursor?: string;
  order?: "asc" | "desc";
}
