// The generated Node.js SDK (sdks/nodejs, `@pulumi-tcs/tcs`) as npm installs it in a project:
// compiled by the repository's TypeScript with the SDK's own tsconfig (its strictness, module kind and
// files) into <project>/node_modules/@pulumi-tcs/tcs, with its package.json beside it, which
// utilities.getVersion() reads. A project inside the repository resolves `@pulumi/pulumi` from the
// repository's node_modules, the copy the Automation API's inline programs run with.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "./engine";

const SDK = path.join(REPO_ROOT, "sdks", "nodejs");
const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");

/** Compiles the SDK into the project's node_modules and returns the installed package's directory. */
export async function installNodeSdk(projectDir: string): Promise<string> {
  const installed = path.join(projectDir, "node_modules", "@pulumi-tcs", "tcs");
  await runTsc(["-p", path.join(SDK, "tsconfig.json"), "--outDir", installed, "--declarationMap", "false", "--sourceMap", "false"]);
  fs.copyFileSync(path.join(SDK, "package.json"), path.join(installed, "package.json"));
  return installed;
}

/** The repository's TypeScript compiler in a child process, without blocking this one (an emulator may answer from it). */
export function runTsc(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSC, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve() : reject(new Error(`tsc ${args.join(" ")} failed (${code}):\n${output}`))));
  });
}
