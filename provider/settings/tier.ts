// The rate-limit tier's string form, the one the setting takes (`tcs:rateLimitTier production`). The SDK
// owns the tiers (its TIER_LIMITS, behind the RateLimitTier type); this file only writes them as text:
// the named tiers and their limits, typed from the SDK's so a tier it adds, drops or changes fails to
// compile here, and a negotiated window, `<requests>/<seconds>s`. Parsing, formatting and the
// description (and so the settings' table in docs/reference/) come from it.
import type { RateLimitTier, TIER_LIMITS } from "../../sdk";
import { withValue } from "./values";

type NamedTier = Extract<RateLimitTier, string>;

/**
 * The SDK's named tiers with their limits. Written out, since the settings load no file of the SDK (a
 * preview pays only for declaring), but typed as its TIER_LIMITS, whose numbers are literal types: a
 * limit that differs from the SDK's does not compile.
 */
const NAMED: typeof TIER_LIMITS = { development: { limit: 100, windowMs: 600_000 }, production: { limit: 5000, windowMs: 600_000 } };

/** The tier of a client whose setting is not set. */
export const DEFAULT_TIER: NamedTier = "development";

/** A negotiated window as text, and an example of one. */
const WINDOW = { grammar: /^(\d+)\/(\d+)s$/, written: "`<requests>/<seconds>s`", example: "1000/60s" };

/** A window's length in words: "10 minutes", "60 s". */
const lasting = (windowMs: number) => (windowMs % 60_000 === 0 ? `${windowMs / 60_000} minutes` : `${windowMs / 1000} s`);

/** The forms and the named tiers' limits, for the setting's description. */
export const TIER_FORMS = `${(Object.keys(NAMED) as NamedTier[])
  .map((name) => `\`${name}\` (${name === DEFAULT_TIER ? "the default, " : ""}${NAMED[name].limit} requests per ${lasting(NAMED[name].windowMs)})`)
  .join(", ")}, or a negotiated window written ${WINDOW.written} (e.g. \`${WINDOW.example}\`)`;

/** The tier `text` names, or why it names none (completing "<setting> ..."), also without the text (values.ts). */
export function parseTier(text: string): RateLimitTier | { problem: string; unvalued: string } {
  if (Object.hasOwn(NAMED, text)) return text as NamedTier;
  const window = WINDOW.grammar.exec(text);
  if (window && Number(window[1]) > 0 && Number(window[2]) > 0) return { limit: Number(window[1]), windowMs: Number(window[2]) * 1000 };
  return withValue(`must be ${Object.keys(NAMED).join(", ")} or a custom window such as ${WINDOW.example}`, text);
}

/** The tier as the setting writes it: the inverse of parseTier. */
export function formatRateLimitTier(tier: RateLimitTier): string {
  if (typeof tier === "string") return tier;
  return tier === false ? "off" : `${tier.limit}/${tier.windowMs / 1000}s`;
}
