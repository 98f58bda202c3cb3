// Reading the settings (stack config `tcs:*`, then the environment) and judging them before any request. Read in
// the plugin's `configure` and by lookups, never captured into the serialized provider: the API key stays out of state.
import { DiagnosticError, render, type Refusal } from "../diagnostic";
import {
  ENVIRONMENT_SETTINGS,
  SETTING_NAMES,
  settingOf,
  SETTINGS,
  type ProviderSettings,
  type SettingName,
  type ValueRefusal,
} from "./declaration";
import { configKey, SettingsOwner } from "./owner";

/** Looks up one config key (`tcs:apiKey`); the dynamic provider's Config and the program's both fit. */
export type ConfigSource = (key: string) => string | undefined;
const DOCS = "docs/guide.md#configuration";
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function parsedText(name: SettingName, text: string): { value: unknown } | ValueRefusal {
  const value = settingOf(name).parse?.(text) ?? text;
  if (typeof value !== "object" || value === null || !("problem" in value)) return { value };
  return { ...(value as { problem: string; unvalued?: string }), fix: settingOf(name).fix };
}

export function parseSetting(name: SettingName, text: string, owner: SettingsOwner): unknown {
  const parsed = parsedText(name, text);
  if ("problem" in parsed) throw new DiagnosticError(valueRefusal(name, parsed, owner));
  return parsed.value;
}

/** Why `owner`'s setting `name`, written `text`, cannot be used, for a check failure (whose value the engine prints beside it). */
export function settingTextRefusal(name: SettingName, text: string, owner: SettingsOwner): Refusal | undefined {
  const parsed = parsedText(name, text);
  const refusal = "problem" in parsed ? parsed : settingOf(name).check?.(text);
  return refusal && valueRefusal(name, refusal, owner, false, true);
}

export function settingsOf(text: (name: SettingName) => string | undefined, owner: SettingsOwner): ProviderSettings {
  const written = SETTING_NAMES.map((name) => [name, text(name)] as const).filter(([, value]) => value !== undefined);
  return Object.fromEntries(written.map(([name, value]) => [name, parseSetting(name, value!, owner)]));
}

export const readSettings = (config: ConfigSource, env: NodeJS.ProcessEnv = process.env): ProviderSettings =>
  settingsOf((name) => config(configKey(name)) ?? env[SETTINGS[name].variable], SettingsOwner.defaultConnection);

/** A value's refusal; with `orVariable` the fix names the default connection's variable too (the value may have come from there). */
function valueRefusal(
  name: SettingName,
  { problem, unvalued, fix }: ValueRefusal,
  owner: SettingsOwner,
  orVariable = false,
  valueShown = false,
): Refusal {
  // A value too long to fit a runnable command in the line gives way to the declared placeholder.
  const value = fix.length > 60 ? settingOf(name).fix : fix;
  return {
    summary: `${owner.key(name)} ${valueShown ? (unvalued ?? problem) : problem}`,
    fix: capitalized(owner.fix(name, value, orVariable)),
    docs: DOCS,
  };
}

function settingValueRefusal(
  settings: Record<string, unknown>,
  owner: SettingsOwner,
  orVariable: boolean,
): Refusal | undefined {
  for (const name of SETTING_NAMES) {
    const refusal = typeof settings[name] === "string" ? settingOf(name).check?.(settings[name]) : undefined;
    if (refusal) return valueRefusal(name, refusal, owner, orVariable);
  }
  return undefined;
}

const MISSING = {
  apiKey: { lacking: "no API key", input: `apiKey (a secret key, ${SETTINGS.apiKey.fix})` },
  baseUrl: { lacking: "no base URL", input: "baseUrl (the service's https://... URL)" },
};

// What is missing or unusable before any request with `owner`'s settings: the plugin's check reports it,
// so a preview fails where the up would have. The key and base URL are named at once: one run names every fix.
export function unusableSettings(
  settings: ProviderSettings,
  owner = SettingsOwner.defaultConnection,
): Refusal | undefined {
  const fields = (ENVIRONMENT_SETTINGS as (keyof typeof MISSING)[]).filter((field) => !settings[field]);
  if (fields.length === 0) return settingValueRefusal(settings, owner, true);
  const lacking = fields.map((field) => MISSING[field].lacking).join(" and ");
  const runs = `Run ${fields.map((field) => `\`${owner.set(field, SETTINGS[field].fix)}\``).join(" and ")}`;
  const inputs = `Set the provider's ${fields.map((field) => MISSING[field].input).join(" and ")}`;
  if (owner.kind !== "default")
    return {
      summary: `${owner.describe()} has ${lacking}`,
      fix: owner.kind === "provider" ? inputs : runs,
      docs: DOCS,
    };
  const variables = fields.map((field) => owner.variable(field)).join(" and ");
  return {
    summary: `${capitalized(lacking)} for the Tool Connectivity Service`,
    fix: `${runs} or set ${variables}`,
    docs: DOCS,
  };
}

export function missingSettings(
  settings: ProviderSettings,
  owner = SettingsOwner.defaultConnection,
): string | undefined {
  const refusal = unusableSettings(settings, owner);
  return refusal && render(refusal);
}
