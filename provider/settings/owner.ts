// Whose settings a message is about, and how it names them and their fix: the default connection (`tcs:*`, then the
// environment), a named connection (`tcs:connections.<name>.*`, set with `--path`), or an explicit provider's inputs.
import { TCS_MODULE } from "../type-tokens";
import { SETTINGS, type SettingName } from "./declaration";

export const CONNECTIONS_KEY = `${TCS_MODULE}:connections`;
export const configKey = (setting: string): string => `${TCS_MODULE}:${setting}`;

export class SettingsOwner {
  static readonly defaultConnection = new SettingsOwner("default", configKey(""));
  static readonly defaultProvider = new SettingsOwner("default", configKey(""), `the default ${TCS_MODULE} provider`);
  static connection(name: string | undefined): SettingsOwner {
    return name === undefined
      ? SettingsOwner.defaultConnection
      : new SettingsOwner("connection", `${CONNECTIONS_KEY}.${name}.`, `connection '${name}'`);
  }
  static provider(name: string): SettingsOwner {
    return new SettingsOwner("provider", "", `${TCS_MODULE} provider ${name}`);
  }
  private constructor(
    readonly kind: "default" | "connection" | "provider",
    private readonly prefix: string,
    private readonly subject?: string,
  ) {}
  /** "the default connection (tcs:apiKey, tcs:baseUrl)", "connection 'staging'", "tcs provider prod". */
  describe(): string {
    return this.subject ?? `the default connection (${this.key("apiKey")}, ${this.key("baseUrl")})`;
  }
  /** The owner's settings as a whole: "tcs:apiKey and tcs:baseUrl", "tcs:connections.staging", "the inputs of tcs provider prod". */
  settings(): string {
    if (this.kind === "connection") return this.prefix.slice(0, -1);
    return this.kind === "provider"
      ? `the inputs of ${this.subject}`
      : `${this.key("apiKey")} and ${this.key("baseUrl")}`;
  }
  /** A setting where the owner is already named: `tcs:apiKey`, `tcs:connections.staging.apiKey`, or the input `apiKey`. */
  key(setting: string): string {
    return this.prefix + setting;
  }
  /** A setting named on its own: the config key, or "the rateLimitTier input of tcs provider prod". */
  name(setting: string): string {
    return this.kind === "provider" ? `the ${setting} input of ${this.subject}` : this.key(setting);
  }
  /** The setting as `pulumi config set` takes it (`tcs:apiKey`, `--path tcs:connections.staging.apiKey`); undefined for an input. */
  configArgs(setting: string): string | undefined {
    return this.kind === "provider" ? undefined : `${this.kind === "connection" ? "--path " : ""}${this.key(setting)}`;
  }
  set(setting: string, value: string): string {
    const args = this.configArgs(setting);
    if (args === undefined) return `set the provider's ${setting} to ${value}`;
    return `pulumi config set ${"secret" in (SETTINGS[setting as SettingName] ?? {}) ? "--secret " : ""}${args} ${value}`;
  }
  /** The fix as a clause; with `orVariable`, the default connection's names its variable too (the value may have come from there). */
  fix(setting: SettingName, value: string, orVariable = false): string {
    if (this.kind === "provider") return this.set(setting, value);
    const run = `run \`${this.set(setting, value)}\``;
    const variable = orVariable && this.kind === "default" ? SETTINGS[setting].variable : undefined;
    return variable === undefined ? run : `${run} or set ${value.endsWith("...") ? variable : `${variable}=${value}`}`;
  }
  setSecretKey(lead: string): string {
    const key = SETTINGS.apiKey.fix;
    return this.kind === "provider"
      ? `Set the provider's apiKey to a secret key (${key}) of the environment to manage.`
      : `${lead}: ${this.set("apiKey", key)}`;
  }
}
