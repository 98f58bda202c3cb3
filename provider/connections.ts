// Named connections: one program reaching several environments (staging and production, say), each
// with its own key, base URL, service version and rate-limit tier. The stack config holds them under
// `tcs:connections`, set key by key with `pulumi config set --path` (the key with --secret):
//   pulumi config set --path tcs:connections.staging.baseUrl https://staging.example.com
//   pulumi config set --secret --path tcs:connections.staging.apiKey service_sk_...
// A resource or lookup names one with `connection: "staging"`; one that names none uses the default
// connection, the top-level `tcs:apiKey`, `tcs:baseUrl`, ... (then TCS_* environment), as before
// connections existed, so older programs and states are unchanged. State records only the name.
import { missingKeyAndUrl, missingSettings, parseRateLimitTier, readSettings, SETTING_NAMES, type ConfigSource, type ProviderSettings } from "./config";
import { settingValueProblem } from "./setting-values";

/** The config key that holds the named connections. */
export const CONNECTIONS_KEY = "tcs:connections";

/** What a report or message calls the connection of a resource that names none. */
export const DEFAULT_CONNECTION_LABEL = "default";

/** Connection names: what `--path` can address and a report can print. */
const CONNECTION_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,62}$/;

export interface ConnectionSettings extends ProviderSettings {
  /** Marks the environment the production policy rules guard (see docs/policy.md). */
  production?: boolean;
}

const FIELDS = [...SETTING_NAMES, "production"] as const;

/** Whether a name can be a connection's (before looking it up in config). */
export function connectionNameProblem(name: string): string | undefined {
  if (!CONNECTION_NAME.test(name)) return "must start with a letter and hold only letters, digits, '-' and '_' (at most 63 characters)";
  // Reports call the top-level settings "default": a connection of that name would read as them.
  if (name === DEFAULT_CONNECTION_LABEL) return `'${DEFAULT_CONNECTION_LABEL}' is reserved for the top-level tcs:* settings: leave connection out to use them`;
  return undefined;
}

/**
 * The named connections of the stack config, by name. The value is the JSON the engine hands over for a
 * structured key (a plain object in a program's config, a string in the plugin's). Throws a message
 * naming the setting to fix.
 */
export function readConnections(config: ConfigSource): Map<string, ConnectionSettings> {
  const raw = config(CONNECTIONS_KEY);
  const connections = new Map<string, ConnectionSettings>();
  if (raw === undefined || raw === "") return connections;
  let parsed: unknown;
  try {
    parsed = typeof raw === "string" ? JSON.parse(raw) : raw;
  } catch {
    throw new Error(
      `${CONNECTIONS_KEY} must be an object of connections by name; set it with pulumi config set --path ${CONNECTIONS_KEY}.<name>.baseUrl <url>`,
    );
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new Error(
      `${CONNECTIONS_KEY} must be an object of connections by name; set it with pulumi config set --path ${CONNECTIONS_KEY}.<name>.baseUrl <url>`,
    );
  }
  for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
    const nameProblem = connectionNameProblem(name);
    if (nameProblem) throw new Error(`${CONNECTIONS_KEY}.${name}: the connection's name ${nameProblem}`);
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      throw new Error(
        `${CONNECTIONS_KEY}.${name} must be an object with apiKey and baseUrl: pulumi config set --path ${CONNECTIONS_KEY}.${name}.baseUrl <url>`,
      );
    }
    connections.set(name, parseConnection(name, value as Record<string, unknown>));
  }
  return connections;
}

function parseConnection(name: string, value: Record<string, unknown>): ConnectionSettings {
  const unknown = Object.keys(value).filter((key) => !(FIELDS as readonly string[]).includes(key));
  if (unknown.length > 0) {
    throw new Error(`${CONNECTIONS_KEY}.${name}: unknown setting ${unknown.map((key) => `'${key}'`).join(", ")} (settings: ${FIELDS.join(", ")})`);
  }
  const text = (field: string): string | undefined => {
    const v = value[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "string") throw new Error(`${CONNECTIONS_KEY}.${name}.${field} must be a string (got ${typeof v})`);
    return v;
  };
  const tier = text("rateLimitTier");
  const production = value.production;
  if (production !== undefined && typeof production !== "boolean" && production !== "true" && production !== "false") {
    throw new Error(`${CONNECTIONS_KEY}.${name}.production must be true or false`);
  }
  return {
    apiKey: text("apiKey"),
    baseUrl: text("baseUrl"),
    serviceVersion: text("serviceVersion"),
    rateLimitTier: tier === undefined ? undefined : parseTier(name, tier),
    ...(production === undefined ? {} : { production: production === true || production === "true" }),
  };
}

