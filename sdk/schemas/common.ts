// Building blocks shared by the record schemas. Records are loose objects: fields added by a newer
// service version pass through untouched instead of failing validation, and enum-like fields are open
// (`openEnum`): values added by a newer version pass through too. Nullable fields stay null.

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
export function openEnum<const T extends readonly [string, ...string[]]>(values: T): z.ZodType<OpenEnum<T[number]>, string> {
  // `values` only shapes the type: at run time every string is accepted as it is.
  return z.string() as z.ZodType<OpenEnum<T[number]>, string>;
}

/** ISO 8601 date-time in UTC with milliseconds, e.g. 2026-11-21T10:00:00.000Z. */
export const Timestamp = z.string().min(1);

/** A user-data map (metadata, configuration, values, payloads): keys kept verbatim. */
export const JsonMap = z.record(z.string(), z.unknown());

/** `{ type: "json_schema", schema: { ...JSON Schema } }` */
export const JsonSchemaEnvelopeSchema = z.looseObject({
  type: openEnum(["json_schema"]),
  schema: JsonMap,
});

/** A record embedded in another as a preview (`object` ends in `#preview`). */
export const PreviewSchema = z.looseObject({
  object: z.string(),
  id: z.string(),
  name: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  metadata: JsonMap.nullable().optional(),
  providerId: z.string().optional(),
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp.optional(),
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
