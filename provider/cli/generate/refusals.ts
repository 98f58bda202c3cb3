// What `generate` refuses before it lists anything, as diagnostics: what is wrong, the fix as the flag,
// variable or command, and the docs section on adoption. cli/main.ts renders one within 300 characters
// with the command before it (`pulumi-tcs generate: `).
import { quoted, type Refusal } from "../../diagnostic";
import type { DocsSection } from "../../docs-sections";
import { CONNECTIONS_KEY, SETTINGS, SettingsOwner } from "../../settings";

/** The flags table of `generate`. */
const GENERATE: DocsSection = "docs/adoption.md#adopting-an-existing-environment";
/** --connection and --stack (its long name left to the refusals that have room for it). */
const ON_A_CONNECTION: DocsSection = "docs/adoption.md#into-a-program-that-reaches-several-environments";
/** --import-file, for `pulumi import --file`. */
const IMPORT_FILE: DocsSection = "docs/native-provider.md#import";

const [KEY_VARIABLE, URL_VARIABLE, TIER_VARIABLE] = [
  SETTINGS.apiKey.variable,
  SETTINGS.baseUrl.variable,
  SETTINGS.rateLimitTier.variable,
];

/** A flag node's parser refused (an unknown option, a value missing): its first sentence. */
export function usageRefusal(message: string, program: string): Refusal {
  return { summary: message.split(/\.\s/)[0], fix: `Run ${program} generate --help for its flags`, docs: GENERATE };
}

export function importFileWithProgram(): Refusal {
  return {
    summary: "--import-file writes the import file instead of the program",
    fix: "Run the same command but leave out --out and --stdout",
    docs: IMPORT_FILE,
  };
}

export function importFileWithConnection(): Refusal {
  return {
    summary: "--import-file is for a stack on the native provider, which has no named connections",
    fix: `Drop --connection and --stack, and give this environment's key and URL (${KEY_VARIABLE}, --base-url or ${URL_VARIABLE})`,
    docs: IMPORT_FILE,
  };
}

export function importFileWithoutPath(): Refusal {
  return {
    summary: "--import-file needs a path",
    fix: "Pass --import-file import.json (or another path)",
    docs: IMPORT_FILE,
  };
}

export function noOutput(): Refusal {
  return {
    summary: "generate writes the program nowhere",
    fix: "Pass --out <dir> or --stdout (or --import-file <path> for pulumi import --file)",
    docs: GENERATE,
  };
}

export function connectionNameRefused(connection: string, problem: string): Refusal {
  return {
    summary: `--connection ${quoted(connection)}: a connection's name ${problem}`,
    fix: "Pass --connection with a name such as staging-eu",
    docs: ON_A_CONNECTION,
  };
}

export function stackWithoutConnection(): Refusal {
  return {
    summary: `--stack reads a named connection's settings (${CONNECTIONS_KEY}.<name>)`,
    fix: "Pass --connection <name> with it, or leave out --stack",
    docs: ON_A_CONNECTION,
  };
}

export function cwdWithoutStack(): Refusal {
  return {
    summary: "--cwd is the project directory of --stack",
    fix: "Pass --stack <name> with it, or leave out --cwd",
    docs: ON_A_CONNECTION,
  };
}

export function noApiKey(): Refusal {
  return {
    summary: "no API key",
    fix: `Set ${KEY_VARIABLE} to a secret key (service_sk_...) of the environment to adopt`,
    docs: GENERATE,
  };
}

export function noBaseUrl(): Refusal {
  return { summary: "no base URL", fix: `Pass --base-url https://... or set ${URL_VARIABLE}`, docs: GENERATE };
}

export function tierVariableRefused(problem: string): Refusal {
  return {
    summary: `${TIER_VARIABLE} ${problem}`,
    fix: `Set ${TIER_VARIABLE}=production (your key's tier), or unset it`,
    docs: "docs/guide.md#configuration",
  };
}

/** Past this, a directory is named by a placeholder: a CI runner's path would not leave the command room to be whole. */
const CWD_SHOWN = 40;

/** `--stack` and `--cwd` as a command takes them again. */
function stackArgs(stack: string, cwd: string | undefined): string {
  if (cwd === undefined) return `--stack ${stack}`;
  return `--stack ${stack} --cwd ${cwd.length <= CWD_SHOWN ? cwd : "<dir>"}`;
}

/** The pulumi CLI could not give the stack's config: its own words (the first line that says error). */
export function stackUnreadable(connection: string, stack: string, cwd: string | undefined, said: string): Refusal {
  return {
    summary: `cannot read ${CONNECTIONS_KEY}.${connection}: ${said}`,
    fix: `Run pulumi config ${stackArgs(stack, cwd)} to see why (the stack must exist, its secrets be readable)`,
    docs: GENERATE,
  };
}

export function noConnectionInStack(connection: string, stack: string, cwd: string | undefined): Refusal {
  const owner = SettingsOwner.connection(connection);
  return {
    summary: `stack '${stack}' has no ${owner.describe()}`,
    fix: `Run ${owner.set("baseUrl", "<url>")} ${stackArgs(stack, cwd)}, then apiKey with --secret`,
    docs: GENERATE,
  };
}

/** What the stack's connection lacks (settings' refusal), said of the stack. */
export function inStack(stack: string, refusal: Refusal): Refusal {
  return { ...refusal, summary: `in stack '${stack}', ${refusal.summary}` };
}
