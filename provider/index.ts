// pulumi-tcs: the Tool Connectivity Service as Pulumi resources.
//   import * as tcs from "pulumi-tcs";
//   const callback = new tcs.Callback("github", { integrationProviderId: "intp_..." });
// Configuration: stack config tcs:apiKey (secret), tcs:baseUrl, tcs:serviceVersion, tcs:rateLimitTier,
// or the environment variables TCS_API_KEY and TCS_BASE_URL.
export { Callback, type CallbackArgs } from "./resources/callback";
export { CallbackInstance, type CallbackInstanceArgs } from "./resources/callback-instance";
export { ProviderConfig, type ProviderConfigArgs, type ToolFilters } from "./resources/provider-config";
export { Role, type RoleArgs } from "./resources/role";
export { IntegrationSetupSession, type IntegrationSetupSessionArgs } from "./resources/integration-setup-session";
export * from "./lookups";
export type { ProviderSettings, RateLimitTier } from "./config";
