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
 * The longest Retry-After (of a 429 or a 5xx) a run waits out silently before a retry. Someone is
 * watching a run, and the engine shows nothing while a step waits: beyond a minute the run looks
 * hung, and a cancelled one (whose in-flight steps the engine lets finish) hangs with it. A longer
 * wait fails the step at once, naming the endpoint and the wait (the SDK's RetryAfterTooLongError).
 */
export const PROVIDER_MAX_RETRY_AFTER_MS = 60_000;

/**
 * A client for these settings; throws a message that says how to fix settings that are missing.
 * `warn` is how this process tells the user: the plugin's stderr, or the program's stack warnings.
 * `connection`: the named connection the settings are of, for advice that names its settings;
 * `tierSetting`: how that advice names the rate-limit setting, when not by its config key (an explicit
 * provider's input).
 */
export function clientFromSettings(
  settings: ProviderSettings,
  warn: (message: string) => void,
  connection?: string,
  tierSetting = rateLimitTierSetting(connection),
): ToolConnectivityClient {
  const problem = missingSettings(settings);
  if (problem) throw new Error(problem);
  return new ToolConnectivityClient({
    apiKey: settings.apiKey,
    baseUrl: settings.baseUrl,
    serviceVersion: settings.serviceVersion,
    rateLimit: settings.rateLimitTier ?? "development",
    maxRetries: PROVIDER_MAX_RETRIES,
    maxRetryAfterMs: PROVIDER_MAX_RETRY_AFTER_MS,
    onTierBelowService: (notice) => warn(tierBelowServiceAdvice(settings, notice, tierSetting)),
  });
}
