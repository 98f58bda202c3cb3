// `generate`: writes a Pulumi program declaring every object of an environment with adoptId, ready
// for `pulumi up` to take them over with no changes planned, or, with --import-file, the file
// `pulumi import --file` takes to import them into a stack on the native provider (in any language).
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { ToolConnectivityClient } from "../../sdk";
import { SETTINGS, SettingsOwner } from "../settings";
import { importNotes, renderImportFile } from "./generate/import-file";
import { listAccount } from "./generate/inventory";
import { buildDeclarations } from "./generate/model";
import { renderProgram } from "./generate/render";
import { readStackConfigWithPulumi, resolveTarget } from "./generate/target";
import * as refusals from "./generate/refusals";
import { DiagnosticError } from "../diagnostic";
import { tierNote } from "./tier-note";

/** The variables `generate` reads the key and base URL from, and the settings a stack holds them in. */
const [KEY_VARIABLE, URL_VARIABLE] = [SETTINGS.apiKey.variable, SETTINGS.baseUrl.variable];
const STACK_SETTINGS = SettingsOwner.defaultConnection.settings();

const usage = (
  program: string,
) => `Usage: ${program} generate [--out <dir> | --stdout] [--include-sessions] [--base-url <url>]
                          [--connection <name> [--stack <name> [--cwd <dir>]]]
       ${program} generate --import-file <path> [--include-sessions] [--base-url <url>]

Lists the objects of the environment the API key belongs to and writes a Pulumi program (index.ts)
declaring each with adoptId. The key is read from ${KEY_VARIABLE}, the base URL from --base-url or
${URL_VARIABLE} (with --stack: from the stack's config, see below): https, or plain http to a loopback
host only, as for the provider, checked before any connection.
  --out <dir>          write <dir>/index.ts (and Pulumi.yaml when the directory has none)
  --stdout             print the program instead
  --import-file <path> write instead the file \`pulumi import --file <path>\` takes, for a stack on the native
                       provider (types tcs:index:<Kind>): the same objects and names, an instance's id as
                       <callbackId>/<instanceId>. What JSON cannot say (a config's write-only value) is
                       printed to stderr. Not with --connection: a native stack reaches one environment
                       per provider, through its ${STACK_SETTINGS}
  --include-sessions   also declare pending setup sessions (short-lived links; left out by default)
  --connection <name>  every declared resource names this connection (connection: "<name>"), for a
                       program that reaches several environments
  --stack <name>       with --connection: read the key, base URL and service version from that stack's
                       config, ${SettingsOwner.connection("<name>").settings()} (secrets decrypted by the pulumi CLI). They win
                       over ${KEY_VARIABLE} and ${URL_VARIABLE}, which are then not read; --base-url wins over
                       the stack's base URL
  --cwd <dir>          the project directory of --stack (default: the current directory)`;

/** Runs `generate`; `program` is the command as the user typed it (pulumi-tcs, or the plugin executable). Throws a usage error. */
export async function generate(argv: string[], program: string): Promise<number> {
  const { values } = parseFlags(argv, program);
  if (values.help) {
    process.stdout.write(`${usage(program)}\n`);
    return 0;
  }
  const importFile = values["import-file"];
  if (importFile !== undefined) {
    if (values.out || values.stdout) throw new DiagnosticError(refusals.importFileWithProgram());
    if (values.connection !== undefined) throw new DiagnosticError(refusals.importFileWithConnection());
    if (importFile === "") throw new DiagnosticError(refusals.importFileWithoutPath());
  } else if (!values.out && !values.stdout) {
    throw new DiagnosticError(refusals.noOutput());
  }
  const target = await resolveTarget(
    { connection: values.connection, stack: values.stack, cwd: values.cwd, baseUrl: values["base-url"] },
    process.env,
    readStackConfigWithPulumi,
  );
  const { apiKey, baseUrl, serviceVersion, rateLimitTier, connection } = target;

  const client = new ToolConnectivityClient({
    apiKey,
    baseUrl,
    serviceVersion,
    ...(rateLimitTier ? { rateLimit: rateLimitTier } : {}),
    onTierBelowService: tierNote(
      program,
      "generate",
      rateLimitTier,
      values.stack && connection ? { stack: values.stack, connection } : { variable: true },
    ),
  });
  const objects = await listAccount(client, { includeSessions: values["include-sessions"] === true });
  const declarations = buildDeclarations(objects, { connection });
  if (importFile !== undefined) {
    const file = path.resolve(importFile);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, renderImportFile(declarations));
    for (const note of importNotes(declarations)) process.stderr.write(`${program} generate: note: ${note}\n`);
    process.stderr.write(
      `${program} generate: ${objects.length} objects written to ${file}; next, in a project on the native provider whose stack has this ` +
        `environment's ${STACK_SETTINGS}: pulumi import --file ${importFile} --out <file for the code>\n`,
    );
    return 0;
  }
  const source = renderProgram(declarations, { baseUrl, generatedAt: new Date(), connection });
  if (values.stdout) {
    process.stdout.write(source);
  } else {
    const dir = path.resolve(values.out!);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "index.ts"), source);
    if (!fs.existsSync(path.join(dir, "Pulumi.yaml"))) {
      fs.writeFileSync(
        path.join(dir, "Pulumi.yaml"),
        `name: ${path.basename(dir).replace(/[^A-Za-z0-9_.-]/g, "-")}\nruntime: nodejs\nmain: index.ts\n`,
      );
    }
    const owner = connection === undefined ? undefined : SettingsOwner.connection(connection);
    const setUp = owner
      ? `; every one names ${owner.describe()}: its stack needs ${owner.settings()} (${owner.set("baseUrl", "...")} and --secret ${owner.configArgs("apiKey")} ...)`
      : "";
    process.stderr.write(
      `${program} generate: ${objects.length} objects written to ${path.join(dir, "index.ts")}${setUp}; next: pulumi preview, then pulumi up\n`,
    );
  }
  return 0;
}

/** The flags, or the parser's refusal (an unknown flag, a value missing) as a diagnostic naming --help. */
function parseFlags(argv: string[], program: string) {
  try {
    return parseArgs({
      args: argv,
      options: {
        out: { type: "string" },
        stdout: { type: "boolean" },
        "import-file": { type: "string" },
        "include-sessions": { type: "boolean" },
        "base-url": { type: "string" },
        connection: { type: "string" },
        stack: { type: "string" },
        cwd: { type: "string" },
        help: { type: "boolean" },
      },
    });
  } catch (error) {
    throw new DiagnosticError(refusals.usageRefusal(error instanceof Error ? error.message : String(error), program));
  }
}
