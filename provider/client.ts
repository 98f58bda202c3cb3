// The one place a client is built from the provider's settings. The plugin (for resources) and the
// lookups (in the program) call the service alike: the same retries, the same pacing, the same advice
// when the tier paces the client below what the service allows the key.
import { ToolConnectivityClient } from "../sdk";
import { missingSettings, tierBelowServiceAdvice, type ProviderSettings } from "./config";
import { rateLimitTierSetting } from "./connections";

/**
 * A run is unattended and one failed call stops the whole update (or preview, for a lookup): be more
 * patient with transient failures than the SDK's default (each retry honours Retry-After and backs off).
 */
export const PROVIDER_MAX_RETRIES = 5;

/**
 * A client for these settings; throws a message that says how to fix settings that are missing.
 * `warn` is how this process tells the user: the plugin's stderr, or the program's stack warnings.
 * `connection`: the named connection the settings are of, for advice that names its settings.
 */
export function clientFromSettings(settings: ProviderSettings, warn: (message: string) => void, connection?: string): ToolConnectivityClient {
  const problem = missingSettings(settings);
  if (problem) throw new Error(problem);
  return new ToolConnectivityClient({
    apiKey: settings.apiKey,
    baseUrl: settings.baseUrl,
    serviceVersion: settings.serviceVersion,
    rateLimit: settings.rateLimitTier ?? "development",
    maxRetries: PROVIDER_MAX_RETRIES,
    onTierBelowService: (notice) => warn(tierBelowServiceAdvice(settings, notice, rateLimitTierSetting(connection))),
  });
}
