// The advice when the service allows the key more than the tier paces a run to: the setting a Pulumi
// user changes (the SDK's own warning names its client option, which the provider sets for them), to a
// tier they have not set yet. The published tiers are the SDK's (TIER_LIMITS): this file is loaded
// with the client that gives the notice, so reading them loads nothing more.
import { TIER_LIMITS, type RateLimitTier, type TierBelowServiceNotice } from "../../sdk";
import type { ProviderSettings } from "./declaration";
import { SettingsOwner } from "./owner";
import { formatRateLimitTier } from "./tier";

/**
 * The tier to advise when the service allows a key `serviceLimit` requests per its window: production
 * when that covers it, else the service's own window written as a negotiated tier. Never the tier the
 * client paces itself to already: the notice comes only when the service allows more than it.
 */
function advisedTier(serviceLimit: number): string {
  const { limit, windowMs } = TIER_LIMITS.production;
  return serviceLimit <= limit ? "production" : formatRateLimitTier({ limit: serviceLimit, windowMs });
}

/**
 * The advice for `owner`'s rateLimitTier: a config key is set with `pulumi config set`; an explicit
 * provider's input, named as such, in the program.
 */
export function tierBelowServiceAdvice(settings: ProviderSettings, notice: TierBelowServiceNotice, owner = SettingsOwner.defaultConnection): string {
  return tierAdvice(notice, settings.rateLimitTier, {
    setting: owner.name("rateLimitTier"),
    fix: (tier) => {
      const command = owner.configArgs("rateLimitTier") && owner.set("rateLimitTier", tier);
      // An explicit provider's input is named just before: "set it" keeps the line under 300 characters.
      return command ? `run \`${command}\`` : `set it to \`${tier}\``;
    },
    paced: "this run",
  });
}

/**
 * The tier advice's one sentence, for any place the tier is set: `setting` as the user writes it, `fix`
 * the clause that sets it to a tier, `paced` what the tier slows (a run, a command).
 */
export function tierAdvice(
  { serviceLimit, tier }: TierBelowServiceNotice,
  configuredTier: RateLimitTier | undefined,
  how: { setting: string; fix: (tier: string) => string; paced: string },
): string {
  const configured = configuredTier === undefined ? "not set: development" : formatRateLimitTier(configuredTier);
  const advised = advisedTier(serviceLimit);
  const forKey = advised === "production" ? "For a production key" : "To use them all,";
  return (
    `the service allows this API key ${serviceLimit} requests per 10 minutes, but ${how.setting} (${configured}) paces ${how.paced} ` +
    `to ${tier.limit} per ${tier.windowMs / 1000} s. ${forKey} ${how.fix(advised)}. See docs/guide.md#configuration`
  );
}
