// pulumi-tcs: the Tool Connectivity Service as Pulumi resources.
//   import * as tcs from "pulumi-tcs";
//   const callback = new tcs.Callback("github", { integrationProviderId: "intp_..." });
// Configuration: stack config tcs:apiKey (secret), tcs:baseUrl, tcs:serviceVersion, tcs:rateLimitTier,
// or the environment variables TCS_API_KEY and TCS_BASE_URL.
export * from "./dynamic";
export type { ProviderSettings, RateLimitTier } from "./settings";
