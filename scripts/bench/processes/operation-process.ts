// Runs one timed operation of a bench stack in a child process (operation-child.ts) and returns what
// it measured; the child's error, with its stderr, when the operation failed.
import * as path from "node:path";
import { REPO_ROOT } from "../../../test/lib/engine";
import { runNode } from "../../../test/lib/run-node";
import type { OperationRequest, OperationResult } from "./operation-child";

const CHILD = path.join(__dirname, "operation-child.ts");

export async function runOperationProcess(request: OperationRequest): Promise<OperationResult> {
  const { code, stdout, stderr } = await runNode(["--no-warnings", "--import", "tsx", CHILD, JSON.stringify(request)], {
    cwd: REPO_ROOT,
  });
  const last = stdout.trim().split("\n").pop() ?? "";
  if (code === 0 && last.startsWith("{")) return JSON.parse(last) as OperationResult;
  throw new Error(`${request.stack.name}: ${request.op} failed in its process (exit ${code}):\n${stderr.trim()}`);
}
