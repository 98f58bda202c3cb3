// Reading the settings and judging them before any request, every setting alike, from the declaration:
// stack config `tcs:*` first, then the environment. Read in the plugin's `configure` (and by lookups in
// the program), never captured into the serialized provider, so the API key stays out of state.
import { DiagnosticError, render, type Refusal } from "../diagnostic";
import { ENVIRONMENT_SETTINGS, SETTING_NAMES, settingOf, SETTINGS, type ProviderSettings, type SettingName } from "./declaration";
import { configKey, SettingsOwner } from "./owner";
import type { Refusal as ValueRefusal } from "./values";

/** Looks up one config key (`tcs:apiKey`); the dynamic provider's Config and the program's both fit. */
export type ConfigSource = (key: string) => string | undefined;

/** Where every message about a setting sends the user. */
const DOCS = "docs/guide.md#configuration";

/** The value of setting `name` written `text`; throws the refusal (a DiagnosticError) when its grammar names none. */
export function parseSetting(name: SettingName, text: string, owner: SettingsOwner): unknown {
  const parsed = parsedText(name, text);
  if (!("problem" in parsed)) return parsed.value;
  throw new DiagnosticError(valueRefusal(name, parsed, owner));
}

/** What the setting's grammar reads `text` as, or why it reads nothing (with the declared fix). */
function parsedText(name: SettingName, text: string): { value: unknown } | ValueRefusal {
  const parsed = settingOf(name).parse?.(text) ?? text;
  if (typeof parsed !== "object" || parsed === null || !("problem" in parsed)) return { value: parsed };
  const { problem, unvalued } = parsed as { problem: string; unvalued?: string };
  return { problem, unvalued, fix: settingOf(name).fix };
}

/**
 * Why `owner`'s setting `name`, written `text`, cannot be used: its grammar reads nothing, or its check
 * refuses it; undefined when it can. With `valueShown` (a check failure's reason, which the engine
 * prints after the value) the message does not repeat the value.
 */
export function settingTextRefusal(name: SettingName, text: string, owner: SettingsOwner, valueShown = false): Refusal | undefined {
  const parsed = parsedText(name, text);
  const refusal = "problem" in parsed ? parsed : settingOf(name).check?.(text);
  return refusal && valueRefusal(name, refusal, owner, false, valueShown);
}

/** Every setting of `owner`, each from `text(name)`, parsed. */
export function settingsOf(text: (name: SettingName) => string | undefined, owner: SettingsOwner): ProviderSettings {
  const written = SETTING_NAMES.map((name) => [name, text(name)] as const).filter(([, value]) => value !== undefined);
  return Object.fromEntries(written.map(([name, value]) => [name, parseSetting(name, value!, owner)]));
}

export function readSettings(config: ConfigSource, env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  return settingsOf((name) => config(configKey(name)) ?? env[SETTINGS[name].variable], SettingsOwner.defaultConnection);
}

/** The refusal of a setting's value: the setting as `owner` writes it, why (without the value when it is shown beside), and the fix. */
function valueRefusal(name: SettingName, { problem, unvalued, fix }: ValueRefusal, owner: SettingsOwner, orVariable = false, valueShown = false): Refusal {
  // A value too long to fit a runnable command in the line gives way to the declared placeholder.
  const value = fix.length > 60 ? settingOf(name).fix : fix;
  const why = valueShown ? (unvalued ?? problem) : problem;
  return { summary: `${owner.key(name)} ${why}`, fix: capitalized(owner.fix(name, value, orVariable)), docs: DOCS };
}

/**
 * What is wrong with the values of these settings that the checks judge before any request, naming
 * `owner`'s setting and its fix (with `orVariable`, the default connection's environment variable too:
 * the value may have come from there); undefined when they can be used.
 */
export function settingValueRefusal(settings: Record<string, unknown>, owner: SettingsOwner, orVariable = false): Refusal | undefined {
  for (const name of SETTING_NAMES) {
    const value = settings[name];
    const refusal = typeof value === "string" ? settingOf(name).check?.(value) : undefined;
    if (refusal) return valueRefusal(name, refusal, owner, orVariable);
  }
  return undefined;
}

/** settingValueRefusal as a message. */
export function settingValueProblem(settings: Record<string, unknown>, owner: SettingsOwner, orVariable = false): string | undefined {
  const refusal = settingValueRefusal(settings, owner, orVariable);
  return refusal && render(refusal);
}

/** How a message says a setting that chooses the environment is missing, and how an explicit provider's fix describes it. */
const MISSING = {
  apiKey: { lacking: "no API key", input: `apiKey (a secret key, ${SETTINGS.apiKey.fix})` },
  baseUrl: { lacking: "no base URL", input: "baseUrl (the service's https://... URL)" },
};

/**
 * What is missing or unusable before any request can be made with `owner`'s settings, with how to fix
 * it: the plugin's check reports it, so a preview fails where the up would have. The key and the base
 * URL are named at once, so that one run names every fix.
 */
export function unusableSettings(settings: ProviderSettings, owner = SettingsOwner.defaultConnection): Refusal | undefined {
  const fields = (ENVIRONMENT_SETTINGS as (keyof typeof MISSING)[]).filter((field) => !settings[field]);
  if (fields.length === 0) return settingValueRefusal(settings, owner, true);
  const lacking = fields.map((field) => MISSING[field].lacking).join(" and ");
  const runs = fields.map((field) => `\`${owner.set(field, SETTINGS[field].fix)}\``).join(" and ");
  if (owner.kind === "provider") {
    return {
      summary: `${owner.describe()} has ${lacking}`,
      fix: `Set the provider's ${fields.map((field) => MISSING[field].input).join(" and ")}`,
      docs: DOCS,
    };
  }
  if (owner.kind === "connection") return { summary: `${owner.describe()} has ${lacking}`, fix: `Run ${runs}`, docs: DOCS };
  const variables = fields.map((field) => owner.variable(field)).join(" and ");
  return { summary: `${capitalized(lacking)} for the Tool Connectivity Service`, fix: `Run ${runs} or set ${variables}`, docs: DOCS };
}

/** unusableSettings as a message. */
export function missingSettings(settings: ProviderSettings, owner = SettingsOwner.defaultConnection): string | undefined {
  const refusal = unusableSettings(settings, owner);
  return refusal && render(refusal);
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
