// Provider settings: stack config `tcs:*` first, then the environment. Read in the plugin's
// `configure` (and by lookups in the program), never captured into the serialized provider, so the
// API key stays out of state.

import type { RateLimitTier, TierBelowServiceNotice } from "../sdk";
import { settingValueProblem } from "./setting-values";
import { configKey, SETTINGS, SettingsOwner, type SettingName } from "./settings";
export type { RateLimitTier };

export interface ProviderSettings {
  apiKey?: string;
  baseUrl?: string;
  serviceVersion?: string;
  rateLimitTier?: RateLimitTier;
}

/** Looks up one config key (`tcs:apiKey`); the dynamic provider's Config and the program's both fit. */
export type ConfigSource = (key: string) => string | undefined;

const CUSTOM_TIER = /^(\d+)\/(\d+)s$/;

/**
 * `development`, `production`, or a negotiated window written `<requests>/<seconds>s` (e.g. `1000/60s`);
 * a message naming `owner`'s setting and its fix otherwise.
 */
export function parseRateLimitTier(value: string, owner = SettingsOwner.defaultConnection): RateLimitTier {
  if (value === "development" || value === "production") return value;
  const custom = CUSTOM_TIER.exec(value);
  if (custom && Number(custom[1]) > 0 && Number(custom[2]) > 0) return { limit: Number(custom[1]), windowMs: Number(custom[2]) * 1000 };
  throw new Error(
    `${owner.key("rateLimitTier")} must be development, production or a custom window such as 1000/60s (got '${value}'): ` +
      owner.set("rateLimitTier", "production"),
  );
}

/** The tier as the rateLimitTier setting writes it: the inverse of parseRateLimitTier. */
export function formatRateLimitTier(tier: RateLimitTier): string {
  if (typeof tier === "string") return tier;
  return tier === false ? "off" : `${tier.limit}/${tier.windowMs / 1000}s`;
}

export function readSettings(config: ConfigSource, env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  const read = (name: SettingName) => config(configKey(name)) ?? env[SETTINGS[name]];
  const tier = read("rateLimitTier");
  return {
    apiKey: read("apiKey"),
    baseUrl: read("baseUrl"),
    serviceVersion: read("serviceVersion"),
    rateLimitTier: tier === undefined ? undefined : parseRateLimitTier(tier),
  };
}

/** What a fix sets a missing key or base URL to. */
const PLACEHOLDERS = { apiKey: "service_sk_...", baseUrl: "https://..." };

/** How an explicit provider's fix describes its missing key or base URL input. */
const PROVIDER_INPUTS = { apiKey: "apiKey (a secret key, service_sk_...)", baseUrl: "baseUrl (the service's https://... URL)" };

/**
 * What is missing or unusable before any request can be made with `owner`'s settings, as a message
 * that says how to fix it: the plugin's check reports it, so a preview fails where the up would have.
 */
export function missingSettings(settings: ProviderSettings, owner = SettingsOwner.defaultConnection): string | undefined {
  const missing = missingKeyAndUrl(settings);
  if (missing) {
    if (owner.kind === "provider") {
      return `${owner.describe()} has ${missing.lacking}: set the provider's ${missing.fields.map((field) => PROVIDER_INPUTS[field]).join(" and ")}`;
    }
    const runs = missing.fields.map((field) => `\`${owner.set(field, PLACEHOLDERS[field])}\``).join(" and ");
    if (owner.kind === "connection") return `${owner.describe()} has ${missing.lacking}: run ${runs}`;
    const variables = missing.fields.map((field) => owner.variable(field)).join(" and ");
    return `${missing.lacking.replace(/^no/, "No")} for the Tool Connectivity Service: run ${runs} or set ${variables}.`;
  }
  const problem = settingValueProblem(settings, owner, true);
  return problem && owner.kind === "connection" ? `${owner.describe()}: ${problem}` : problem;
}

/**
 * Which of the API key and base URL a connection lacks, both at once so that one run names every fix,
 * and how a message says it ("no API key and no base URL").
 */
export function missingKeyAndUrl(settings: ProviderSettings): { fields: Array<"apiKey" | "baseUrl">; lacking: string } | undefined {
  const fields = (["apiKey", "baseUrl"] as const).filter((field) => !settings[field]);
  if (fields.length === 0) return undefined;
  return { fields, lacking: fields.map((field) => (field === "apiKey" ? "no API key" : "no base URL")).join(" and ") };
}

/** The service's window for `RateLimit-Limit` (spec, Limits): its figure is requests per 10 minutes. */
const SERVICE_WINDOW_S = 600;

/** What production allows per service window: the named tier that covers a key the service allows this much. */
const PRODUCTION_PER_WINDOW = 5000;

/**
 * The tier to advise when the service allows a key `serviceLimit` requests per 10 minutes: production
 * when that covers it, else the service's own window written as a negotiated tier. Never the tier the
 * client paces itself to already: the notice comes only when the service allows more than it.
 */
function advisedTier(serviceLimit: number): string {
  return serviceLimit <= PRODUCTION_PER_WINDOW ? "production" : `${serviceLimit}/${SERVICE_WINDOW_S}s`;
}

/**
 * The advice when the service allows the key more than the owner's rateLimitTier sends: the setting a
 * Pulumi user changes (the SDK's own warning names its client option, which the provider sets for
 * them), to a tier they have not set yet (a production tier already set gets the key's own window, not
 * production again). A config key is set with `pulumi config set`; an explicit provider's input, named
 * as such, in the program.
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
