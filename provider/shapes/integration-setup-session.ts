// tcs.IntegrationSetupSession: a setup link for an integration, with a draft integration instance.
// Every input replaces (the API has no update), and with replaceWhenExpired an expired session is
// replaced on the next up. `url` is a capability (whoever holds it completes the setup): a secret.
// Delete: the API has none, so destroy forgets the session and says so; it expires on its own.
import { description, idOf, jsonObject, metadata, name } from "./common";
import { isUnknown } from "./normalize";
import { defineShape, optional, output, required, setting } from "./shape";
import type { Check } from "./zod";

/** The service's limit on how far ahead a session may expire. */
const MAX_AHEAD_MS = 7 * 24 * 3600_000;

const redirectUrl: Check<string> = (z) =>
  z.string().refine((value) => {
    try {
      const url = new URL(value);
      const local = url.hostname === "localhost" || url.hostname === "127.0.0.1";
      return url.protocol === "https:" || (url.protocol === "http:" && local);
    } catch {
      return false;
    }
  }, "must be an absolute https:// URL (http:// only for localhost)");

export const integrationSetupSession = defineShape({
  kind: "IntegrationSetupSession",
  id: { prefix: "iss", noun: "an integration setup session" },
  fields: {
    /** The integration to set up (`int_...`). */
    integrationId: required(idOf("int", "an integration"), { onChange: "replace" }),
    /** The session's name, 1 to 255 characters. */
    name: required(name, { onChange: "replace" }),
    /** What the session is for, at most 2000 characters; null when not set. */
    description: optional(description, { onChange: "replace" }),
    /**
     * Key-value data of your own: at most 49 keys of 1 to 40 characters (the service's 50th is kept for
     * the provider's create marker, `pulumi_tcs_create_token`), each value at most 500 characters of JSON.
     */
    metadata: optional(metadata, { onChange: "replace" }),
    /**
     * The actor the integration is set up for, 1 to 255 characters; null when not set. Never returned by
     * the API: kept from state as declared.
     */
    identityActorId: optional((z) => z.string().min(1).max(255), { onChange: "replace" }),
    /**
     * The identity the integration is set up for, 1 to 255 characters; null when not set. Never returned
     * by the API: kept from state as declared.
     */
    identityId: optional((z) => z.string().min(1).max(255), { onChange: "replace" }),
    /**
     * When the link stops working: an ISO 8601 date-time in the future, at most 7 days ahead. Default: 24 h
     * after creation.
     */
    expiresAt: optional(
      (z) => z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time such as 2026-11-30T12:00:00Z" }),
      {
        onChange: "replace",
        serverDefault: true,
        timestamp: true,
      },
    ),
    /** Where the setup page sends the user afterwards: an absolute `https://` URL (`http://` only for localhost). */
    redirectUrl: optional(redirectUrl, { onChange: "replace" }),
    /**
     * Settings handed to the integration's setup: an object, at most 32 levels deep and 20000 characters
     * of JSON (the service's limits).
     */
    configuration: optional(jsonObject("must be an object", { maxJsonLength: 20_000 }), { onChange: "replace" }),
    /**
     * Replace the session on the next up once it has expired (seen by refresh). Default false. Only the
     * provider reads it: changing it sends nothing to the service.
     */
    replaceWhenExpired: setting((z) => z.boolean(), false),
    /** The setup link: whoever holds it can complete the setup. Secret. */
    url: output<string>({ secret: true }),
    /**
     * `pending`, `successful`, `expired` (a pending session past `expiresAt`), `archived` or `deleted`
     * (gone); a newer service version may add others. Null when the service does not say.
     */
    status: output<string>(),
    /**
     * The draft integration instance the session created: `id`, `status` (`draft` until the setup
     * completes, then `active`), `integrationId` and its timestamps. Null when the service does not say.
     */
    integrationInstance: output<Record<string, unknown> | null>(),
    /** When the session was created: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
    createdAt: output<string>(),
    /** When the session was last changed, as an ISO 8601 date-time in UTC; null when the service does not say. */
    updatedAt: output<string>(),
  },

  checkChange(news, olds, { createsObject }) {
    // The bound applies to what a create sends: a session declared last week keeps its (now past)
    // expiry, but replacing it (another field changed) sends that expiry again.
    if (
      news.expiresAt === undefined ||
      isUnknown(news.expiresAt) ||
      (!createsObject && news.expiresAt === olds.expiresAt)
    )
      return [];
    const at = Date.parse(news.expiresAt);
    const now = Date.now();
    if (at <= now)
      return [
        {
          property: "expiresAt",
          summary:
            createsObject && news.expiresAt === olds.expiresAt
              ? "must be in the future: this change replaces the session"
              : "must be in the future",
          fix: "Set expiresAt within the next 7 days, or leave it out for 24 hours",
        },
      ];
    if (at - now > MAX_AHEAD_MS) {
      return [
        {
          property: "expiresAt",
          summary: "must be at most 7 days ahead (the service's limit)",
          fix: "Set expiresAt within the next 7 days",
        },
      ];
    }
    return [];
  },

  replacementReason: (state, args) => (args.replaceWhenExpired && state.status === "expired" ? "status" : undefined),
  // No API deletes a session: destroy forgets it, and its link works until it expires.
  undeletable: true,
});