function parseTier(name: string, tier: string) {
  try {
    return parseRateLimitTier(tier);
  } catch {
    throw new Error(
      `${CONNECTIONS_KEY}.${name}.rateLimitTier must be development, production or a custom window such as 1000/60s (got '${tier}'): ` +
        `pulumi config set --path ${CONNECTIONS_KEY}.${name}.rateLimitTier production`,
    );
  }
}

/**
 * The settings of a connection: the default one (top-level `tcs:*`, then TCS_* environment) when no
 * name is given. Throws when the name is not in config, saying how to restore it.
 */
export function settingsFor(connection: string | undefined, config: ConfigSource, env: NodeJS.ProcessEnv = process.env): ConnectionSettings {
  if (connection === undefined) return readSettings(config, env);
  const found = readConnections(config).get(connection);
  if (!found) throw new Error(unknownConnection(connection));
  return found;
}

/** The message when a resource or lookup names a connection the stack config does not hold. */
export function unknownConnection(connection: string): string {
  return (
    `connection '${connection}' is not in the stack config (${CONNECTIONS_KEY}.${connection}). If it was removed, restore it before refresh ` +
    `or destroy: pulumi config set --path ${CONNECTIONS_KEY}.${connection}.baseUrl <url> and pulumi config set --secret --path ` +
    `${CONNECTIONS_KEY}.${connection}.apiKey <key>`
  );
}

/** What is missing or unusable before a request can be made on this connection, as a message that says how to fix it. */
export function missingConnectionSettings(connection: string | undefined, settings: ProviderSettings): string | undefined {
  if (connection === undefined) return missingSettings(settings);
  const missing = missingKeyAndUrl(settings);
  if (missing) {
    const runs = {
      apiKey: `--secret --path ${CONNECTIONS_KEY}.${connection}.apiKey service_sk_...`,
      baseUrl: `--path ${CONNECTIONS_KEY}.${connection}.baseUrl https://...`,
    };
    return `connection '${connection}' has ${missing.lacking}: run ${missing.fields.map((field) => `\`pulumi config set ${runs[field]}\``).join(" and ")}`;
  }
  const setting = (field: string) => `${CONNECTIONS_KEY}.${connection}.${field}`;
  const problem = settingValueProblem(settings, {
    name: setting,
    fix: (field, value) => `run \`pulumi config set --path ${setting(field)} ${value}\``,
  });
  return problem && `connection '${connection}': ${problem}`;
}

/** An explicit provider's inputs for its key and base URL, as its fix names them. */
const PROVIDER_INPUTS = { apiKey: "apiKey (a secret key, service_sk_...)", baseUrl: "baseUrl (the service's https://... URL)" };

/** The same for an explicit provider of the native door (`provider`, as messages name it), whose settings are its inputs. */
export function missingProviderSettings(provider: string, settings: ProviderSettings): string | undefined {
  const missing = missingKeyAndUrl(settings);
  if (!missing) return undefined;
  return `${provider} has ${missing.lacking}: set the provider's ${missing.fields.map((field) => PROVIDER_INPUTS[field]).join(" and ")}`;
}

/** The config key that holds a connection's API key, as `pulumi config set --secret` takes it. */
export function apiKeySetting(connection: string | undefined): string {
  return connection === undefined ? "tcs:apiKey" : `--path ${CONNECTIONS_KEY}.${connection}.apiKey`;
}

/** How a message names a connection: "connection 'staging'", or "the default connection (tcs:apiKey)". */
export function describeConnection(connection: string | undefined): string {
  return connection === undefined ? "the default connection (tcs:apiKey, tcs:baseUrl)" : `connection '${connection}'`;
}

/** How advice names an explicit provider's rate-limit setting (its input); undefined for the stack config's. */
export function explicitTierSetting(explicitProvider: string | undefined): string | undefined {
  return explicitProvider === undefined ? undefined : `the rateLimitTier input of ${explicitProvider}`;
}

/** The config key of a connection's rate-limit tier. */
export function rateLimitTierSetting(connection: string | undefined): string {
  return connection === undefined ? "tcs:rateLimitTier" : `${CONNECTIONS_KEY}.${connection}.rateLimitTier`;
}
