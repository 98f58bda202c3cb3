// Input checks shared by several shapes, with messages that name the fix. The limits are the
// service's (contract: name <= 255, description <= 2000, metadata <= 50 keys of 1 to 40 characters,
// each value's JSON <= 500 characters; every JSON field at most 32 levels deep, see json-depth.ts).
import { MAX_JSON_DEPTH, nestedDeeperThan } from "./json-depth";
import { MARKER_KEY } from "./reserved";
import type { Check } from "./zod";

export const name: Check<string> = (z) =>
  z.string().min(1, "must not be empty").max(255, "must be at most 255 characters");
export const description: Check<string> = (z) => z.string().max(2000, "must be at most 2000 characters");

/** An id of the given type prefix: the prefix plus 20 letters and digits. */
export function idOf(prefix: string, what: string): Check<string> {
  return (z) =>
    z
      .string()
      .regex(
        new RegExp(`^${prefix}_[A-Za-z0-9]{20}$`),
        `must be ${what} id: '${prefix}_' followed by 20 letters and digits`,
      );
}

/**
 * Metadata as the user declares it. One of the service's 50 keys is kept free for the create marker
 * that makes creates safe to retry, and the marker's own key is reserved.
 */
export const metadata: Check<Record<string, unknown>> = (z) =>
  z.record(z.string(), z.unknown()).superRefine((map, ctx) => {
    const keys = Object.keys(map);
    if (keys.length > 49)
      ctx.addIssue({
        code: "custom",
        message: `has ${keys.length} keys; at most 49 are allowed (the service allows 50 and pulumi-tcs keeps one for its create marker)`,
      });
    // Named on metadata itself: a path ending in "" would print as "metadata.".
    if (keys.includes(""))
      ctx.addIssue({
        code: "custom",
        message: "keys must not be empty (the service takes keys of 1 to 40 characters)",
      });
    for (const key of keys) {
      if (key.length > 40) ctx.addIssue({ code: "custom", path: [key], message: "key must be at most 40 characters" });
      if (key === MARKER_KEY)
        ctx.addIssue({ code: "custom", path: [key], message: `key '${MARKER_KEY}' is reserved by pulumi-tcs` });
      // The service counts metadata's own level, so a value may hold one level fewer. Checked first:
      // a value too deep is not serialized (JSON.stringify would overflow the stack at some depth).
      if (nestedDeeperThan(map[key], MAX_JSON_DEPTH - 1)) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `value must be nested at most ${MAX_JSON_DEPTH} levels deep counting metadata itself (objects and arrays): the service refuses deeper JSON`,
        });
        continue;
      }
      const json = JSON.stringify(map[key]);
      if (json !== undefined && json.length > 500)
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: "value must serialize to at most 500 characters of JSON",
        });
    }
  });

/** The size limits a JSON object field may carry: the service's, where it states one. */
export interface JsonObjectLimits {
  /** Characters of its JSON (a setup session's configuration: 20000). */
  maxJsonLength?: number;
  /** Bytes of its JSON, in UTF-8 (a field with no limit of its own is still inside a request body of 1 MiB). */
  maxJsonBytes?: { bytes: number; label: string; why: string };
}

/**
 * A JSON object the service stores as given (a setup session's configuration, a config's value): an
 * object, nested at most MAX_JSON_DEPTH levels deep, within the size the service takes.
 */
export function jsonObject(notAnObject: string, limits: JsonObjectLimits = {}): Check<Record<string, unknown>> {
  return (z) =>
    z.record(z.string(), z.unknown(), { error: notAnObject }).superRefine((value, ctx) => {
      if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
        ctx.addIssue({
          code: "custom",
          message: `must be nested at most ${MAX_JSON_DEPTH} levels deep (objects and arrays, the object itself included): the service refuses deeper JSON`,
        });
        return; // not serialized: see metadata
      }
      if (limits.maxJsonLength === undefined && limits.maxJsonBytes === undefined) return;
      const json = JSON.stringify(value);
      if (limits.maxJsonLength !== undefined && json.length > limits.maxJsonLength) {
        ctx.addIssue({
          code: "custom",
          message: `must serialize to at most ${limits.maxJsonLength} characters of JSON (the service's limit)`,
        });
      }
      const bytes = limits.maxJsonBytes;
      if (bytes !== undefined && Buffer.byteLength(json, "utf8") > bytes.bytes) {
        ctx.addIssue({ code: "custom", message: `must serialize to at most ${bytes.label} of JSON (${bytes.why})` });
      }
    });
}
