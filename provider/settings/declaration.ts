// The provider's settings, each declared once (as pulumi-go-provider's `infer` reads a config from one
// struct): reading, validation and its messages, the owners' fixes, named connections, CheckConfig and the
// schema's config section derive from here; no other source spells a config key or variable (settings.test.ts).
import type { RateLimitTier, TIER_LIMITS } from "../../sdk";
import { quoted } from "../diagnostic";

/** Why a value cannot be used (completing "<setting> ..."), the same without the value (printed beside it), and the value that fixes it (else the declared fix). */
export type ValueRefusal = { problem: string; unvalued?: string; fix?: string };

interface Setting<T> {
  readonly variable: string; // the environment variable the default connection falls back to
  readonly description: string;
  readonly default?: T; // what a client applies when neither the config nor the variable sets it
  readonly unsetMeans?: string; // what applies when unset, when the SDK chooses it
  readonly fix: string; // what a fix sets a missing or refused value to: a placeholder, or the usual value
  readonly secret?: true;
  readonly environment?: true; // chooses which environment a provider reaches: a change may move its resources
  readonly parse?: (text: string) => T | { problem: string }; // a refused text fails the read
  readonly check?: (text: string) => ValueRefusal | undefined; // judged before any request
}
/** A URL as a message may show it: credentials written into it are dropped. */
export const withoutCredentials = (href: string): string =>
  Object.assign(new URL(href), { username: "", password: "" }).href;
export const withValue = (rule: string, value: string, unvalued = rule) => ({
  problem: `${rule} (got ${quoted(value)})`,
  unvalued,
});

// The tiers are the SDK's, written out (the settings load no file of the SDK) but typed as its TIER_LIMITS,
// whose numbers are literal types: a tier it adds, drops or changes fails to compile here (and TIER_FORMS says them).
const NAMED: typeof TIER_LIMITS = {
  development: { limit: 100, windowMs: 600_000 },
  production: { limit: 5000, windowMs: 600_000 },
};
type NamedTier = keyof typeof NAMED;
const TIER_FORMS =
  `\`development\` (the default, ${NAMED.development.limit} requests per 10 minutes), ` +
  `\`production\` (${NAMED.production.limit} requests per 10 minutes), ` +
  "or a negotiated window written `<requests>/<seconds>s` (e.g. `1000/60s`)";

export function parseTier(text: string): RateLimitTier | { problem: string; unvalued: string } {
  if (Object.hasOwn(NAMED, text)) return text as NamedTier;
  const window = /^(\d+)\/(\d+)s$/.exec(text);
  if (window && Number(window[1]) > 0 && Number(window[2]) > 0)
    return { limit: Number(window[1]), windowMs: Number(window[2]) * 1000 };
  return withValue(`must be ${Object.keys(NAMED).join(", ")} or a custom window such as 1000/60s`, text);
}
export const formatRateLimitTier = (tier: RateLimitTier): string =>
  typeof tier === "string" ? tier : tier === false ? "off" : `${tier.limit}/${tier.windowMs / 1000}s`;
/** The first version of the API, the only one the contract lists; later dates pass (the service answers for those). */
const FIRST_VERSION = "2026-01-01";

// A version the service never published failed only at `up`, with a 400 that names no setting.
function serviceVersionRefusal(version: string): ValueRefusal | undefined {
  // Date.parse rolls 2026-02-30 over into March: a real date reads back as written.
  const which = (
    [
      [!/^\d{4}-\d{2}-\d{2}$/.test(version), "not a date YYYY-MM-DD"],
      [version < FIRST_VERSION, "earlier than that"],
      [new Date(Date.parse(version) || 0).toISOString().slice(0, 10) !== version, "not a calendar date"],
    ] as const
  ).find(([refused]) => refused)?.[1];
  if (which === undefined) return undefined;
  const problem = `must be a published API version, dated ${FIRST_VERSION} or later (got ${quoted(version)}: ${which}; the service answers 400 unsupported_version)`;
  return { problem, unvalued: `must be a published version, ${FIRST_VERSION} or later: ${which}` };
}

// Why a base URL cannot carry the API key (credentials in it never shown), and whether that is the key
// travelling in clear. Loopback traffic never leaves the machine (the emulator listens on 127.0.0.1). The
// SDK applies the same rule (sdk/internal/key-transport.ts): generate-base-url.test.ts holds the two to one answer.
export function baseUrlProblem(value: string): (ValueRefusal & { fix: string; inClear: boolean }) | undefined {
  const written = value.trim();
  const refused = (rule: string, shown: string, fix: string, unvalued?: string, inClear = false) => ({
    ...withValue(rule, shown, unvalued),
    fix,
    inClear,
  });
  if (!URL.canParse(written))
    return refused("must be an absolute https:// URL such as https://api.example.com", written, "https://...");
  const url = new URL(written);
  const shown = url.username || url.password ? withoutCredentials(url.href) : written;
  const loopback =
    url.hostname === "localhost" || url.hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    const rule =
      "must use https (plain http only to a loopback host, such as 127.0.0.1), so the key never travels in clear";
    const fix = shown.replace(/^[A-Za-z][A-Za-z0-9+.-]*:/, "https:");
    return refused(rule, shown, fix, "must use https, so the key never travels in clear", url.protocol === "http:");
  }
  if (url.search || url.hash)
    return refused("must not carry a query string or fragment", shown, shown.replace(/[?#].*$/, ""));
  return undefined;
}
const declare = <T = string>(setting: Setting<T>) => setting;

export const SETTINGS = {
  apiKey: declare({
    variable: "TCS_API_KEY",
    description: "The Tool Connectivity Service API key (`service_sk_...`).",
    fix: "service_sk_...",
    secret: true,
    environment: true,
    // A publishable key reads public data only: the provider writes, so it needs the secret key.
    check: (key) =>
      key.startsWith("service_pk_")
        ? { problem: "is a publishable key (service_pk_...), which cannot create or change objects" }
        : undefined,
  }),
  baseUrl: declare({
    variable: "TCS_BASE_URL",
    description:
      "The base URL of the service's API, an absolute `https://` URL (plain `http://` only for a loopback host, such as a local emulator), with no query string or fragment.",
    fix: "https://...",
    environment: true,
    check: baseUrlProblem,
  }),
  serviceVersion: declare({
    variable: "TCS_SERVICE_VERSION",
    description: `The API version to request: the date of a published version, written YYYY-MM-DD (\`${FIRST_VERSION}\` or later).`,
    unsetMeans: "the SDK's default version",
    fix: FIRST_VERSION,
    check: serviceVersionRefusal,
  }),
  rateLimitTier: declare<RateLimitTier>({
    variable: "TCS_RATE_LIMIT_TIER",
    description: `How fast requests are paced: ${TIER_FORMS}.`,
    default: "development",
    fix: "production",
    parse: parseTier,
  }),
};
export type SettingName = keyof typeof SETTINGS;
export type ProviderSettings = { [K in SettingName]?: (typeof SETTINGS)[K] extends Setting<infer T> ? T : never };
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];
export const settingOf = (name: SettingName): Setting<unknown> => SETTINGS[name];
export const SECRET_SETTINGS: readonly SettingName[] = SETTING_NAMES.filter((name) => settingOf(name).secret);
export const ENVIRONMENT_SETTINGS: readonly SettingName[] = SETTING_NAMES.filter((name) => settingOf(name).environment);
