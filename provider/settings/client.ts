// The one place a client is built from the provider's settings. The plugin (for resources) and the
// lookups (in the program) call the service alike: the same retries, the same pacing, the same advice
// when the tier paces the client below what the service allows the key.
import { TIER_LIMITS, ToolConnectivityClient, type RateLimitTier, type TierBelowServiceNotice } from "../../sdk";
import { render, type Diagnostic } from "../diagnostic";
import { rateLimitWaits } from "../rate-limit-waits";
import { SETTINGS, type ProviderSettings } from "./declaration";
import { SettingsOwner } from "./owner";
import { missingSettings } from "./read";
import { formatRateLimitTier } from "./tier";

/** A run is unattended and one failed call stops it: more patient with transient failures than the SDK's default. */
const PROVIDER_MAX_RETRIES = 5;

/**
 * The longest Retry-After (of a 429 or a 5xx) a run waits out silently before a retry: the engine shows
 * nothing while a step waits, so beyond a minute a run looks hung, and a cancelled one hangs with it.
 */
const PROVIDER_MAX_RETRY_AFTER_MS = 60_000;

/**
 * A client for these settings; throws a message that says how to fix settings that are missing.
 * `warn` is how this process tells the user: the plugin's stderr, or the program's stack warnings. It
 * takes the diagnostic and renders it once, within what it puts before it (engine/warn.ts).
 */
export function clientFromSettings(
  settings: ProviderSettings,
  warn: (warning: Diagnostic) => void,
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
      // Once per process: the native door's CheckConfig asks which environment the settings reach with
      // a client of its own before the run's client is made, and both gave it (issue 52).
      const about = JSON.stringify([settings.apiKey, settings.baseUrl, render(advice)]);
      if (advised.has(about)) return;
      advised.add(about);
      warn(advice);
    },
  });
}

/** The tier advice given in this process, by the settings it is about and its words (the key only in memory, never logged). */
const advised = new Set<string>();

/** The advice for `owner`'s rateLimitTier: a config key is set with `pulumi config set`, an explicit provider's input in the program. */
export function tierBelowServiceAdvice(settings: ProviderSettings, notice: TierBelowServiceNotice, owner = SettingsOwner.defaultConnection): Diagnostic {
  return tierAdvice(notice, settings.rateLimitTier, {
    setting: owner.name("rateLimitTier"),
    // An explicit provider's input is named just before: "set it" keeps the line under 300 characters.
    fix: (tier) => (owner.configArgs("rateLimitTier") ? `run \`${owner.set("rateLimitTier", tier)}\`` : `set it to \`${tier}\``),
    paced: "this run",
  });
}

/**
 * The advice when the service allows the key more than the tier paces `paced` to, for any place the tier
 * is set (`setting` as the user writes it, `fix` the clause that sets it): the setting a Pulumi user
 * changes (the SDK's own warning names its client option), to a tier not set yet: production when it
 * covers the key (the SDK's TIER_LIMITS), else the service's own window written as a negotiated tier.
 */
export function tierAdvice(
  { serviceLimit, tier }: TierBelowServiceNotice,
  configuredTier: RateLimitTier | undefined,
  how: { setting: string; fix: (tier: string) => string; paced: string },
): Diagnostic {
  const configured = configuredTier === undefined ? `not set: ${SETTINGS.rateLimitTier.default}` : formatRateLimitTier(configuredTier);
  const production = TIER_LIMITS.production;
  const advised = serviceLimit <= production.limit ? "production" : formatRateLimitTier({ limit: serviceLimit, windowMs: production.windowMs });
  return {
    summary: `the service allows this API key ${serviceLimit} requests per 10 minutes, but ${how.setting} (${configured}) paces ${how.paced} to ${tier.limit} per ${tier.windowMs / 1000} s`,
    fix: `${advised === "production" ? "For a production key" : "To use them all,"} ${how.fix(advised)}`,
    docs: "docs/guide.md#configuration",
  };
}
