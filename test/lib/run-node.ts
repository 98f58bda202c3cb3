// Runs Node.js on a script in a child process and collects its output, without blocking this process
// (an emulator answering from it keeps answering): the tests' bins, tsc, the bench's operations.
import { spawn } from "node:child_process";

export interface NodeResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunNodeOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** `node <args>` with this process's Node.js; resolves with the exit code and both outputs, whatever the code. */
export function runNode(args: string[], options: RunNodeOptions = {}): Promise<NodeResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: options.env ?? process.env,
      cwd: options.cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}
