// The one place a client is built from the provider's settings. The plugin (for resources) and the
// lookups (in the program) call the service alike: the same retries, the same pacing, the same advice
// when the tier paces the client below what the service allows the key.
import { ToolConnectivityClient } from "../../sdk";
import { rateLimitWaits } from "../rate-limit-waits";
import { SETTINGS, type ProviderSettings } from "./declaration";
import { SettingsOwner } from "./owner";
import { missingSettings } from "./read";
import { tierBelowServiceAdvice } from "./tier-advice";

/**
 * A run is unattended and one failed call stops the whole update (or preview, for a lookup): be more
 * patient with transient failures than the SDK's default (each retry honours Retry-After and backs off).
 */
export const PROVIDER_MAX_RETRIES = 5;

/**
 * The longest Retry-After (of a 429 or a 5xx) a run waits out silently before a retry. Someone is
 * watching a run, and the engine shows nothing while a step waits: beyond a minute the run looks hung,
 * and a cancelled one hangs with it. A longer wait fails the step at once (the SDK's RetryAfterTooLongError).
 */
export const PROVIDER_MAX_RETRY_AFTER_MS = 60_000;

/**
 * A client for these settings; throws a message that says how to fix settings that are missing.
 * `warn` is how this process tells the user: the plugin's stderr, or the program's stack warnings.
 * `owner`: whose settings they are (a named connection, an explicit provider), for advice that names them.
 */
export function clientFromSettings(
  settings: ProviderSettings,
  warn: (message: string) => void,
  owner = SettingsOwner.defaultConnection,
): ToolConnectivityClient {
  const problem = missingSettings(settings, owner);
  if (problem) throw new Error(problem);
  return new ToolConnectivityClient({
    apiKey: settings.apiKey,
    baseUrl: settings.baseUrl,
    serviceVersion: settings.serviceVersion,
    rateLimit: settings.rateLimitTier ?? SETTINGS.rateLimitTier.default,
    maxRetries: PROVIDER_MAX_RETRIES,
    maxRetryAfterMs: PROVIDER_MAX_RETRY_AFTER_MS,
    onRateLimitWait: rateLimitWaits(settings, owner),
    onTierBelowService: (notice) => {
      const advice = tierBelowServiceAdvice(settings, notice, owner);
      if (adviceGiven(settings, advice)) return;
      warn(advice);
    },
  });
}

/** The tier advice given in this process, by the settings it is about and its words (the key only in memory, never logged). */
const advised = new Set<string>();

/**
 * Whether this advice was given already for these settings; notes it as given. One process may make
 * several clients of the same settings (the native door's CheckConfig asks which environment they reach
 * before the run's client is made), and each gave the advice, so a run showed it twice (issue 52).
 */
function adviceGiven(settings: ProviderSettings, advice: string): boolean {
  const about = JSON.stringify([settings.apiKey, settings.baseUrl, advice]);
  if (advised.has(about)) return true;
  advised.add(about);
  return false;
}
