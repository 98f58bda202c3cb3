// The emulator's CLI in a child process, for benchmarks: the load (or the engine's host) and the
// server then do not share one event loop. Resolves once it printed its URL and keys.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { cpuSecondsOf } from "./plugin-memory";

const REPO = resolve(__dirname, "../../..");

export interface EmulatorProcess {
  url: string;
  keys: Record<"development" | "production", { secret: string; publishable: string }>;
  /** The CPU the emulator has used so far: the service's own work, on the same two cores as the operation it serves. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

export async function startEmulatorProcess(extraArgs: string[] = []): Promise<EmulatorProcess> {
  const child = spawn(
    process.execPath,
    ["--no-warnings", "--import", "tsx", "emulator/cli.ts", "--port", "0", "--db", ":memory:", "--quiet", ...extraArgs],
    {
      cwd: REPO,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const line = await new Promise<string>((resolveLine, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolveLine);
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code}`)));
  });
  const { url, keys } = JSON.parse(line) as Pick<EmulatorProcess, "url" | "keys">;
  const stop = () =>
    new Promise<void>((resolveExit) => {
      if (child.exitCode !== null) return resolveExit();
      child.once("exit", () => resolveExit());
      child.kill("SIGTERM");
    });
  return { url, keys, cpuSeconds: () => cpuSecondsOf(child.pid!, "own"), stop };
}
