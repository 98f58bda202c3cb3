// Provider settings: stack config `tcs:*` first, then the environment. Read in the plugin's
// `configure` (and by lookups in the program), never captured into the serialized provider, so the
// API key stays out of state.

import type { RateLimitTier, TierBelowServiceNotice } from "../sdk";
import { settingValueProblem, type SettingNames } from "./setting-values";
export type { RateLimitTier };

/**
 * The provider's settings, each with the environment variable it falls back to: the one list of them.
 * The same names are the stack config's `tcs:<name>` (the default provider, the dynamic door's default
 * connection), an explicit provider's inputs, and a named connection's `tcs:connections.<name>.<name>`.
 */
export const SETTINGS = {
  apiKey: "TCS_API_KEY",
  baseUrl: "TCS_BASE_URL",
  serviceVersion: "TCS_SERVICE_VERSION",
  rateLimitTier: "TCS_RATE_LIMIT_TIER",
} as const;

export type SettingName = keyof typeof SETTINGS;

export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

/** The settings whose value is a secret: marked so in state and in the schema, never printed. */
export const SECRET_SETTINGS: readonly SettingName[] = ["apiKey"];

/** The settings that choose which environment a provider reaches; the others only shape its requests. */
export const ENVIRONMENT_SETTINGS: readonly SettingName[] = ["apiKey", "baseUrl"];

export interface ProviderSettings {
  apiKey?: string;
  baseUrl?: string;
  serviceVersion?: string;
  rateLimitTier?: RateLimitTier;
}

/** Looks up one config key (`tcs:apiKey`); the dynamic provider's Config and the program's both fit. */
export type ConfigSource = (key: string) => string | undefined;

const CUSTOM_TIER = /^(\d+)\/(\d+)s$/;

/** `development`, `production`, or a negotiated window written `<requests>/<seconds>s` (e.g. `1000/60s`). */
export function parseRateLimitTier(value: string): RateLimitTier {
  if (value === "development" || value === "production") return value;
  const custom = CUSTOM_TIER.exec(value);
  if (custom && Number(custom[1]) > 0 && Number(custom[2]) > 0) return { limit: Number(custom[1]), windowMs: Number(custom[2]) * 1000 };
  throw new Error(
    `tcs:rateLimitTier must be development, production or a custom window such as 1000/60s (got '${value}'): pulumi config set tcs:rateLimitTier production`,
  );
}

/** The tier as `tcs:rateLimitTier` writes it: the inverse of parseRateLimitTier. */
export function formatRateLimitTier(tier: RateLimitTier): string {
  if (typeof tier === "string") return tier;
  return tier === false ? "off" : `${tier.limit}/${tier.windowMs / 1000}s`;
}

export function readSettings(config: ConfigSource, env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  const read = (name: SettingName) => config(`tcs:${name}`) ?? env[SETTINGS[name]];
  const tier = read("rateLimitTier");
  return {
    apiKey: read("apiKey"),
    baseUrl: read("baseUrl"),
    serviceVersion: read("serviceVersion"),
    rateLimitTier: tier === undefined ? undefined : parseRateLimitTier(tier),
  };
}

/** The default connection's settings as a message names them: stack config first, then the environment. */
const TOP_LEVEL_SETTINGS: SettingNames = {
  name: (field) => `tcs:${field}`,
  fix: (field, value) => {
    const variable = field === "baseUrl" ? "TCS_BASE_URL" : "TCS_SERVICE_VERSION";
    return `run \`pulumi config set tcs:${field} ${value}\` or set ${value.endsWith("...") ? variable : `${variable}=${value}`}`;
  },
};

/** How the default connection's key and base URL are set: stack config, or the environment. */
const TOP_LEVEL_FIXES = {
  apiKey: { run: "pulumi config set --secret tcs:apiKey service_sk_...", variable: "TCS_API_KEY" },
  baseUrl: { run: "pulumi config set tcs:baseUrl https://...", variable: "TCS_BASE_URL" },
};

/**
 * What is missing or unusable before any request can be made, as a message that says how to fix it:
 * the plugin's check reports it, so a preview fails where the up would have.
 */
export function missingSettings(settings: ProviderSettings): string | undefined {
  const missing = missingKeyAndUrl(settings);
  if (missing) {
    const runs = missing.fields.map((field) => `\`${TOP_LEVEL_FIXES[field].run}\``).join(" and ");
    const variables = missing.fields.map((field) => TOP_LEVEL_FIXES[field].variable).join(" and ");
    return `${missing.lacking.replace(/^no/, "No")} for the Tool Connectivity Service: run ${runs} or set ${variables}.`;
  }
  return settingValueProblem(settings, TOP_LEVEL_SETTINGS);
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

/**
 * The advice when the service allows the key more than tcs:rateLimitTier sends: the setting a Pulumi
 * user changes (the SDK's own warning names its client option, which the provider sets for them).
 * `setting` is a config key (`tcs:...`), set with `pulumi config set`, or an explicit provider's input,
 * named as such and set in the program.
 */
export function tierBelowServiceAdvice(settings: ProviderSettings, { serviceLimit, tier }: TierBelowServiceNotice, setting = "tcs:rateLimitTier"): string {
  const configured = settings.rateLimitTier === undefined ? "not set: development" : formatRateLimitTier(settings.rateLimitTier);
  const set = setting.startsWith("tcs:connections.") ? `--path ${setting}` : setting;
  const fix = setting.startsWith("tcs:") ? `run \`pulumi config set ${set} production\`` : `set ${setting} to \`production\``;
  return (
    `the service allows this API key ${serviceLimit} requests per 10 minutes, but ${setting} ` +
    `(${configured}) paces this run to ${tier.limit} per ${tier.windowMs / 1000} s. ` +
    `For a production key ${fix} (or a negotiated \`<requests>/<seconds>s\`).`
  );
}
