// Which environment `generate` lists, and with which key: TCS_API_KEY and --base-url / TCS_BASE_URL, or,
// with --connection NAME --stack <stack>, the stack config's tcs:connections.NAME. The stack's settings
// then win over the environment variables (which may well hold another environment's key: adopting the
// wrong environment must not happen silently); --base-url, given on the command line, still wins.
// Whichever the base URL came from, it is judged (cli/base-url.ts) before the stack's config is read or
// any request made: the key goes over https, or plain http to a loopback host only.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import {
  CONNECTIONS_KEY,
  connectionNameProblem,
  missingConnectionSettings,
  parseTier,
  readConnections,
  SETTINGS,
  SettingsOwner,
  type ConfigSource,
  type ConnectionSettings,
  type RateLimitTier,
} from "../../settings";
import { baseUrlRefusal, type BaseUrlSource } from "../base-url";

export interface TargetOptions {
  connection?: string;
  stack?: string;
  cwd?: string;
  baseUrl?: string;
}

export interface Target {
  apiKey: string;
  baseUrl: string;
  serviceVersion?: string;
  rateLimitTier?: ConnectionSettings["rateLimitTier"];
  /** The connection every declared resource names, when one was asked for. */
  connection?: string;
}

/** Reads a stack's config (secrets in clear), as a ConfigSource. */
export type StackConfigReader = (stack: string, cwd: string) => Promise<ConfigSource>;

export async function resolveTarget(options: TargetOptions, env: NodeJS.ProcessEnv, readStackConfig: StackConfigReader): Promise<Target> {
  const { connection, stack } = options;
  if (connection !== undefined) {
    const problem = connectionNameProblem(connection);
    if (problem) throw new Error(`--connection '${connection}': a connection's name ${problem}`);
  }
  if (stack !== undefined && connection === undefined) {
    throw new Error(`--stack reads a named connection's settings (${CONNECTIONS_KEY}.<name>): pass --connection <name> with it`);
  }
  if (options.cwd !== undefined && stack === undefined) throw new Error("--cwd is the project directory of --stack: pass --stack <name> with it");
  if (options.baseUrl !== undefined) refuseUnsafe(options.baseUrl, { flag: "--base-url" });
  if (stack === undefined) {
    const apiKey = env[SETTINGS.apiKey.variable];
    if (!apiKey) throw new Error(`no API key: set ${SETTINGS.apiKey.variable} to a secret key (service_sk_...) of the environment to adopt`);
    const baseUrl = options.baseUrl ?? env[SETTINGS.baseUrl.variable];
    if (!baseUrl) throw new Error(`no base URL: pass --base-url https://... or set ${SETTINGS.baseUrl.variable}`);
    if (options.baseUrl === undefined) refuseUnsafe(baseUrl, { variable: SETTINGS.baseUrl.variable });
    // The tier from the environment too, as the plugin and every command read it: left out, a
    // production key was paced as a development one.
    const rateLimitTier = tierOfVariable(env[SETTINGS.rateLimitTier.variable]);
    return { apiKey, baseUrl, ...(rateLimitTier ? { rateLimitTier } : {}), ...(connection === undefined ? {} : { connection }) };
  }

  const name = connection!;
  let settings: ConnectionSettings | undefined;
  try {
    settings = readConnections(await readStackConfig(stack, options.cwd ?? ".")).get(name);
  } catch (error) {
    throw new Error(`cannot read ${CONNECTIONS_KEY}.${name} from stack '${stack}': ${firstLine(error)}`, { cause: error });
  }
  if (!settings) {
    const owner = SettingsOwner.connection(name);
    throw new Error(
      `stack '${stack}' has no ${owner.describe()} (${owner.settings()}): set it with ${owner.set("baseUrl", "<url>")} ` +
        `and ${owner.set("apiKey", "<key>")}, or pass ${SETTINGS.apiKey.variable} and --base-url without --stack`,
    );
  }
  const withUrl = { ...settings, baseUrl: options.baseUrl ?? settings.baseUrl };
  if (options.baseUrl === undefined && settings.baseUrl) refuseUnsafe(settings.baseUrl, { stack, owner: SettingsOwner.connection(name), cwd: options.cwd });
  const missing = missingConnectionSettings(name, withUrl);
  if (missing) throw new Error(`in stack '${stack}', ${missing}`);
  return {
    apiKey: withUrl.apiKey!,
    baseUrl: withUrl.baseUrl!,
    ...(settings.serviceVersion ? { serviceVersion: settings.serviceVersion } : {}),
    ...(settings.rateLimitTier ? { rateLimitTier: settings.rateLimitTier } : {}),
    connection: name,
  };
}

/** TCS_RATE_LIMIT_TIER's tier, or a message naming the variable (not a stack's setting, which it is not). */
function tierOfVariable(value: string | undefined): RateLimitTier | undefined {
  if (!value) return undefined;
  const tier = parseTier(value);
  if (typeof tier === "object" && "problem" in tier) throw new Error(`${SETTINGS.rateLimitTier.variable} ${tier.problem}`);
  return tier;
}

function refuseUnsafe(baseUrl: string, source: BaseUrlSource): void {
  const refusal = baseUrlRefusal(baseUrl, source);
  if (refusal) throw new Error(refusal);
}

/**
 * The stack's config from the pulumi CLI, as the Automation API's getAllConfig reads it (secrets come
 * back decrypted), without loading the Automation API: the plugin executable carries this command.
 */
export const readStackConfigWithPulumi: StackConfigReader = async (stack, cwd) => {
  const { stdout } = await promisify(execFile)("pulumi", ["config", "--show-secrets", "--json", "--stack", stack], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  });
  const config = JSON.parse(stdout) as Record<string, { value?: string } | undefined>;
  return (key) => config[key]?.value;
};

/** The engine's own message, without its command line and the lines after. */
function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text.split("\n").filter((line) => /error:/i.test(line));
  return (lines[0] ?? text.split("\n")[0]).trim();
}
