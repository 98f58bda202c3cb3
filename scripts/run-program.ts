// Runs a Pulumi program module through the Automation API with the CLI's own streaming output:
//   npm run run-program -- <program dir or file> <up|preview|refresh|destroy> [--stack NAME] [--yes]
// A program directory holds Pulumi.yaml and an index.ts whose default export is the program, so the
// same file is an ordinary program for `pulumi up` with an official CLI.
import * as fs from "node:fs";
import * as path from "node:path";
import { openStack } from "../test/lib/engine";

const USAGE = "usage: npm run run-program -- <program dir or file> <up|preview|refresh|destroy> [--stack NAME]";

async function main(argv: string[]): Promise<number> {
  const [target, operation, ...rest] = argv;
  if (!target || !operation) {
    console.error(USAGE);
    return 1;
  }
  const stackFlag = rest.indexOf("--stack");
  const stackName = stackFlag >= 0 ? rest[stackFlag + 1] : "dev";
  const resolved = path.resolve(target);
  const isDir = fs.statSync(resolved).isDirectory();
  const programFile = isDir ? path.join(resolved, "index.ts") : resolved;
  const workDir = isDir ? resolved : path.dirname(resolved);

  const stack = await openStack({ program: programFile, workDir, stackName });
  const onOutput = (out: string) => process.stdout.write(out);
  const color = process.stdout.isTTY ? "always" : "never";
  switch (operation) {
    case "up":
      await stack.up({ onOutput, color });
      break;
    case "preview":
      await stack.preview({ onOutput, color });
      break;
    case "refresh":
      await stack.refresh({ onOutput, color });
      break;
    case "destroy":
      await stack.destroy({ onOutput, color });
      break;
    default:
      console.error(`unknown operation '${operation}'. ${USAGE}`);
      return 1;
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    // The CLI's own error text is already streamed; print only what it did not say.
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
