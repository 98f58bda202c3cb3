// tcs.Callback: receives provider events for one integration provider.
// In place: name, description, metadata. Replace: integrationProviderId, or a live status of
// `archived` (reached only out of band; the API cannot undo it). Delete: DELETE; `deleted` is gone.
import { description, idOf, metadata, name } from "./common";
import { defineShape, optional, output, required } from "./shape";

const OUT_OF_BAND_STATUSES = {
  archived: "archived outside Pulumi (callbacks disabled on its integration provider; the API cannot undo that): the next `up --refresh` replaces it",
};

export const callback = defineShape({
  kind: "Callback",
  id: { prefix: "cb", noun: "a callback" },
  fields: {
    /** The integration provider whose events the callback receives (`intp_...`). Changing it replaces the callback. */
    integrationProviderId: required(idOf("intp", "an integration provider"), { onChange: "replace" }),
    name: optional(name, { onChange: "update" }),
    description: optional(description, { onChange: "update" }),
    metadata: optional(metadata, { onChange: "update" }),
    /** `active`, `archived` (replaced on the next up) or `deleted`; a newer service version may add others. */
    status: output<"active" | "archived" | "deleted" | (string & {})>(),
    integrationId: output<string>(),
    providerId: output<string>(),
    createdAt: output<string>(),
    updatedAt: output<string>(),
  },
  // A callback is archived when callbacks are disabled on its integration provider.
  outOfBandStatuses: OUT_OF_BAND_STATUSES,
  replacementReason: (state) => (Object.hasOwn(OUT_OF_BAND_STATUSES, String(state.status)) ? "status" : undefined),
  // One active callback per integration provider.
  uniqueKey: "integrationProviderId",
  naturalKey: ["integrationProviderId"],
});
