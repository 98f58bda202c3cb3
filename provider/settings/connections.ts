// Named connections: one program reaching several environments, each with its settings under `tcs:connections.<name>`.
// A resource that names none uses the default connection (the top-level `tcs:*`). State records only the name.
import { DiagnosticError, render, type Refusal } from "../diagnostic";
import { SETTING_NAMES, type ProviderSettings } from "./declaration";
import { CONNECTIONS_KEY, SettingsOwner } from "./owner";
import { readSettings, settingsOf, unknownSettings, type ConfigSource } from "./read";

export const DEFAULT_CONNECTION_LABEL = "default";

export interface ConnectionSettings extends ProviderSettings {
  production?: boolean; // marks the environment the production policy rules guard (docs/policy.md)
}
const FIELDS = [...SETTING_NAMES, "production"];
const SET_ONE = SettingsOwner.connection("<name>").set("baseUrl", "<url>");
const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Whether a name can be a connection's: what `--path` can address and a report can print. */
export function connectionNameProblem(name: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,62}$/.test(name))
    return "must start with a letter and hold only letters, digits, '-' and '_' (at most 63 characters)";
  // Reports call the top-level settings "default": a connection of that name would read as them.
  if (name === DEFAULT_CONNECTION_LABEL)
    return `'${DEFAULT_CONNECTION_LABEL}' is reserved for the top-level tcs:* settings: leave connection out to use them`;
  return undefined;
}

/** The named connections by name, from the structured key as the engine hands it over (an object in a program, JSON text in the plugin). */
export function readConnections(config: ConfigSource): Map<string, ConnectionSettings> {
  const raw: unknown = config(CONNECTIONS_KEY);
  if (raw === undefined || raw === "") return new Map();
  let parsed: unknown;
  try {
    parsed = typeof raw === "string" ? JSON.parse(raw) : raw;
  } catch {
    // Not JSON: refused below.
  }
  const summary = `${CONNECTIONS_KEY} must be an object of connections by name`;
  if (!isObject(parsed))
    throw new DiagnosticError(refusal(summary, `Run pulumi config rm ${CONNECTIONS_KEY}, then ${SET_ONE}`));
  return new Map(
    Object.entries(parsed).map(([name, value]) => {
      const nameProblem = connectionNameProblem(name);
      if (nameProblem) throw new DiagnosticError(connectionNameRefused(name, nameProblem));
      const owner = SettingsOwner.connection(name);
      const rm = `Run pulumi config rm --path ${owner.settings()}`;
      const summary = `${owner.settings()} must be an object with apiKey and baseUrl`;
      if (!isObject(value)) throw new DiagnosticError(wholeFix(summary, rm, owner.set("baseUrl", "<url>")));
      return [name, parseConnection(value, owner)];
    }),
  );
}

function parseConnection(value: Record<string, unknown>, owner: SettingsOwner): ConnectionSettings {
  const unknown = Object.keys(value).filter((key) => !FIELDS.includes(key));
  if (unknown.length > 0) throw new DiagnosticError(unknownSettings(owner, unknown, FIELDS));
  const settings: ConnectionSettings = settingsOf((field) => value[field], owner);
  const { production } = value;
  if (production === undefined) return settings;
  if (![true, false, "true", "false"].includes(production as boolean))
    throw new DiagnosticError(
      refusal(`${owner.key("production")} must be true or false`, `Run ${owner.set("production", "true")} (or false)`),
    );
  return { ...settings, production: String(production) === "true" };
}

/** The settings of a connection, the default one when no name is given; throws, saying how to restore it, when config does not hold it. */
export function settingsFor(
  connection: string | undefined,
  config: ConfigSource,
  env: NodeJS.ProcessEnv = process.env,
): ConnectionSettings {
  if (connection === undefined) return readSettings(config, env);
  const found = readConnections(config).get(connection);
  if (found) return found;
  const owner = SettingsOwner.connection(connection);
  const summary = `${owner.describe()} is not in the stack config (${CONNECTIONS_KEY})`;
  const restore = `Restore it: ${owner.set("baseUrl", "<url>")}`;
  throw new DiagnosticError(wholeFix(summary, restore, owner.set("apiKey", "<key>")));
}

const refusal = (summary: string, fix: string, object?: string): Refusal => ({
  ...(object === undefined ? {} : { object }),
  summary,
  fix,
  docs: "docs/guide.md#named-connections-several-environments-in-one-program",
});
// A connection's name may be 63 characters: a fix of two commands keeps only the first when with both the line
// would be cut (a cut command cannot be run).
function wholeFix(summary: string, first: string, then: string, object?: string): Refusal {
  const both = refusal(summary, `${first}, then ${then}`, object);
  return render(both).includes("…") ? { ...both, fix: first } : both;
}
export const connectionNameRefused = (name: string, problem: string, key = `${CONNECTIONS_KEY}.${name}`) =>
  wholeFix(`the connection's name ${problem}`, `Run pulumi config rm --path ${key}`, SET_ONE, key);
