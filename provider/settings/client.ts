// The one place a client is built from the settings: the plugin and the program's lookups call the service
// alike, with the same retries, pacing and tier advice. Imported by its own path: it loads the SDK.
import { TIER_LIMITS, ToolConnectivityClient, type RateLimitTier, type TierBelowServiceNotice } from "../../sdk";
import { render, type Diagnostic } from "../diagnostic";
import { rateLimitWaits } from "../rate-limit-waits";
import { formatRateLimitTier, SETTINGS, type ProviderSettings } from "./declaration";
import { SettingsOwner } from "./owner";
import { assertUsableSettings } from "./read";

/** The tier advice given in this process, by the settings it is about and its words (the key only in memory, never logged). */
const advised = new Set<string>();

/** A client for these settings; throws a message that says how to fix missing settings. `warn` renders a diagnostic once (engine/warn.ts). */
export function clientFromSettings(
  settings: ProviderSettings,
  warn: (warning: Diagnostic) => void,
  owner = SettingsOwner.defaultConnection,
) {
  assertUsableSettings(settings, owner);
  return new ToolConnectivityClient({
    apiKey: settings.apiKey,
    baseUrl: settings.baseUrl,
    serviceVersion: settings.serviceVersion,
    rateLimit: settings.rateLimitTier ?? SETTINGS.rateLimitTier.default,
    // A run is unattended and one failed call stops it: more patient than the SDK's default.
    maxRetries: 5,
    // The engine shows nothing while a step waits: beyond a minute a run looks hung, and a cancelled one hangs with it.
    maxRetryAfterMs: 60_000,
    onRateLimitWait: rateLimitWaits(settings, owner),
    onTierBelowService: (notice) => {
      const advice = tierBelowServiceAdvice(settings, notice, owner);
      // Once per process: the native door's CheckConfig asks the environment with a client of its own before the run's (issue 52).
      const about = JSON.stringify([settings.apiKey, settings.baseUrl, render(advice)]);
      if (!advised.has(about)) warn(advice);
      advised.add(about);
    },
  });
}

export const tierBelowServiceAdvice = (
  settings: ProviderSettings,
  notice: TierBelowServiceNotice,
  owner = SettingsOwner.defaultConnection,
) =>
  tierAdvice(notice, settings.rateLimitTier, {
    setting: owner.name("rateLimitTier"),
    // An explicit provider's input is named just before: "set it" keeps the line under 300 characters.
    fix: (tier) =>
      owner.configArgs("rateLimitTier") ? `run \`${owner.set("rateLimitTier", tier)}\`` : `set it to \`${tier}\``,
    paced: "this run",
  });

// The advice when the service allows the key more than the tier paces `paced` to, naming the setting a
// Pulumi user changes (the SDK's own warning names its client option) and a tier not set yet: production
// when it covers the key, else the service's own window as a negotiated tier.
export function tierAdvice(
  { serviceLimit, tier }: TierBelowServiceNotice,
  configuredTier: RateLimitTier | undefined,
  how: { setting: string; fix: (tier: string) => string; paced: string },
): Diagnostic {
  const configured =
    configuredTier === undefined ? `not set: ${SETTINGS.rateLimitTier.default}` : formatRateLimitTier(configuredTier);
  const production = TIER_LIMITS.production;
  const advised =
    serviceLimit <= production.limit
      ? "production"
      : formatRateLimitTier({ limit: serviceLimit, windowMs: production.windowMs });
  return {
    summary: `the service allows this API key ${serviceLimit} requests per 10 minutes, but ${how.setting} (${configured}) paces ${how.paced} to ${tier.limit} per ${tier.windowMs / 1000} s`,
    fix: `${advised === "production" ? "For a production key" : "To use them all,"} ${how.fix(advised)}`,
    docs: "docs/guide.md#configuration",
  };
}
