// tcs.ProviderConfig: settings for a provider deployment, from values or a saved config vault.
// In place: name, description, metadata, toolFilters. Replace: providerId, providerDeploymentId,
// providerConfigVaultId, value. `value` is secret and never returned by the API: it is kept from
// state and not drift-checked. Delete: DELETE (for good); 404 is gone.
import { description, idOf, jsonObject, metadata, name } from "./common";
import { defineShape, optional, output, required } from "./shape";
import type { Check } from "./zod";

export type ToolFilters = { type: "allow_all" } | { type: "tool_keys"; keys: string[] };

const toolFiltersCheck: Check<ToolFilters> = (z) =>
  z.discriminatedUnion(
    "type",
    [
      z.object({ type: z.literal("allow_all") }).strict(),
      z
        .object({
          type: z.literal("tool_keys"),
          keys: z
            .array(z.string().min(1, "a tool key must not be empty"))
            .min(1, 'must list at least one tool key (or use { type: "allow_all" })'),
        })
        .strict(),
    ],
    { error: 'must be { type: "allow_all" } or { type: "tool_keys", keys: [...] }' },
  );

/** The service states no limit of its own for a config's value, but it travels in a request body, which may hold 1 MiB. */
const REQUEST_BODY_LIMIT = { bytes: 1024 * 1024, label: "1 MiB", why: "the service refuses a larger request body" };

/** What no tool filters means: every tool. */
export const ALLOW_ALL: ToolFilters = { type: "allow_all" };

export const providerConfig = defineShape({
  kind: "ProviderConfig",
  id: { prefix: "pcfg", noun: "a provider config" },
  fields: {
    /** The provider whose deployment the config is for (`prov_...`). */
    providerId: required(idOf("prov", "a provider"), { onChange: "replace" }),
    /** The provider deployment (`pdep_...`); the provider's default deployment when absent. */
    providerDeploymentId: optional(idOf("pdep", "a provider deployment"), { onChange: "replace", serverDefault: true }),
    /**
     * A saved config vault (`pcvt_...`) of the same provider used as a template, `value` overriding its
     * values; null when the config was made from values alone.
     */
    providerConfigVaultId: optional(idOf("pcvt", "a provider config vault"), { onChange: "replace" }),
    /**
     * Provider-specific settings, an object validated against the deployment's config schema (see
     * `getProviderConfigSchema`); a new config needs `value`, `providerConfigVaultId` or both. Secret, and
     * never returned by the API: it is kept from state and not checked for drift.
     */
    value: optional(jsonObject("must be an object of provider settings", { maxJsonBytes: REQUEST_BODY_LIMIT }), {
      onChange: "replace",
      writeOnly: true,
      secret: true,
    }),
    /** Which tools the config exposes: `{ type: "allow_all" }` (the default) or `{ type: "tool_keys", keys: [...] }`. */
    toolFilters: optional(toolFiltersCheck, { onChange: "update", absentMeans: ALLOW_ALL }),
    /** The config's display name, 1 to 255 characters; null when not set. */
    name: optional(name, { onChange: "update" }),
    /** What the config is for, at most 2000 characters; null when not set. */
    description: optional(description, { onChange: "update" }),
    /**
     * Key-value data of your own: at most 49 keys of 1 to 40 characters (the service's 50th is kept for
     * the provider's create marker, `pulumi_tcs_create_token`), each value at most 500 characters of JSON.
     */
    metadata: optional(metadata, { onChange: "update" }),
    /** `active`, `archived` or `deleted` (gone); a newer service version may add others. Null when the service does not say. */
    status: output<string>(),
    /** Whether the service marks the config as a default one; null when the service does not say. */
    isDefault: output<boolean>(),
    /** The provider specification whose config schema the settings follow; null when the service does not say. */
    specificationId: output<string | null>(),
    /** When the config was created: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
    createdAt: output<string>(),
    /** When the config was last changed, as an ISO 8601 date-time in UTC; null when the service does not say. */
    updatedAt: output<string>(),
  },

  checkChange(news, _olds, { createsObject }) {
    if (createsObject && news.adoptId !== undefined && news.value !== undefined) {
      // The API never returns a config's settings: adopting with a value would record in state a
      // value the object may not hold, and nothing could ever tell. A replacement's create adopts too
      // (a move to another connection onto a config there, say).
      return [
        {
          property: "value",
          summary: `cannot be checked against ${news.adoptId}, which is being adopted`,
          fix: "Leave value out to adopt the config as it is, or drop adoptId for a new one",
        },
      ];
    }
    // Only a create needs settings: an object that exists keeps its own, so removing adoptId from an
    // adopted config (whose settings the API never returns) is no change at all.
    if (
      !createsObject ||
      news.adoptId !== undefined ||
      news.value !== undefined ||
      news.providerConfigVaultId !== undefined
    )
      return [];
    return [
      {
        property: "value",
        summary: "is needed, or providerConfigVaultId: this creates a new config",
        fix: "Set value, providerConfigVaultId, or both",
      },
    ];
  },
});
