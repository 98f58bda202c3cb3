// Runs one timed operation of a bench stack in a child process (operation-child.ts) and returns what
// it measured; the child's error, with its stderr, when the operation failed.
import { spawn } from "node:child_process";
import * as path from "node:path";
import { REPO_ROOT } from "../lib/engine";
import type { OperationRequest, OperationResult } from "./operation-child";

const CHILD = path.join(__dirname, "operation-child.ts");

export function runOperationProcess(request: OperationRequest): Promise<OperationResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--no-warnings", "--import", "tsx", CHILD, JSON.stringify(request)], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => {
      const last = stdout.trim().split("\n").pop() ?? "";
      if (code === 0 && last.startsWith("{")) return resolve(JSON.parse(last) as OperationResult);
      reject(new Error(`${request.stack.name}: ${request.op} failed in its process (exit ${code}):\n${stderr.trim()}`));
    });
  });
}
