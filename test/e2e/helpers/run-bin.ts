// Runs one of the package's bins as a child process, without blocking this process: the emulator
// the child talks to runs in this process and must keep answering.
import { spawn } from "node:child_process";

export interface BinResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runBin(file: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<BinResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}
