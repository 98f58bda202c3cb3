// tcs.CallbackInstance: attaches a callback to a provider config (and optional auth config).
// Every input replaces (the API has no update). Delete: DELETE; `detached` or 404 is gone.
import { idOf } from "./common";
import { defineShape, optional, output, required } from "./shape";

export const callbackInstance = defineShape({
  kind: "CallbackInstance",
  id: { prefix: "cbi", noun: "a callback instance" },
  fields: {
    /** The callback to attach (`cb_...`). */
    callbackId: required(idOf("cb", "a callback"), { onChange: "replace", references: "Callback" }),
    /** An active provider config of the callback's provider (`pcfg_...`). */
    providerConfigId: required(idOf("pcfg", "a provider config"), { onChange: "replace", references: "ProviderConfig" }),
    /** An auth config of that provider (`pac_...`). */
    providerAuthConfigId: optional(idOf("pac", "a provider auth config"), { onChange: "replace" }),
    status: output<string>(),
    deploymentId: output<string | null>(),
    /** Shared webhook URL for manual provider setup: whoever holds it can post events to the callback (a capability: secret). */
    webhookUrl: output<string | null>({ secret: true }),
    /** The registrations, without the provider trigger's schemas (state stays small) or webhook URLs. */
    triggers: output<{ id: string; key: string | null; source: string | null; pollIntervalSeconds: number | null }[]>(),
    createdAt: output<string>(),
    updatedAt: output<string>(),
  },
  naturalKey: ["callbackId", "providerConfigId", "providerAuthConfigId"],
});
