// Provider configs (with the config vault they may come from) and the provider config schema.

import { z } from "zod";
import { JsonMap, JsonSchemaEnvelopeSchema, openEnum, PreviewSchema, Timestamp } from "./common";

export const PROVIDER_CONFIG_STATUSES = ["active", "archived", "deleted"] as const;
export type ProviderConfigStatus = (typeof PROVIDER_CONFIG_STATUSES)[number];

/** The record's filter: the request's `toolFilters` plus `ignoreParentFilters`. */
export const ToolFilterSchema = z.looseObject({
  type: openEnum(["allow_all", "tool_keys"]),
  keys: z.array(z.string()).optional(),
  ignoreParentFilters: z.boolean(),
});
export type ToolFilter = z.infer<typeof ToolFilterSchema>;

export const ProviderConfigVaultSchema = z.looseObject({
  object: z.literal("provider.config_vault"),
  id: z.string(),
  /** The spec shows `active`; the full set of values is not shown. */
  status: openEnum(["active"]),
  name: z.string().nullable(),
  description: z.string().nullable(),
  metadata: JsonMap.nullable(),
  providerId: z.string(),
  deployment: PreviewSchema.nullable().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type ProviderConfigVault = z.infer<typeof ProviderConfigVaultSchema>;

export const ProviderDeploymentPreviewSchema = PreviewSchema.extend({ isDefault: z.boolean().optional() });
export type ProviderDeploymentPreview = z.infer<typeof ProviderDeploymentPreviewSchema>;

export const ProviderConfigSchema = z.looseObject({
  object: z.literal("provider.config"),
  id: z.string(),
  status: openEnum(PROVIDER_CONFIG_STATUSES),
  isDefault: z.boolean(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  metadata: JsonMap.nullable(),
  toolFilter: ToolFilterSchema,
  providerId: z.string(),
  specificationId: z.string(),
  deployment: ProviderDeploymentPreviewSchema.nullable(),
  /** The vault the config was created from; null when it was created from values alone. */
  fromVault: ProviderConfigVaultSchema.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type ProviderConfig = z.infer<typeof ProviderConfigSchema>;

/** GET /provider-config-schema (named ...DocumentSchema: ProviderConfigSchema is the config record's schema). */
export const ProviderConfigSchemaDocumentSchema = z.looseObject({
  object: z.literal("provider.capabilities.config.schema"),
  /** The JSON Schema of the deployment's configuration, or null when it takes none. */
  schema: JsonSchemaEnvelopeSchema.nullable(),
  visibility: openEnum(["plain", "encrypted"]),
  specificationId: z.string(),
  providerId: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type ProviderConfigSchema = z.infer<typeof ProviderConfigSchemaDocumentSchema>;
