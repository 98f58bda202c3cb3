// Whose settings a message is about, and how it names them and their fix: the default connection (the
// stack config's top-level keys, then the environment), a named connection of the dynamic door
// (`tcs:connections.<name>.<setting>`, set with `--path`), or an explicit provider of the native door.
import { TCS_MODULE } from "../type-tokens";
import { SETTINGS, type SettingName } from "./declaration";

export const CONNECTIONS_KEY = `${TCS_MODULE}:connections`;
export const configKey = (setting: string): string => `${TCS_MODULE}:${setting}`;
/** The setting a top-level config key names (`tcs:apiKey` -> `apiKey`); other keys stay as they are. */
export const settingOfConfigKey = (key: string): string => (key.startsWith(`${TCS_MODULE}:`) ? key.slice(TCS_MODULE.length + 1) : key);

type Owner = { kind: "default"; subject?: string } | { kind: "connection"; connection: string } | { kind: "provider"; provider: string };

export class SettingsOwner {
  static readonly defaultConnection = new SettingsOwner({ kind: "default" });
  /** The native door's default provider: the same settings, named as that door names it. */
  static readonly defaultProvider = new SettingsOwner({ kind: "default", subject: `the default ${TCS_MODULE} provider` });

  /** A named connection of the stack config; no name is the default connection. */
  static connection(name: string | undefined): SettingsOwner {
    return name === undefined ? SettingsOwner.defaultConnection : new SettingsOwner({ kind: "connection", connection: name });
  }

  /** An explicit provider of the native door, by its resource name ("prod"). */
  static provider(name: string): SettingsOwner {
    return new SettingsOwner({ kind: "provider", provider: `${TCS_MODULE} provider ${name}` });
  }

  private constructor(private readonly owner: Owner) {}

  get kind(): Owner["kind"] {
    return this.owner.kind;
  }

  /** "the default connection (tcs:apiKey, tcs:baseUrl)", "connection 'staging'", "tcs provider prod". */
  describe(): string {
    const owner = this.owner;
    if (owner.kind === "connection") return `connection '${owner.connection}'`;
    return owner.kind === "provider" ? owner.provider : (owner.subject ?? `the default connection (${this.key("apiKey")}, ${this.key("baseUrl")})`);
  }

  /** The owner's settings as a whole: "tcs:apiKey and tcs:baseUrl", "tcs:connections.staging", "the inputs of tcs provider prod". */
  settings(): string {
    const owner = this.owner;
    if (owner.kind === "connection") return `${CONNECTIONS_KEY}.${owner.connection}`;
    return owner.kind === "provider" ? `the inputs of ${owner.provider}` : `${this.key("apiKey")} and ${this.key("baseUrl")}`;
  }

  /** A setting where the owner is already named: `tcs:apiKey`, `tcs:connections.staging.apiKey`, or the input `apiKey`. */
  key(setting: string): string {
    const owner = this.owner;
    if (owner.kind === "connection") return `${CONNECTIONS_KEY}.${owner.connection}.${setting}`;
    return owner.kind === "provider" ? setting : configKey(setting);
  }

  /** A setting named on its own: the config key, or "the rateLimitTier input of tcs provider prod". */
  name(setting: string): string {
    return this.owner.kind === "provider" ? `the ${setting} input of ${this.owner.provider}` : this.key(setting);
  }

  /** The environment variable the setting falls back to: the default connection's only. */
  variable(setting: SettingName): string | undefined {
    return this.owner.kind === "default" ? SETTINGS[setting].variable : undefined;
  }

  /** The setting as `pulumi config set` takes it (`tcs:apiKey`, `--path tcs:connections.staging.apiKey`); undefined for an input. */
  configArgs(setting: string): string | undefined {
    if (this.owner.kind === "provider") return undefined;
    return this.owner.kind === "connection" ? `--path ${this.key(setting)}` : this.key(setting);
  }

  /** How to set the setting to `value`: the command (`--secret` for a secret setting), or the provider's input. */
  set(setting: string, value: string): string {
    const args = this.configArgs(setting);
    if (args === undefined) return `set the provider's ${setting} to ${value}`;
    return `pulumi config set ${"secret" in (SETTINGS[setting as SettingName] ?? {}) ? "--secret " : ""}${args} ${value}`;
  }

  /** The fix as a clause; with `orVariable`, the default connection's names its variable too (the value may have come from there). */
  fix(setting: SettingName, value: string, orVariable = false): string {
    if (this.owner.kind === "provider") return this.set(setting, value);
    const run = `run \`${this.set(setting, value)}\``;
    const variable = orVariable ? this.variable(setting) : undefined;
    return variable === undefined ? run : `${run} or set ${value.endsWith("...") ? variable : `${variable}=${value}`}`;
  }

  /** The sentence that sets the owner's key to a secret key of the environment to manage. */
  setSecretKey(lead: string): string {
    const placeholder = SETTINGS.apiKey.fix;
    return this.owner.kind === "provider"
      ? `Set the provider's apiKey to a secret key (${placeholder}) of the environment to manage.`
      : `${lead}: ${this.set("apiKey", placeholder)}`;
  }
}
