// Runs one of the package's bins as a child process, without blocking this process: the emulator
// the child talks to runs in this process and must keep answering.
import { runNode, type NodeResult } from "../../lib/run-node";

export type BinResult = NodeResult;

export function runBin(file: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<BinResult> {
  return runNode([file, ...args], { env });
}
