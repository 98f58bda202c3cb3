// The provider's own settings on the native door (provider/settings/declaration.ts): stack config for
// the default provider, or the same names as properties of an explicit provider (`new tcs.Provider(...)`,
// `type: pulumi:providers:tcs` in YAML). Each provider is one plugin process, one environment: named
// connections (`tcs:connections`) are the dynamic door's way to several environments, explicit providers this door's.
import { DiagnosticError, renderCheckReason, type Refusal } from "../diagnostic";
import { ENVIRONMENT_SETTINGS, SETTING_NAMES, settingOfConfigKey, SettingsOwner, settingTextRefusal, type ConfigSource } from "../settings";
import type { Props } from "./properties";
import { missingSettingsRefusal } from "./missing-settings";
import { nameOfUrn } from "../shapes/identity";

/** The settings a provider takes, as the schema declares them too. */
export const PROVIDER_SETTINGS = SETTING_NAMES;

/** Settings the dynamic door reads from the same stack config, which this door leaves alone. */
const DYNAMIC_DOOR_SETTINGS = new Set(["connections"]);

/** A config source over a provider's settings: `tcs:<name>` reads the setting; the environment stays the fallback (settings/read.ts). */
export function configSource(settings: Props): ConfigSource {
  return (key) => {
    const name = settingOfConfigKey(key);
    if (!(PROVIDER_SETTINGS as readonly string[]).includes(name)) return undefined;
    const value = settings[name];
    return typeof value === "string" && value !== "" ? value : undefined;
  };
}

/**
 * What is wrong with a provider's settings, each naming the setting and its fix; nothing when they may be
 * used. A reason is rendered for a check failure: the engine prints its own words, the property and its
 * value before it, and the line stays within 300 characters.
 */
export function settingFailures(settings: Props, owner: SettingsOwner): { property: string; reason: string }[] {
  const failure = (property: string, refusal: Refusal) => ({ property, reason: renderCheckReason(refusal) });
  const refused = (property: string, summary: string, fix: string) => failure(property, { summary, fix, docs: "docs/guide.md#configuration" });
  const names = Object.keys(settings).filter((name) => !name.startsWith("__") && name !== "version" && !DYNAMIC_DOOR_SETTINGS.has(name));
  const failures = names.flatMap((name) => {
    if (!(PROVIDER_SETTINGS as string[]).includes(name)) {
      return [
        refused(name, `${owner.key(name)} is not a setting of the tcs provider (it takes ${PROVIDER_SETTINGS.join(", ")})`, "Remove it, or correct its name"),
      ];
    }
    const value = settings[name];
    return value === undefined || value === null || typeof value === "string" ? [] : [refused(name, `${owner.key(name)} must be a string`, "Set it to text")];
  });
  if (failures.length > 0) return failures;
  return PROVIDER_SETTINGS.flatMap((name) => {
    const text = settings[name];
    if (typeof text !== "string" || text === "") return [];
    const refusal = settingTextRefusal(name, text, owner, true);
    return refusal ? [failure(name, refusal)] : [];
  });
}

/**
 * The provider's own URN, carried in its checked settings: the engine asks DiffConfig whether a resource
 * moved from one provider to another must be replaced by passing the old provider's inputs under the new
 * provider's URN, and this tells such a move from a change of one provider's own settings.
 */
export const PROVIDER_URN_INPUT = "__tcsProviderUrn";

export function withProviderUrn(settings: Props, urn: string): Props {
  return { ...settings, [PROVIDER_URN_INPUT]: urn };
}

/**
 * The input that records which environment the provider's key and base URL reach (environment.ts):
 * kept from the last run while they stay the same, asked of the service when they change.
 */
export const ENVIRONMENT_INPUT = "__tcsEnvironment";

