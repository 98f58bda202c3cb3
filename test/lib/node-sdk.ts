// The generated Node.js SDK (sdks/nodejs, `@pulumi-tcs/tcs`) as npm installs it in a project:
// compiled by the repository's TypeScript with the SDK's own tsconfig (its strictness, module kind and
// files) into <project>/node_modules/@pulumi-tcs/tcs/bin, where its package.json's main and types
// point, with its package.json there and in bin/, where utilities.getVersion() reads it. A project inside the repository resolves `@pulumi/pulumi` from the
// repository's node_modules, the copy the Automation API's inline programs run with.
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "./engine";
import { runNode } from "./run-node";

const SDK = path.join(REPO_ROOT, "sdks", "nodejs");
const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");

/** Compiles the SDK into the project's node_modules and returns the installed package's directory. */
export async function installNodeSdk(projectDir: string): Promise<string> {
  const installed = path.join(projectDir, "node_modules", "@pulumi-tcs", "tcs");
  await runTsc([
    "-p",
    path.join(SDK, "tsconfig.json"),
    "--outDir",
    path.join(installed, "bin"),
    "--declarationMap",
    "false",
    "--sourceMap",
    "false",
  ]);
  // Where npm pack and the SDK's own build put it (its package.json's build script).
  for (const dir of [installed, path.join(installed, "bin")])
    fs.copyFileSync(path.join(SDK, "package.json"), path.join(dir, "package.json"));
  return installed;
}

/** How the tests compile a user's TypeScript program against the Node SDK: strict, CommonJS, with Node's types. */
export const NODE_PROGRAM_TSC_ARGS: readonly string[] = [
  "--strict",
  "--target",
  "es2022",
  "--module",
  "commonjs",
  "--moduleResolution",
  "node10",
  "--types",
  "node",
];

/** The repository's TypeScript compiler in a child process, without blocking this one (an emulator may answer from it). */
export async function runTsc(args: string[]): Promise<void> {
  const { code, stdout, stderr } = await runNode([TSC, ...args]);
  if (code !== 0) throw new Error(`tsc ${args.join(" ")} failed (${code}):\n${stdout}${stderr}`);
}
