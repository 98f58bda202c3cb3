// Reading the settings (stack config `tcs:*`, then the environment) and judging them before any request. Read in
// the plugin's `configure` and by lookups, never captured into the serialized provider: the API key stays out of state.
import { DiagnosticError, quoted, type Refusal } from "../diagnostic";
import { ENVIRONMENT_SETTINGS, SETTING_NAMES, settingOf, SETTINGS, type ProviderSettings } from "./declaration";
import type { SettingName, ValueRefusal } from "./declaration";
import { configKey, SettingsOwner } from "./owner";

/** Looks up one config key (`tcs:apiKey`); the dynamic provider's Config and the program's both fit. */
export type ConfigSource = (key: string) => string | undefined;
const DOCS = "docs/guide.md#configuration";
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Why `owner`'s setting `name`, as `written`, cannot be used: it is not text, its parse refused it, or (`checked`)
 * its check. `valueShown`: the engine prints the value beside the reason (a check failure); `orVariable`: the fix
 * names the default connection's variable too (the value may have come from there).
 */
export function settingRefusal(
  name: SettingName,
  written: unknown,
  owner: SettingsOwner,
  how: { checked?: boolean; orVariable?: boolean; valueShown?: boolean } = {},
): Refusal | undefined {
  const setting = settingOf(name);
  if (written === undefined || written === null) return undefined;
  const parsed =
    typeof written === "string" ? setting.parse?.(written) : { problem: `must be a string (got ${typeof written})` };
  const refusal: ValueRefusal | undefined =
    typeof parsed === "object" && parsed !== null && "problem" in parsed
      ? (parsed as ValueRefusal)
      : how.checked
        ? setting.check?.(written as string)
        : undefined;
  if (!refusal) return undefined;
  // A value too long to fit a runnable command in the line gives way to the declared placeholder.
  const value = refusal.fix && refusal.fix.length <= 60 ? refusal.fix : setting.fix;
  const problem = how.valueShown ? (refusal.unvalued ?? refusal.problem) : refusal.problem;
  return {
    summary: `${owner.key(name)} ${problem}`,
    fix: capitalized(owner.fix(name, value, how.orVariable)),
    docs: DOCS,
  };
}

/** Keys that are not settings, in a connection (named as its object) or a provider's inputs (the engine names it). */
export const unknownSettings = (owner: SettingsOwner, keys: string[], known: readonly string[]): Refusal => ({
  ...(owner.kind === "connection" ? { object: owner.settings() } : {}),
  summary: `unknown setting ${keys.map((key) => quoted(owner.kind === "connection" ? key : owner.key(key))).join(", ")} (it takes ${known.join(", ")})`,
  fix:
    owner.kind === "provider"
      ? "Remove it, or correct its name"
      : `Remove ${keys.length > 1 ? "each" : "it"}: pulumi config rm ${owner.configArgs(keys[0])}`,
  docs: DOCS,
});
/** The settings `written` holds (a value of another type than text is refused), parsed; throws the first refusal. */
export function settingsOf(written: (name: SettingName) => unknown, owner: SettingsOwner): ProviderSettings {
  return Object.fromEntries(
    SETTING_NAMES.flatMap((name) => {
      const value = written(name);
      const refusal = settingRefusal(name, value, owner);
      if (refusal) throw new DiagnosticError(refusal);
      return typeof value === "string" ? [[name, settingOf(name).parse?.(value) ?? value]] : [];
    }),
  );
}

export const readSettings = (config: ConfigSource, env: NodeJS.ProcessEnv = process.env): ProviderSettings =>
  settingsOf((name) => config(configKey(name)) ?? env[SETTINGS[name].variable], SettingsOwner.defaultConnection);

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
  if (fields.length === 0)
    return SETTING_NAMES.flatMap((name) => {
      const text = settings[name];
      return typeof text === "string" ? [settingRefusal(name, text, owner, { checked: true, orVariable: true })] : [];
    }).find(Boolean);
  const each = (say: (field: keyof typeof MISSING) => string | undefined) => fields.map(say).join(" and ");
  const [lacking, runs] = [
    each((field) => MISSING[field].lacking),
    `Run ${each((field) => `\`${owner.set(field, SETTINGS[field].fix)}\``)}`,
  ];
  const fix = {
    provider: `Set the provider's ${each((field) => MISSING[field].input)}`,
    connection: runs,
    default: `${runs} or set ${each((field) => SETTINGS[field].variable)}`,
  }[owner.kind];
  const summary =
    owner.kind === "default"
      ? `${capitalized(lacking)} for the Tool Connectivity Service`
      : `${owner.describe()} has ${lacking}`;
  return { summary, fix, docs: DOCS };
}

/** Throws `owner`'s unusable settings (see unusableSettings). */
export function assertUsableSettings(settings: ProviderSettings, owner = SettingsOwner.defaultConnection): void {
  const refusal = unusableSettings(settings, owner);
  if (refusal) throw new DiagnosticError(refusal);
}
