// Provider configs (with the config vault they may come from) and the provider config schema.

import { z } from "zod";
import { JsonMap, JsonSchemaEnvelopeSchema, maybe, objectTag, openEnum, PreviewSchema, Timestamp } from "./common";

export const PROVIDER_CONFIG_STATUSES = ["active", "archived", "deleted"] as const;
export type ProviderConfigStatus = (typeof PROVIDER_CONFIG_STATUSES)[number];

/** The record's filter: the request's `toolFilters` plus `ignoreParentFilters`. */
export const ToolFilterSchema = z.looseObject({
  type: maybe(openEnum(["allow_all", "tool_keys"])),
  keys: maybe(z.array(z.string())),
  ignoreParentFilters: maybe(z.boolean()),
});
export type ToolFilter = z.infer<typeof ToolFilterSchema>;

/** A provider deployment as embedded in configs and vaults: a preview that says whether it is the provider's default. */
export const ProviderDeploymentPreviewSchema = PreviewSchema.extend({
  object: objectTag("provider.deployment#preview"),
  isDefault: maybe(z.boolean()),
});
export type ProviderDeploymentPreview = z.infer<typeof ProviderDeploymentPreviewSchema>;

export const ProviderConfigVaultSchema = z.looseObject({
  object: objectTag("provider.config_vault"),
  id: z.string(),
  /** The spec shows `active`; the full set of values is not shown, and the service's own client declares none. */
  status: maybe(openEnum(["active"])),
  name: maybe(z.string()),
  description: maybe(z.string()),
  metadata: maybe(JsonMap),
  providerId: maybe(z.string()),
  deployment: maybe(ProviderDeploymentPreviewSchema),
  createdAt: maybe(Timestamp),
  updatedAt: maybe(Timestamp),
});
export type ProviderConfigVault = z.infer<typeof ProviderConfigVaultSchema>;

export const ProviderConfigSchema = z.looseObject({
  object: objectTag("provider.config"),
  id: z.string(),
  /** Listed by the spec, not declared by the service's own client: may be absent. */
  status: maybe(openEnum(PROVIDER_CONFIG_STATUSES)),
  isDefault: maybe(z.boolean()),
  name: maybe(z.string()),
  description: maybe(z.string()),
  metadata: maybe(JsonMap),
  /** Listed by the spec, not declared by the service's own client: may be absent (then unknown). */
  toolFilter: maybe(ToolFilterSchema),
  /** The scope a refresh reads configs by (the configs of one provider): required. */
  providerId: z.string(),
  specificationId: maybe(z.string()),
  deployment: maybe(ProviderDeploymentPreviewSchema),
  /** The vault the config was created from; null when it was created from values alone. */
  fromVault: maybe(ProviderConfigVaultSchema),
  createdAt: maybe(Timestamp),
  updatedAt: maybe(Timestamp),
});
export type ProviderConfig = z.infer<typeof ProviderConfigSchema>;

/** GET /provider-config-schema (named ...DocumentSchema: ProviderConfigSchema is the config record's schema). */
export const ProviderConfigSchemaDocumentSchema = z.looseObject({
  /** The record's type, `provider.capabilities.config.schema`; null when the service does not say. */
  object: objectTag("provider.capabilities.config.schema"),
  /** The JSON Schema of the deployment's configuration, or null when it takes none. */
  schema: maybe(JsonSchemaEnvelopeSchema),
  /** How the service keeps a config's values: `plain` or `encrypted`; null when the service does not say. */
  visibility: maybe(openEnum(["plain", "encrypted"])),
  /** The provider specification the schema belongs to; null when the service does not say. */
  specificationId: maybe(z.string()),
  /** The provider (`prov_...`) the schema belongs to; null when the service does not say. */
  providerId: maybe(z.string()),
  /** When the schema was created: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
  createdAt: maybe(Timestamp),
  /** When the schema last changed, as an ISO 8601 date-time in UTC; null when the service does not say. */
  updatedAt: maybe(Timestamp),
});
export type ProviderConfigSchema = z.infer<typeof ProviderConfigSchemaDocumentSchema>;
