// tcs.CallbackInstance: attaches a callback to a provider config (and optional auth config).
// Every input replaces (the API has no update). Delete: DELETE; `detached` or 404 is gone.
import { idOf } from "./common";
import { defineShape, optional, output, required } from "./shape";

/** A trigger registration of the instance, as state keeps it. */
export interface CallbackInstanceTriggerOutput {
  /** The registration's id. */
  id: string;
  /** The key of the provider trigger it registers; null when the service does not say. */
  key: string | null;
  /** How its events arrive: `polling` or `webhook`; null when the service does not say. */
  source: string | null;
  /** Seconds between polls, for a polling trigger; null otherwise. */
  pollIntervalSeconds: number | null;
}

export const callbackInstance = defineShape({
  kind: "CallbackInstance",
  id: { prefix: "cbi", noun: "a callback instance" },
  fields: {
    /** The callback to attach (`cb_...`). */
    callbackId: required(idOf("cb", "a callback"), { onChange: "replace", references: "Callback" }),
    /** An active provider config of the callback's provider (`pcfg_...`). */
    providerConfigId: required(idOf("pcfg", "a provider config"), {
      onChange: "replace",
      references: "ProviderConfig",
    }),
    /** An auth config of that provider (`pac_...`); null when none. */
    providerAuthConfigId: optional(idOf("pac", "a provider auth config"), { onChange: "replace" }),
    /** `attached`; a `detached` instance counts as gone (the next up attaches a new one). A newer service version may add other values. */
    status: output<string>(),
    /** The provider deployment (`pdep_...`) the instance is attached to, that of its provider config; null when the service does not say. */
    deploymentId: output<string | null>(),
    /**
     * Shared webhook URL for manual provider setup: whoever holds it can post events to the callback (a
     * capability: secret). Null when there is none.
     */
    webhookUrl: output<string | null>({ secret: true }),
    /**
     * The trigger registrations the service resolved for the instance, without the provider trigger's
     * schemas (state stays small) or webhook URLs; null when the service does not say.
     */
    triggers: output<CallbackInstanceTriggerOutput[]>(),
    /** When the instance was created: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
    createdAt: output<string>(),
    /** When the instance was last changed, as an ISO 8601 date-time in UTC; null when the service does not say. */
    updatedAt: output<string>(),
  },
  naturalKey: ["callbackId", "providerConfigId", "providerAuthConfigId"],
});
