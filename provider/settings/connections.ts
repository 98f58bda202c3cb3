// Named connections: one program reaching several environments, each with its own settings under
// `tcs:connections`, set with `pulumi config set --path`. A resource or lookup names one with
// `connection: "staging"`; one that names none uses the default connection, the top-level `tcs:*` (then
// the environment), as before connections existed, so older programs and states are unchanged. State
// records only the name.
import { DiagnosticError } from "../diagnostic";
import {
  connectionNameRefused,
  connectionNotAnObject,
  connectionNotInConfig,
  connectionProductionNotBoolean,
  connectionSettingNotText,
  connectionsNotAnObject,
  unknownConnectionSettings,
} from "./connection-refusals";
import { SETTING_NAMES, SETTINGS, type ProviderSettings } from "./declaration";
import { CONNECTIONS_KEY, SettingsOwner } from "./owner";
import { missingSettings, readSettings, settingsOf, type ConfigSource } from "./read";

/** What a report or message calls the connection of a resource that names none. */
export const DEFAULT_CONNECTION_LABEL = "default";

/** What `--path` can address and a report can print. */
const CONNECTION_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,62}$/;

export interface ConnectionSettings extends ProviderSettings {
  /** Marks the environment the production policy rules guard (see docs/policy.md). */
  production?: boolean;
}

const FIELDS = [...SETTING_NAMES, "production"];

/** Whether a name can be a connection's (before looking it up in config). */
export function connectionNameProblem(name: string): string | undefined {
  if (!CONNECTION_NAME.test(name)) return "must start with a letter and hold only letters, digits, '-' and '_' (at most 63 characters)";
  // Reports call the top-level settings "default": a connection of that name would read as them.
  if (name === DEFAULT_CONNECTION_LABEL) return `'${DEFAULT_CONNECTION_LABEL}' is reserved for the top-level tcs:* settings: leave connection out to use them`;
  return undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The named connections of the stack config, by name, from the structured key as the engine hands it
 * over (a plain object in a program's config, JSON text in the plugin's). Throws naming the setting to fix.
 */
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
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "string") throw new DiagnosticError(connectionSettingNotText(owner, field, typeof v, SETTINGS[field].fix));
    return v;
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

/** What is missing or unusable before a request can be made on this connection, as a message that says how to fix it. */
export function missingConnectionSettings(connection: string | undefined, settings: ProviderSettings): string | undefined {
  return missingSettings(settings, SettingsOwner.connection(connection));
}
