// tcs.Callback: receives provider events for one integration provider.
// In place: name, description, metadata. Replace: integrationProviderId, or a live status of
// `archived` (reached only out of band; the API cannot undo it). Delete: DELETE; `deleted` is gone.
import { description, idOf, metadata, name } from "./common";
import { defineShape, optional, output, required } from "./shape";

const OUT_OF_BAND_STATUSES = {
  archived:
    "archived outside Pulumi (callbacks disabled on its integration provider; the API cannot undo that): the next `up --refresh` replaces it",
};

export const callback = defineShape({
  kind: "Callback",
  id: { prefix: "cb", noun: "a callback" },
  fields: {
    /** The integration provider whose events the callback receives (`intp_...`). */
    integrationProviderId: required(idOf("intp", "an integration provider"), { onChange: "replace" }),
    /** The callback's display name, 1 to 255 characters; null when not set. */
    name: optional(name, { onChange: "update" }),
    /** What the callback is for, at most 2000 characters; null when not set. */
    description: optional(description, { onChange: "update" }),
    /**
     * Key-value data of your own: at most 49 keys of 1 to 40 characters (the service's 50th is kept for
     * the provider's create marker, `pulumi_tcs_create_token`), each value at most 500 characters of JSON.
     */
    metadata: optional(metadata, { onChange: "update" }),
    /** `active`, `archived` (replaced on the next up) or `deleted`; a newer service version may add others. */
    status: output<"active" | "archived" | "deleted" | (string & {})>(),
    /** The integration (`int_...`) of the integration provider, as the service derives it; null when the service does not say. */
    integrationId: output<string>(),
    /** The provider (`prov_...`) of the integration provider, as the service derives it; null when the service does not say. */
    providerId: output<string>(),
    /** When the callback was created: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
    createdAt: output<string>(),
    /** When the callback was last changed, as an ISO 8601 date-time in UTC; null when the service does not say. */
    updatedAt: output<string>(),
  },
  // A callback is archived when callbacks are disabled on its integration provider.
  outOfBandStatuses: OUT_OF_BAND_STATUSES,
  replacementReason: (state) => (Object.hasOwn(OUT_OF_BAND_STATUSES, String(state.status)) ? "status" : undefined),
  // One active callback per integration provider.
  uniqueKey: "integrationProviderId",
});
