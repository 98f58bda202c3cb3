// Typed client of the Tool Connectivity Service API.

export { ToolConnectivityClient } from "./client";
export type { ClientOptions, TierBelowServiceNotice } from "./core/options";
export { DEFAULT_MAX_CONCURRENCY, DEFAULT_MAX_RETRIES, DEFAULT_SERVICE_VERSION, DEFAULT_TIMEOUT_MS } from "./core/options";
export type { RequestOptions } from "./core/request";
export * from "./core/errors";
export { PagePromise, type Page } from "./core/pagination";
export { TIER_LIMITS, type RateLimitTier, type WindowLimit } from "./core/rate-limiter";
export { TIER_WARNING_CODE } from "./core/tier-warning";
export { closeSharedAgents } from "./core/agents";
export { fromWire, toWire, VERBATIM_FIELDS } from "./core/casing";
export { redactSecrets } from "./core/redact";

export * from "./schemas/common";
export * from "./schemas/callbacks";
export * from "./schemas/provider-configs";
export * from "./schemas/integration-setup-sessions";
export * from "./schemas/roles";
export * from "./schemas/custom-providers";

export type { CallbackCreateParams, CallbackUpdateParams, CallbackListParams } from "./resources/callbacks";
export type { CallbackInstanceCreateParams, CallbackInstanceListParams } from "./resources/callback-instances";
export type { CallbackEventListParams } from "./resources/callback-events";
export type { ProviderConfigCreateParams, ProviderConfigUpdateParams, ProviderConfigListParams, ToolFiltersParam } from "./resources/provider-configs";
export type { ProviderConfigSchemaParams } from "./resources/provider-config-schema";
export type { IntegrationSetupSessionCreateParams, IntegrationSetupSessionListParams } from "./resources/integration-setup-sessions";
export type { RoleCreateParams, RoleUpdateParams, RoleListParams } from "./resources/roles";
export type { CustomProviderDeploymentListParams } from "./resources/custom-provider-deployments";
export type { CustomProviderVersionListParams } from "./resources/custom-provider-versions";
