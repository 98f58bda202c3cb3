// A scratch Pulumi project per test: its own directory inside the repo (the engine's Node plugins
// resolve @pulumi/pulumi and pulumi-tcs from there) and its own file backend, removed afterwards.
import * as fs from "node:fs";
import * as path from "node:path";
import { randomBytes } from "node:crypto";
import { REPO_ROOT } from "../../lib/engine";

export interface Scratch {
  dir: string;
  backendDir: string;
  remove(): void;
}

export function makeScratch(name: string): Scratch {
  const dir = path.join(REPO_ROOT, ".tcs", "e2e", `${name}-${randomBytes(4).toString("hex")}`);
  const backendDir = path.join(dir, "backend");
  fs.mkdirSync(backendDir, { recursive: true });
  return { dir, backendDir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Collects everything the engine prints, to assert on it (and to search it for secrets). */
export function outputCollector(): { onOutput: (out: string) => void; text: () => string } {
  const chunks: string[] = [];
  return { onOutput: (out) => chunks.push(out), text: () => chunks.join("") };
}

/** What the engine printed and the error a run raised, or "succeeded": to assert on a refusal's words. */
export async function attempt(run: (onOutput: (text: string) => void) => Promise<unknown>): Promise<string> {
  const output = outputCollector();
  const failure = await run(output.onOutput).then(
    () => undefined,
    (error: unknown) => error,
  );
  return failure === undefined ? "succeeded" : `${output.text()}\n${String(failure)}`;
}
