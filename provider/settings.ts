// The provider's settings and whose they are, once: the one table of the settings (each with the
// environment variable it falls back to), and the one answer to "whose settings": the default
// connection (the stack config's top-level keys, then the environment), a named connection of the
// dynamic door (`<namespace>:connections.<name>.<setting>`, set with `--path`), or an explicit provider
// of the native door (its inputs, set in the program). Every message that names a setting, says how
// to set it or names its owner takes the words from here; no other source file spells a setting's
// config key or variable (test/unit/provider/setting-literals.test.ts holds them to it).
// Imports only the type tokens (which import nothing): config.ts, connections.ts, the engine, both
// doors, codegen and the policy pack all use it.
import { TCS_MODULE } from "./type-tokens";

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

/** The stack config's namespace: the package's name. */
const NAMESPACE = TCS_MODULE;

/** The config key that holds the named connections. */
export const CONNECTIONS_KEY = `${NAMESPACE}:connections`;

/** A top-level config key of the namespace, as stack config writes it (`tcs:apiKey`). */
export function configKey(setting: string): string {
  return `${NAMESPACE}:${setting}`;
}

/** The setting a top-level config key names (`tcs:apiKey` -> `apiKey`); other keys stay as they are. */
export function settingOfConfigKey(key: string): string {
  return key.startsWith(`${NAMESPACE}:`) ? key.slice(NAMESPACE.length + 1) : key;
}

type Owner = { kind: "default"; subject?: string } | { kind: "connection"; connection: string } | { kind: "provider"; provider: string };

/**
 * Whose settings a message is about, and how it names them: the default connection, a named
 * connection, or an explicit provider. The first two are stack config, set with `pulumi config set`
 * (the default connection's also from the environment); an explicit provider's are its inputs, set in
 * the program.
 */
export class SettingsOwner {
  /** The default connection: the stack config's top-level keys, then the environment. */
  static readonly defaultConnection = new SettingsOwner({ kind: "default" });

  /** The native door's default provider: the same settings, named as that door names it. */
  static readonly defaultProvider = new SettingsOwner({ kind: "default", subject: `the default ${NAMESPACE} provider` });

  /** A named connection of the stack config; no name is the default connection. */
  static connection(name: string | undefined): SettingsOwner {
    return name === undefined ? SettingsOwner.defaultConnection : new SettingsOwner({ kind: "connection", connection: name });
  }

  /** An explicit provider of the native door, by its resource name ("prod"). */
  static provider(name: string): SettingsOwner {
    return new SettingsOwner({ kind: "provider", provider: `${NAMESPACE} provider ${name}` });
  }

  private constructor(private readonly owner: Owner) {}

  get kind(): Owner["kind"] {
    return this.owner.kind;
  }

  /** How a message names the owner: "the default connection (tcs:apiKey, tcs:baseUrl)", "connection 'staging'", "tcs provider prod". */
  describe(): string {
    const owner = this.owner;
    if (owner.kind === "connection") return `connection '${owner.connection}'`;
    if (owner.kind === "provider") return owner.provider;
    return owner.subject ?? `the default connection (${this.key("apiKey")}, ${this.key("baseUrl")})`;
  }

  /** The owner's settings as a whole: "tcs:apiKey and tcs:baseUrl", "tcs:connections.staging", "the inputs of tcs provider prod". */
  settings(): string {
    const owner = this.owner;
    if (owner.kind === "connection") return `${CONNECTIONS_KEY}.${owner.connection}`;
    if (owner.kind === "provider") return `the inputs of ${owner.provider}`;
    return `${this.key("apiKey")} and ${this.key("baseUrl")}`;
  }

  /**
   * A setting as the user writes it where the owner is already named: `tcs:apiKey`,
   * `tcs:connections.staging.apiKey`, or an explicit provider's input `apiKey`.
   */
  key(setting: string): string {
    const owner = this.owner;
    if (owner.kind === "connection") return `${CONNECTIONS_KEY}.${owner.connection}.${setting}`;
    if (owner.kind === "provider") return setting;
    return configKey(setting);
  }

  /** A setting named on its own: the config key, or "the rateLimitTier input of tcs provider prod". */
  name(setting: string): string {
    return this.owner.kind === "provider" ? `the ${setting} input of ${this.owner.provider}` : this.key(setting);
  }

  /** The environment variable the setting falls back to: the default connection's only. */
  variable(setting: SettingName): string | undefined {
    return this.owner.kind === "default" ? SETTINGS[setting] : undefined;
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
    const secret = (SECRET_SETTINGS as readonly string[]).includes(setting) ? "--secret " : "";
    return `pulumi config set ${secret}${args} ${value}`;
  }

  /**
   * The fix as a clause: "run `pulumi config set ...`", or "set the provider's ... to ...". With
   * `orVariable`, the default connection's fix names its environment variable too (the value may have
   * come from there): "... or set TCS_BASE_URL=<value>" (the variable alone for a placeholder).
   */
  fix(setting: SettingName, value: string, orVariable = false): string {
    if (this.owner.kind === "provider") return this.set(setting, value);
    const run = `run \`${this.set(setting, value)}\``;
    const variable = orVariable ? this.variable(setting) : undefined;
    if (variable === undefined) return run;
    return `${run} or set ${value.endsWith("...") ? variable : `${variable}=${value}`}`;
  }

  /**
   * A sentence that sets a setting: for config, `lead` and the command that sets it to `placeholder`;
   * for an explicit provider, "Set the provider's <setting> to <described>."
   */
  setSentence(setting: SettingName, lead: string, placeholder: string, described: string): string {
    if (this.owner.kind === "provider") return `Set the provider's ${setting} to ${described}.`;
    const command = this.set(setting, placeholder);
    return `${lead}: ${command}${command.endsWith(".") ? "" : "."}`;
  }

  /** The sentence that sets the owner's key to a secret key of the environment to manage. */
  setSecretKey(lead: string): string {
    return this.setSentence("apiKey", lead, "service_sk_...", "a secret key (service_sk_...) of the environment to manage");
  }

  /** The sentence that sets the owner's base URL to the service's. */
  setBaseUrl(lead: string): string {
    return this.setSentence("baseUrl", lead, "<the service's base URL>", "the service's base URL");
  }
}
