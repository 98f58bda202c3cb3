// The provider's settings, each declared once, as pulumi-go-provider's `infer` reads a provider's config
// from one struct: reading, validation and its messages, the owners' fixes, named connections, the native
// door's CheckConfig and the schema's config section all come from here. No other source file spells a
// setting's config key or variable (test/unit/provider/settings.test.ts). docs/adding-a-resource.md#add-a-setting.
import type { RateLimitTier, TIER_LIMITS } from "../../sdk";
import { quoted } from "../diagnostic";

/** Why a value cannot be used (completing "<setting> ..."), without the value for a message printed beside it, and the value that fixes it. */
export interface ValueRefusal {
  problem: string;
  unvalued?: string;
  fix: string;
}

interface Setting<T> {
  /** The environment variable the default connection falls back to. */
  readonly variable: string;
  readonly description: string;
  /** The value a client applies when neither the config nor the variable sets it. */
  readonly default?: T;
  /** What applies when unset, as the description says it, when the SDK chooses it. */
  readonly unsetMeans?: string;
  /** What a fix sets a missing or refused value to: a placeholder, or the usual value. */
  readonly fix: string;
  readonly secret?: true;
  /** Chooses which environment a provider reaches: a change of it may move its resources. */
  readonly environment?: true;
  /** The value the text names, or why it names none: a refused text fails the read. */
  readonly parse?: (text: string) => T | { problem: string };
  /** Why a value that reads cannot be used, judged before any request. */
  readonly check?: (text: string) => ValueRefusal | undefined;
}

/** A problem that names the value it refuses, and the same without it (shorter still, if given). */
export const withValue = (rule: string, value: string, unvalued = rule) => ({ problem: `${rule} (got ${quoted(value)})`, unvalued });

// The tiers are the SDK's; written out (the settings load no file of the SDK) but typed as its TIER_LIMITS,
// whose numbers are literal types: a tier it adds, drops or changes fails to compile here.
const NAMED: typeof TIER_LIMITS = { development: { limit: 100, windowMs: 600_000 }, production: { limit: 5000, windowMs: 600_000 } };
type NamedTier = keyof typeof NAMED;
const DEFAULT_TIER: NamedTier = "development";
const WINDOW = { grammar: /^(\d+)\/(\d+)s$/, written: "`<requests>/<seconds>s`", example: "1000/60s" };
const lasting = (windowMs: number) => (windowMs % 60_000 === 0 ? `${windowMs / 60_000} minutes` : `${windowMs / 1000} s`);
const TIER_FORMS = `${(Object.keys(NAMED) as NamedTier[])
  .map((name) => `\`${name}\` (${name === DEFAULT_TIER ? "the default, " : ""}${NAMED[name].limit} requests per ${lasting(NAMED[name].windowMs)})`)
  .join(", ")}, or a negotiated window written ${WINDOW.written} (e.g. \`${WINDOW.example}\`)`;

/** The tier `text` names, or why it names none. */
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

/** The first version of the API, the only one the contract lists; later dates pass (the service answers for those). */
const FIRST_SERVICE_VERSION = "2026-01-01";

// A version the service never published failed only at `up`, with a 400 that names no setting.
function serviceVersionRefusal(version: string): ValueRefusal | undefined {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(version);
  const [year, month, day] = (parts ?? []).slice(1).map(Number);
  // Date.UTC rolls 2026-13-45 over into 2027: a real date reads back as written.
  const date = new Date(Date.UTC(year, month - 1, day));
  let which: string | undefined;
  if (!parts) which = "not a date YYYY-MM-DD";
  else if (version < FIRST_SERVICE_VERSION) which = "earlier than that";
  else if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) which = "not a calendar date";
  if (which === undefined) return undefined;
  return {
    problem: `must be a published API version, dated ${FIRST_SERVICE_VERSION} or later (got ${quoted(version)}: ${which}; the service answers 400 unsupported_version)`,
    unvalued: `must be a published version, ${FIRST_SERVICE_VERSION} or later: ${which}`,
    fix: FIRST_SERVICE_VERSION,
  };
}

// Loopback traffic never leaves the machine, so plain http exposes nothing (the emulator listens on 127.0.0.1).
const isLoopbackHost = (hostname: string) => hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);

/**
 * Why a base URL cannot carry the API key, and whether that is the key travelling in clear. Values are
 * echoed, credentials in a URL never. The SDK applies the same rule (sdk/internal/key-transport.ts), but
 * a preview loads no file of it: test/unit/provider/generate-base-url.test.ts holds the two to one answer.
 */
export function baseUrlProblem(value: string): (ValueRefusal & { inClear: boolean }) | undefined {
  const written = value.trim();
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    return { ...withValue("must be an absolute https:// URL such as https://api.example.com", written), fix: "https://...", inClear: false };
  }
  const shown = url.username || url.password ? Object.assign(new URL(url.href), { username: "", password: "" }).href : written;
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
    const rule = "must use https (plain http only to a loopback host, such as 127.0.0.1), so the key never travels in clear";
    const fix = shown.replace(/^[A-Za-z][A-Za-z0-9+.-]*:/, "https:");
    return { ...withValue(rule, shown, "must use https, so the key never travels in clear"), fix, inClear: url.protocol === "http:" };
  }
  if (url.search || url.hash) return { ...withValue("must not carry a query string or fragment", shown), fix: shown.replace(/[?#].*$/, ""), inClear: false };
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
    description: `The API version to request: the date of a published version, written YYYY-MM-DD (\`${FIRST_SERVICE_VERSION}\` or later).`,
    unsetMeans: "the SDK's default version",
    fix: FIRST_SERVICE_VERSION,
    check: serviceVersionRefusal,
  }),
  rateLimitTier: declare<RateLimitTier>({
    variable: "TCS_RATE_LIMIT_TIER",
    description: `How fast requests are paced: ${TIER_FORMS}.`,
    default: DEFAULT_TIER,
    fix: "production",
    parse: parseTier,
  }),
};

export type SettingName = keyof typeof SETTINGS;

/** The settings' values as read: the text, or what the setting's grammar parses it into. */
export type ProviderSettings = { [K in SettingName]?: (typeof SETTINGS)[K] extends Setting<infer T> ? T : never };

export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];
export const settingOf = (name: SettingName): Setting<unknown> => SETTINGS[name];
export const SECRET_SETTINGS: readonly SettingName[] = SETTING_NAMES.filter((name) => settingOf(name).secret);
export const ENVIRONMENT_SETTINGS: readonly SettingName[] = SETTING_NAMES.filter((name) => settingOf(name).environment);
