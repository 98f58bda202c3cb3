// `generate` and the rate-limit tier (issue 59), against the emulator, whose production key the service
// allows 5000 requests per 10 minutes: with no tier, one plain line names TCS_RATE_LIMIT_TIER and the
// tier to set (before: Node's warning format, "(node:<pid>) [TCS_RATE_LIMIT_TIER] ToolConnectivityWarning
// ... Use `node --trace-warnings ...`", naming a client option the user never sees); with
// TCS_RATE_LIMIT_TIER=production, read as every command reads it, nothing (before: the variable was
// not read and the warning came all the same); a tier that is not one fails naming the variable. Both
// ways in: the npm bin and the plugin executable's script form.
import * as path from "node:path";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT } from "../lib/engine";
import { runBin } from "./helpers/run-bin";
import { startTestEmulator } from "./helpers/tcs-stack";
import { spawn } from "node:child_process";

const BIN = path.join(REPO_ROOT, "dist", "provider", "cli", "main.js");
const LAUNCHER = path.join(REPO_ROOT, "bin", "pulumi-resource-tcs");

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(async () => {
  await emulator.close();
});

/** `generate --stdout` through the npm bin or the plugin, with the production key and `tier` as TCS_RATE_LIMIT_TIER. */
function generate(
  via: "npm bin" | "plugin",
  tier: string | undefined,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TCS_API_KEY: emulator.keys.production.secret,
    TCS_BASE_URL: emulator.url,
  };
  delete env.TCS_RATE_LIMIT_TIER;
  if (tier !== undefined) env.TCS_RATE_LIMIT_TIER = tier;
  if (via === "npm bin") return runBin(BIN, ["generate", "--stdout"], env);
  return new Promise((resolve, reject) => {
    const child = spawn(LAUNCHER, ["generate", "--stdout"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let [stdout, stderr] = ["", ""];
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each([
  ["npm bin", "pulumi-tcs"],
  ["plugin", "pulumi-resource-tcs"],
] as const)("generate through the %s", (via, program) => {
  it("with no tier, says in one plain line which variable paces it and what to set it to", async () => {
    const run = await generate(via, undefined);
    expect(run.code).toBe(0);
    const notes = run.stderr.split("\n").filter((line) => line.includes("requests per 10 minutes"));
    expect(notes).toEqual([
      `${program} generate: note: the service allows this API key 5000 requests per 10 minutes, but TCS_RATE_LIMIT_TIER (not set: development) ` +
        "paces this command to 100 per 600 s. For a production key set TCS_RATE_LIMIT_TIER=production. See docs/guide.md#configuration",
    ]);
    expect(run.stderr).not.toMatch(/\(node:\d+\)|ToolConnectivityWarning|--trace-warnings/);
  });

  it("reads TCS_RATE_LIMIT_TIER: with production, nothing to advise", async () => {
    const run = await generate(via, "production");
    expect(run.code).toBe(0);
    expect(run.stderr).not.toMatch(/requests per 10 minutes|\(node:\d+\)/);
    expect(run.stdout).toContain("adoptId");
  });

  it("refuses a tier that is not one, naming the variable", async () => {
    const run = await generate(via, "fast");
    expect(run).toMatchObject({ code: 1, stdout: "" });
    expect(run.stderr.trim()).toBe(
      `${program} generate: TCS_RATE_LIMIT_TIER must be development, production or a custom window such as 1000/60s (got 'fast'). ` +
        "Set TCS_RATE_LIMIT_TIER=production (your key's tier), or unset it. See docs/guide.md#configuration",
    );
  });
});
