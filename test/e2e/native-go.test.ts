// The native provider from Go: the Go quickstart (examples/go) on the generated Go SDK (sdks/go), run as
// an Automation API inline program by the real pulumi CLI against the emulator (no Go language host is
// needed for that): up, a preview with no changes that sends nothing, destroy; no secret printed or
// stored in clear.
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT } from "../lib/engine";
import { api, listAll, requests, startTestEmulator } from "./helpers/tcs-stack";
import { makeScratch, type Scratch } from "./helpers/workspace";

const EXAMPLE = path.join(REPO_ROOT, "examples", "go");

let emulator: RunningEmulator;
let scratch: Scratch;
let binary: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  scratch = makeScratch("native-go");
  // Compiled once (a minute or two with a cold Go build cache, seconds after), where the last run left
  // it (.tcs/, which git ignores): go build links again only when a source changed, a few CPU-seconds
  // saved each run. Its temporary files beside it, the new binary is renamed into place, so a run
  // beside this one never starts a half-written file.
  const built = path.join(REPO_ROOT, ".tcs", "go-build");
  fs.mkdirSync(path.join(built, "tmp"), { recursive: true });
  binary = path.join(built, "tcs-go-automation");
  execFileSync("go", ["build", "-o", binary, "./automation"], {
    cwd: EXAMPLE,
    env: { ...process.env, GOTMPDIR: path.join(built, "tmp") },
    stdio: ["ignore", "inherit", "inherit"],
  });
});

afterAll(async () => {
  scratch?.remove();
  await emulator?.close();
});

/**
 * One Automation API operation of the Go program: its JSON result, and everything it printed. Run
 * without blocking: the emulator answering the plugin lives in this process.
 */
async function operation(
  name: "up" | "preview" | "destroy",
): Promise<{ result: { changes: Record<string, number>; outputs?: Record<string, unknown> }; printed: string }> {
  const workDir = path.join(scratch.dir, "work");
  fs.mkdirSync(workDir, { recursive: true });
  const env = {
    ...process.env,
    PULUMI_BACKEND_URL: `file://${scratch.backendDir}`,
    TCS_BASE_URL: emulator.url,
    TCS_API_KEY: emulator.keys.production.secret,
    TCS_RATE_LIMIT_TIER: "production",
    TCS_PLUGIN_DIR: path.join(REPO_ROOT, "bin"),
  };
  const child = spawn(binary, [name, workDir], { env, stdio: ["ignore", "pipe", "pipe"] });
  let [stdout, stderr] = ["", ""];
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) =>
    child.once("error", reject).once("close", resolve),
  );
  if (code !== 0) throw new Error(`${name} failed (${code}):\n${stderr}`);
  return { result: JSON.parse(stdout.trim().split("\n").at(-1)!), printed: stdout + stderr };
}

test("the Go quickstart on the generated Go SDK: up, a preview with no changes that sends nothing, destroy", async () => {
  const up = await operation("up");
  expect(up.result.changes).toEqual({ create: 6 });
  const outputs = up.result.outputs!;
  expect(outputs.setupUrl).toBe("[secret]");
  expect((await api(emulator, "GET", `/roles/${outputs.roleId}`)).slug).toBe("support-agents");
  expect((await api(emulator, "GET", `/callbacks/${outputs.callbackId}`)).metadata).toMatchObject({
    owner: "platform-team",
  });

  await requests.reset(emulator);
  const preview = await operation("preview");
  expect(preview.result.changes).toEqual({ same: 6 });
  expect((await requests.read(emulator)).total).toBe(0);

  const stored = fs
    .readdirSync(path.join(scratch.backendDir, ".pulumi", "stacks"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".json"))
    .map((file) => fs.readFileSync(path.join(scratch.backendDir, ".pulumi", "stacks", file), "utf8"))
    .join("\n");
  for (const text of [stored, up.printed, preview.printed]) {
    expect(text).not.toContain(emulator.keys.production.secret);
    expect(text).not.toContain("timeout_seconds");
  }

  const destroyed = await operation("destroy");
  expect(destroyed.result.changes).toMatchObject({ delete: 6 });
  const active = (await listAll(emulator, "/callbacks?status=active")).map((record) => record.id);
  expect(active).not.toContain(outputs.callbackId);
});
