// Input checks shared by several shapes, with messages that name the fix. The limits are the
// service's (contract: name <= 255, description <= 2000, metadata <= 50 keys of <= 40 characters,
// each value's JSON <= 500 characters).
import { MARKER_KEY } from "./reserved";
import type { Check } from "./zod";

export const name: Check<string> = (z) => z.string().min(1, "must not be empty").max(255, "must be at most 255 characters");
export const description: Check<string> = (z) => z.string().max(2000, "must be at most 2000 characters");

/** An id of the given type prefix: the prefix plus 20 letters and digits. */
export function idOf(prefix: string, what: string): Check<string> {
  return (z) => z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9]{20}$`), `must be ${what} id: '${prefix}_' followed by 20 letters and digits`);
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
    for (const key of keys) {
      if (key.length > 40) ctx.addIssue({ code: "custom", path: [key], message: "key must be at most 40 characters" });
      if (key === MARKER_KEY) ctx.addIssue({ code: "custom", path: [key], message: `key '${MARKER_KEY}' is reserved by pulumi-tcs` });
      const json = JSON.stringify(map[key]);
      if (json !== undefined && json.length > 500)
        ctx.addIssue({ code: "custom", path: [key], message: "value must serialize to at most 500 characters of JSON" });
    }
  });
