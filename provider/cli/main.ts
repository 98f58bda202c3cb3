#!/usr/bin/env node
// The project's own tools, one command each: `drift` (the drift report for scheduled pipelines),
// `generate` (the program or import file that adopts a whole environment) and `orphan` (settles an
// object a late create left that no resource holds). Two ways in, one code:
// `npx pulumi-tcs <command>` for TypeScript users (the npm package's bin, named as the package so
// that npx finds it there), and `pulumi-resource-tcs <command>` from the release's plugin executable,
// with no Node installed (native/entry.ts).

import { DiagnosticError, MESSAGE_LIMIT, render } from "../diagnostic";

/** The commands, each loaded only when run: a drift report needs neither the SDK nor zod. */
export const COMMANDS = {
  drift: async (argv: string[], program: string) => (await import("./drift")).drift(argv, program),
  generate: async (argv: string[], program: string) => (await import("./generate")).generate(argv, program),
  orphan: async (argv: string[], program: string) => (await import("./orphan")).orphan(argv, program),
} as const;

export type CommandName = keyof typeof COMMANDS;

export function isCommand(word: string | undefined): word is CommandName {
  return word !== undefined && Object.hasOwn(COMMANDS, word);
}

const HELP_WORDS = new Set(["help", "--help", "-h"]);

function usage(program: string): string {
  return `Usage: ${program} <command> [options]   (${program} <command> --help for its options; --version)

Commands:
  drift      a refresh preview of a stack, reported as drift (exit 2) apart from lifecycle changes
             (exit 0); exit 1 when the stack cannot be checked
  generate   a program (or a pulumi import file) that adopts every object of an environment
  orphan     deletes or releases an orphan a refresh or the drift report named`;
}

/** Runs the command argv names and returns the process's exit code; errors are printed in one line. */
export async function runCli(argv: string[], program: string): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "--version") {
    // The package's version, which is the plugin's (native/schema.ts: read from package.json, or built into the executable).
    const { pluginVersion } = await import("../native/schema");
    process.stdout.write(`${pluginVersion()}\n`);
    return 0;
  }
  if (!isCommand(command)) {
    const asked = command !== undefined && HELP_WORDS.has(command);
    const known = command === undefined || asked ? "" : `${program}: unknown command '${command}'\n\n`;
    (asked ? process.stdout : process.stderr).write(`${known}${usage(program)}\n`);
    return asked ? 0 : 1;
  }
  try {
    return await COMMANDS[command](rest, program);
  } catch (error) {
    const prefix = `${program} ${command}: `;
    // A diagnostic is said within the limit with the command before it; any other error as it is.
    const said =
      error instanceof DiagnosticError
        ? render(error.diagnostic, MESSAGE_LIMIT - prefix.length)
        : error instanceof Error
          ? error.message
          : String(error);
    process.stderr.write(`${prefix}${said}\n`);
    return 1;
  }
}

if (require.main === module) {
  // `void`: runCli prints a command's failure itself and resolves to the exit code; what could still
  // reject (--version failing to load) is Node's unhandled rejection, printed with exit 1.
  void runCli(process.argv.slice(2), "pulumi-tcs").then((code) => process.exit(code));
}
