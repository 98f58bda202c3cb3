// Adoption at the batched floor (issue 58, point 5): `pulumi import --file` of a 300-object account,
// the file `pulumi-tcs generate --import-file` writes, into a YAML stack on the native provider (the
// script plugin), reads through the same batched reader as a refresh: one list page per 100 records of
// each scope, not one GET per object. The release executable's run of it: test/long/release-artifacts.test.ts.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT } from "../lib/engine";
import { ACCOUNT_OBJECTS, makeAdoptionAccount } from "./helpers/adoption-account";
import { runBin, type BinResult } from "./helpers/run-bin";
import { requests, startTestEmulator } from "./helpers/tcs-stack";
import { yamlProgramHead, yamlProject } from "./helpers/yaml-project";

const BIN = path.join(REPO_ROOT, "dist", "provider", "cli", "main.js");

const PROGRAM = yamlProgramHead("tcs-import-requests");

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await emulator?.close();
});

/** The pulumi CLI (on PATH: jest runs under scripts/env.sh), run without blocking: the emulator answering its plugin lives in this process. */
function pulumi(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<BinResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("pulumi", args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let [stdout, stderr] = ["", ""];
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

test(`pulumi import --file of a ${ACCOUNT_OBJECTS}-object account reads it at the batched floor: at most 10 requests, preview included`, async () => {
  await makeAdoptionAccount(emulator, "adopted");
  const project = await yamlProject("import-requests", emulator, PROGRAM);
  try {
    const env = { ...process.env, TCS_API_KEY: emulator.keys.production.secret, TCS_BASE_URL: emulator.url };
    const file = path.join(project.scratch.dir, "import.json");
    const generated = await runBin(BIN, ["generate", "--import-file", file], env);
    expect(generated.code).toBe(0);
    const specs = (JSON.parse(fs.readFileSync(file, "utf8")) as { resources: unknown[] }).resources;
    expect(specs).toHaveLength(ACCOUNT_OBJECTS);

    await requests.reset(emulator);
    const imported = await pulumi(
      [
        "import",
        "--file",
        file,
        "--yes",
        "--non-interactive",
        "--protect=false",
        "--generate-code=false",
        "--stack",
        "import-requests",
      ],
      project.scratch.dir,
      { ...process.env, PULUMI_BACKEND_URL: `file://${project.scratch.backendDir}` },
    );
    if (imported.code !== 0)
      throw new Error(`pulumi import failed (${imported.code}):\n${imported.stdout}\n${imported.stderr}`);
    expect(imported.stdout).toMatch(new RegExp(`${ACCOUNT_OBJECTS} imported`));
    // The preview and the import are two runs of the plugin, each reading every object: 5 list pages
    // each (roles, callbacks, the callback's instances, two of configs), the roles listed by the
    // provider's environment question; before, a GET per config in each, 308 requests in all.
    const counted = await requests.read(emulator);
    const single = Object.keys(counted.by_route).filter((route) => /\{\w+\}$/.test(route));
    // A failure shows the total and every route's count.
    const seen = { atMost10: counted.total <= 10, single, total: counted.total, byRoute: counted.by_route };
    expect(seen).toEqual({ ...seen, atMost10: true, single: [] });
  } finally {
    project.scratch.remove();
  }
});
