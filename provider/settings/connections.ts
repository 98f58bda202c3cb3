// Named connections: one program reaching several environments, each with its own settings under
// `tcs:connections`, set with `pulumi config set --path`. A resource or lookup names one with
// `connection: "staging"`; one that names none uses the default connection, the top-level `tcs:*` (then
// the environment), as before connections existed. State records only the name.
import { DiagnosticError, quoted, render, type Refusal } from "../diagnostic";
import { SETTING_NAMES, SETTINGS, type ProviderSettings, type SettingName } from "./declaration";
import { CONNECTIONS_KEY, SettingsOwner } from "./owner";
import { missingSettings, readSettings, settingsOf, type ConfigSource } from "./read";

/** What a report or message calls the connection of a resource that names none. */
export const DEFAULT_CONNECTION_LABEL = "default";

export interface ConnectionSettings extends ProviderSettings {
  /** Marks the environment the production policy rules guard (see docs/policy.md). */
  production?: boolean;
}

const FIELDS = [...SETTING_NAMES, "production"];
const DOCS = "docs/guide.md#named-connections-several-environments-in-one-program";
const SET_ONE = SettingsOwner.connection("<name>").set("baseUrl", "<url>");

/** Whether a name can be a connection's: what `--path` can address and a report can print. */
export function connectionNameProblem(name: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,62}$/.test(name)) return "must start with a letter and hold only letters, digits, '-' and '_' (at most 63 characters)";
  // Reports call the top-level settings "default": a connection of that name would read as them.
  if (name === DEFAULT_CONNECTION_LABEL) return `'${DEFAULT_CONNECTION_LABEL}' is reserved for the top-level tcs:* settings: leave connection out to use them`;
  return undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** The named connections by name, from the structured key as the engine hands it over (an object in a program, JSON text in the plugin). */
export function readConnections(config: ConfigSource): Map<string, ConnectionSettings> {
  const raw: unknown = config(CONNECTIONS_KEY);
  const connections = new Map<string, ConnectionSettings>();
  if (raw === undefined || raw === "") return connections;
  const parsed = typeof raw === "string" ? parseJson(raw) : raw;
  if (!isObject(parsed)) throw new DiagnosticError(connectionsNotAnObject());
  for (const [name, value] of Object.entries(parsed)) {
    const nameProblem = connectionNameProblem(name);
    if (nameProblem) throw new DiagnosticError(connectionNameRefused(name, nameProblem));
    const owner = SettingsOwner.connection(name);
    if (!isObject(value)) throw new DiagnosticError(connectionNotAnObject(owner));
    connections.set(name, parseConnection(value, owner));
  }
  return connections;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseConnection(value: Record<string, unknown>, owner: SettingsOwner): ConnectionSettings {
  const unknown = Object.keys(value).filter((key) => !FIELDS.includes(key));
  if (unknown.length > 0) throw new DiagnosticError(unknownConnectionSettings(owner, unknown, FIELDS));
  const settings: ConnectionSettings = settingsOf((field) => {
    const v = value[field];
    if (v !== undefined && v !== null && typeof v !== "string")
      throw new DiagnosticError(connectionSettingNotText(owner, field, typeof v, SETTINGS[field].fix));
    return typeof v === "string" ? v : undefined;
  }, owner);
  const production = value.production;
  if (production === undefined) return settings;
  if (typeof production !== "boolean" && production !== "true" && production !== "false") throw new DiagnosticError(connectionProductionNotBoolean(owner));
  return { ...settings, production: production === true || production === "true" };
}

/** The settings of a connection, the default one when no name is given; throws, saying how to restore it, when config does not hold it. */
export function settingsFor(connection: string | undefined, config: ConfigSource, env: NodeJS.ProcessEnv = process.env): ConnectionSettings {
  if (connection === undefined) return readSettings(config, env);
  const found = readConnections(config).get(connection);
  if (found) return found;
  throw new DiagnosticError(connectionNotInConfig(SettingsOwner.connection(connection)));
}

export function missingConnectionSettings(connection: string | undefined, settings: ProviderSettings): string | undefined {
  return missingSettings(settings, SettingsOwner.connection(connection));
}

// The refusals: a connection's name may be 63 characters, so a fix of two commands keeps only the first
// when with both the line would be cut (a cut command cannot be run).
function wholeFix(refusal: Omit<Refusal, "fix" | "docs">, first: string, then: string): Refusal {
  const both: Refusal = { ...refusal, fix: `${first}, then ${then}`, docs: DOCS };
  return render(both).includes("…") ? { ...both, fix: first } : both;
}

export const connectionsNotAnObject = (): Refusal => ({
  summary: `${CONNECTIONS_KEY} must be an object of connections by name`,
  fix: `Run pulumi config rm ${CONNECTIONS_KEY}, then ${SET_ONE}`,
  docs: DOCS,
});

export function connectionNameRefused(name: string, problem: string): Refusal {
  const key = `${CONNECTIONS_KEY}.${name}`;
  return wholeFix({ object: key, summary: `the connection's name ${problem}` }, `Run pulumi config rm --path ${key}`, SET_ONE);
}

export function connectionNotAnObject(owner: SettingsOwner): Refusal {
  const summary = `${owner.settings()} must be an object with apiKey and baseUrl`;
  return wholeFix({ summary }, `Run pulumi config rm --path ${owner.settings()}`, owner.set("baseUrl", "<url>"));
}

export const unknownConnectionSettings = (owner: SettingsOwner, keys: string[], known: string[]): Refusal => ({
  object: owner.settings(),
  summary: `unknown setting ${keys.map(quoted).join(", ")} (settings: ${known.join(", ")})`,
  fix: `Remove ${keys.length > 1 ? "each" : "it"}: pulumi config rm --path ${owner.key(keys[0])}`,
  docs: DOCS,
});

export const connectionSettingNotText = (owner: SettingsOwner, setting: SettingName, type: string, placeholder: string): Refusal => ({
  summary: `${owner.key(setting)} must be a string (got ${type})`,
  fix: `Run ${owner.set(setting, placeholder)}`,
  docs: DOCS,
});

export const connectionProductionNotBoolean = (owner: SettingsOwner): Refusal => ({
  summary: `${owner.key("production")} must be true or false`,
  fix: `Run ${owner.set("production", "true")} (or false)`,
  docs: DOCS,
});

/** A resource or lookup names a connection the stack config does not hold (removed, or misspelled). */
export function connectionNotInConfig(owner: SettingsOwner): Refusal {
  const summary = `${owner.describe()} is not in the stack config (${CONNECTIONS_KEY})`;
  return wholeFix({ summary }, `Restore it: ${owner.set("baseUrl", "<url>")}`, owner.set("apiKey", "<key>"));
}
