// Which environment `generate` lists, and with which key: TCS_API_KEY and --base-url / TCS_BASE_URL, or,
// with --connection NAME --stack <stack>, the stack config's tcs:connections.NAME. The stack's settings
// then win over the environment variables (which may well hold another environment's key: adopting the
// wrong environment must not happen silently); --base-url, given on the command line, still wins.
// Whichever the base URL came from, it is judged (cli/base-url.ts) before the stack's config is read or
// any request made: the key goes over https, or plain http to a loopback host only.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { DiagnosticError } from "../../diagnostic";
import {
  connectionNameProblem,
  parseTier,
  readConnections,
  SETTINGS,
  SettingsOwner,
  unusableSettings,
  type ConfigSource,
  type ConnectionSettings,
  type RateLimitTier,
} from "../../settings";
import { baseUrlDiagnostic, type BaseUrlSource } from "../base-url";
import * as refusals from "./refusals";

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

export async function resolveTarget(
  options: TargetOptions,
  env: NodeJS.ProcessEnv,
  readStackConfig: StackConfigReader,
): Promise<Target> {
  const { connection, stack } = options;
  if (connection !== undefined) {
    const problem = connectionNameProblem(connection);
    if (problem) throw new DiagnosticError(refusals.connectionNameRefused(connection, problem));
  }
  if (stack !== undefined && connection === undefined) throw new DiagnosticError(refusals.stackWithoutConnection());
  if (options.cwd !== undefined && stack === undefined) throw new DiagnosticError(refusals.cwdWithoutStack());
  if (options.baseUrl !== undefined) refuseUnsafe(options.baseUrl, { flag: "--base-url" });
  if (stack === undefined) {
    const apiKey = env[SETTINGS.apiKey.variable];
    if (!apiKey) throw new DiagnosticError(refusals.noApiKey());
    const baseUrl = options.baseUrl ?? env[SETTINGS.baseUrl.variable];
    if (!baseUrl) throw new DiagnosticError(refusals.noBaseUrl());
    if (options.baseUrl === undefined) refuseUnsafe(baseUrl, { variable: SETTINGS.baseUrl.variable });
    // The tier from the environment too, as the plugin and every command read it: left out, a
    // production key was paced as a development one.
    const rateLimitTier = tierOfVariable(env[SETTINGS.rateLimitTier.variable]);
    return {
      apiKey,
      baseUrl,
      ...(rateLimitTier ? { rateLimitTier } : {}),
      ...(connection === undefined ? {} : { connection }),
    };
  }

  const name = connection!;
  let settings: ConnectionSettings | undefined;
  try {
    settings = readConnections(await readStackConfig(stack, options.cwd ?? ".")).get(name);
  } catch (error) {
    throw new DiagnosticError(refusals.stackUnreadable(name, stack, options.cwd, firstLine(error)), { cause: error });
  }
  if (!settings) throw new DiagnosticError(refusals.noConnectionInStack(name, stack, options.cwd));
  const withUrl = { ...settings, baseUrl: options.baseUrl ?? settings.baseUrl };
  if (options.baseUrl === undefined && settings.baseUrl)
    refuseUnsafe(settings.baseUrl, { stack, owner: SettingsOwner.connection(name), cwd: options.cwd });
  const missing = unusableSettings(withUrl, SettingsOwner.connection(name));
  if (missing) throw new DiagnosticError(refusals.inStack(stack, missing));
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
  if (typeof tier === "object" && "problem" in tier)
    throw new DiagnosticError(refusals.tierVariableRefused(tier.problem));
  return tier;
}

function refuseUnsafe(baseUrl: string, source: BaseUrlSource): void {
  const refusal = baseUrlDiagnostic(baseUrl, source);
  if (refusal) throw new DiagnosticError(refusal);
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
