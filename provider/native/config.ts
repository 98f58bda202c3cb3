// The provider's own settings on the native door: `tcs:apiKey`, `tcs:baseUrl`, `tcs:serviceVersion`
// and `tcs:rateLimitTier` in stack config for the default provider, or the same names as properties
// of an explicit provider (`new tcs.Provider("staging", {...})`, `type: pulumi:providers:tcs` in YAML).
// Each provider is one plugin process, one environment: named connections (`tcs:connections`) are
// the dynamic door's way to several environments, and explicit providers this door's.
import { parseRateLimitTier, type ConfigSource } from "../config";
import { settingValueProblem } from "../setting-values";
import type { Props } from "./properties";

/** The settings a provider takes, as the schema declares them (scripts/schema). */
export const PROVIDER_SETTINGS = ["apiKey", "baseUrl", "serviceVersion", "rateLimitTier"] as const;

/** Settings the dynamic door reads from the same stack config, which this door leaves alone. */
const DYNAMIC_DOOR_SETTINGS = new Set(["connections"]);

/** A config source over a provider's settings: `tcs:<name>` reads the setting; the environment stays the fallback (config.ts). */
export function configSource(settings: Props): ConfigSource {
  return (key) => {
    const name = key.startsWith("tcs:") ? key.slice("tcs:".length) : key;
    if (!(PROVIDER_SETTINGS as readonly string[]).includes(name)) return undefined;
    const value = settings[name];
    return typeof value === "string" && value !== "" ? value : undefined;
  };
}

/** What is wrong with a provider's settings, each naming the setting and its fix; nothing when they may be used. */
export function settingFailures(settings: Props, explicit: boolean): { property: string; reason: string }[] {
  const failures: { property: string; reason: string }[] = [];
  const named = (field: string) => (explicit ? field : `tcs:${field}`);
  for (const [name, value] of Object.entries(settings)) {
    if (name.startsWith("__") || name === "version" || DYNAMIC_DOOR_SETTINGS.has(name)) continue;
    if (!(PROVIDER_SETTINGS as readonly string[]).includes(name)) {
      failures.push({ property: name, reason: `${named(name)} is not a setting of the tcs provider (it takes ${PROVIDER_SETTINGS.join(", ")})` });
    } else if (value !== undefined && value !== null && typeof value !== "string") {
      failures.push({ property: name, reason: `${named(name)} must be a string` });
    }
  }
  if (failures.length > 0) return failures;
  const text = (name: string) => (typeof settings[name] === "string" && settings[name] !== "" ? (settings[name] as string) : undefined);
  const names = {
    name: named,
    fix: (field: string, value: string) => (explicit ? `set the provider's ${field} to ${value}` : `run \`pulumi config set tcs:${field} ${value}\``),
  };
  for (const field of ["baseUrl", "serviceVersion"] as const) {
    const problem = settingValueProblem({ [field]: text(field) }, names);
    if (problem) failures.push({ property: field, reason: problem });
  }
  const tier = text("rateLimitTier");
  if (tier !== undefined) {
    try {
      parseRateLimitTier(tier);
    } catch (error) {
      failures.push({ property: "rateLimitTier", reason: (error as Error).message });
    }
  }
  return failures;
}

/**
 * The input a provider's checked settings carry besides the settings: the provider's own URN. The
 * engine asks DiffConfig whether a resource moved from one provider to another must be replaced,
 * passing the old provider's inputs under the new provider's URN; this is how DiffConfig tells such
 * a move from a change of one provider's own settings.
 */
export const PROVIDER_URN_INPUT = "__tcsProviderUrn";

export function withProviderUrn(settings: Props, urn: string): Props {
  return { ...settings, [PROVIDER_URN_INPUT]: urn };
}

/**
 * What DiffConfig says of a change of settings. The same provider with new settings (a rotated key, a
 * new tier) keeps its resources: the next calls use the new settings. A resource moved to another
 * provider that reaches another environment (another base URL or key) is replaced, as a change of the
 * dynamic door's `connection` is: made in the new environment, deleted from the old one. Moved to a
 * provider with the same settings, it stays.
 */
export function providerConfigChange(urn: string, olds: Props, news: Props): { changed: string[]; replaces: string[] } {
  const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((key) => key !== PROVIDER_URN_INPUT);
  const changed = keys.filter((key) => JSON.stringify(olds[key]) !== JSON.stringify(news[key]));
  const movedFrom = olds[PROVIDER_URN_INPUT];
  const moved = typeof movedFrom === "string" && movedFrom !== urn;
  const environment = changed.filter((key) => key === "apiKey" || key === "baseUrl");
  return { changed, replaces: moved ? environment : [] };
}