/** The settings that changed (the provider's own inputs left out), and those of them that choose the environment. */
export function changedSettings(olds: Props, news: Props): { changed: string[]; environment: string[] } {
  const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((key) => key !== PROVIDER_URN_INPUT && key !== ENVIRONMENT_INPUT);
  const changed = keys.filter((key) => JSON.stringify(olds[key]) !== JSON.stringify(news[key]));
  return { changed, environment: changed.filter((key) => (ENVIRONMENT_SETTINGS as readonly string[]).includes(key)) };
}

/**
 * What CheckConfig records of the environment: the one state holds while the key and base URL stay
 * the same (no request), or `ask` the service for a new provider, new settings, or state written
 * before the provider recorded it (the next `up` records it).
 */
export function environmentToRecord(olds: Props, news: Props): { keep: string } | "ask" {
  const recorded = olds[ENVIRONMENT_INPUT];
  return typeof recorded === "string" && changedSettings(olds, news).environment.length === 0 ? { keep: recorded } : "ask";
}

/** What is known of the environment some settings reach (environment.ts): unknown, why (a clause providerConfigChange completes) and the fix. */
export type EnvironmentFact = { id: string } | { computed: true } | { unknown: Refusal };

/** The default provider's URN ends in "default" (or "default_<version>"): its settings are stack config. */
export function isExplicitProvider(urn: string): boolean {
  return !/::default(_[\w.-]+)?$/.test(urn);
}

/** Whose settings the provider at `urn` holds: an explicit provider's inputs, or the default provider's stack config. */
export function providerOwner(urn: string): SettingsOwner {
  return urn !== "" && isExplicitProvider(urn) ? SettingsOwner.provider(nameOfUrn(urn)) : SettingsOwner.defaultProvider;
}

/**
 * What DiffConfig says of a change of settings, given the environments the old and new settings reach
 * (`facts`, needed when the key or base URL changed). The provider's resources live in one environment:
 * settings that reach another replace them (as a change of the dynamic door's `connection` does), the
 * same one (a rotated key) keeps them; a resource moved to another provider is judged the same way. A
 * change whose environment cannot be told is refused, naming why: kept, the resources would be lost from
 * sight; replaced, made twice in the same environment. A moved resource is replaced then, as it always was.
 */
export function providerConfigChange(
  urn: string,
  olds: Props,
  news: Props,
  facts?: { old: EnvironmentFact; new: EnvironmentFact },
): { changed: string[]; replaces: string[] } {
  const { changed, environment } = changedSettings(olds, news);
  if (environment.length === 0) return { changed, replaces: [] };
  if (!facts) throw new Error(`provider bug: DiffConfig of ${urn} judged a change of ${environment.join(" and ")} without the environments`);
  const movedFrom = olds[PROVIDER_URN_INPUT];
  const moved = typeof movedFrom === "string" && movedFrom !== urn;
  const [before, after] = [facts.old, facts.new];
  if ("id" in before && "id" in after) return { changed, replaces: before.id === after.id ? [] : environment };
  if ("computed" in before || "computed" in after || moved) return { changed, replaces: environment };
  const owner = providerOwner(urn);
  // Gone rather than changed (a stack moved without its config file): said so, with the way back.
  const missing = "unknown" in after ? missingSettingsRefusal(urn, owner, configSource(news)) : undefined;
  if (missing) throw new Error(missing);
  // The new settings' reason first: they are what the user just changed.
  if ("unknown" in after) {
    const settings = environment.map((key) => owner.key(key)).join(" and ");
    const summary = `${settings} changed, but ${after.unknown.summary}, so its resources are neither kept nor replaced`;
    throw new DiagnosticError({ ...after.unknown, object: owner.describe(), summary });
  }
  // State written before the provider recorded the environment, whose settings no longer answer.
  const { unknown } = before as { unknown: Refusal };
  const summary = `${unknown.summary}, and state lacks their environment: nothing is kept or replaced`;
  // A fix that names the provider's URN names the provider: the line keeps its room for the rest.
  throw new DiagnosticError({ ...unknown, object: unknown.fix.includes(urn) ? undefined : owner.describe(), summary });
}
