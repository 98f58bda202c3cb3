// `npm run demo`: the quickstart, applied by the real Pulumi engine against the embedded emulator.
//   0. starts from scratch: a previous demo's stack and database are removed;
//   1. starts the emulator with a file database (.tcs/demo/emulator.db), on 127.0.0.1:8787 if free;
//   2. creates a local stack `demo` (file backend under .pulumi/) and sets its config;
//   3. `up` with the engine's own streaming display, then a preview that must show no changes;
//   4. renames the callback through the API (a change made by hand) and runs a drift check, which
//      must report it; then `up --refresh` puts the declared state back;
//   5. prints where everything is and how to destroy.
import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import { startEmulator } from "pulumi-tcs/emulator";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { openStack, REPO_ROOT } from "../test/lib/engine";

// TCS_DEMO_DIR and TCS_DEMO_PORT let a test run the demo beside a user's own (the directory must be
// inside the repository: the engine's plugins resolve their packages from there).
const DEMO_DIR = path.resolve(REPO_ROOT, process.env.TCS_DEMO_DIR ?? path.join(".tcs", "demo"));
const PROJECT_DIR = path.join(DEMO_DIR, "project");
const DB_FILE = path.join(DEMO_DIR, "emulator.db");
const PREFERRED_PORT = Number(process.env.TCS_DEMO_PORT ?? 8787);

/** Where the engine keeps the state: the file backend scripts/env.sh chose (or the caller's). */
function backendDir(): string {
  const url = process.env.PULUMI_BACKEND_URL ?? `file://${path.join(REPO_ROOT, ".pulumi", "backend")}`;
  return url.replace(/^file:\/\//, "");
}

function say(text: string): void {
  process.stdout.write(`\n\x1b[1m== ${text}\x1b[0m\n`);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer().once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A previous run's stack and data: roles and sessions it made outlive a destroy (no delete API). */
async function removePreviousRun(): Promise<void> {
  if (fs.existsSync(path.join(PROJECT_DIR, "Pulumi.yaml"))) {
    const workspace = await LocalWorkspace.create({ workDir: PROJECT_DIR });
    const stacks = await workspace.listStacks();
    if (stacks.some((s) => s.name === "demo")) await workspace.removeStack("demo", { force: true });
  }
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(DB_FILE + suffix, { force: true });
}

async function main(): Promise<void> {
  await removePreviousRun();
  fs.mkdirSync(PROJECT_DIR, { recursive: true });
  const port = (await portIsFree(PREFERRED_PORT)) ? PREFERRED_PORT : 0;
  const emulator = await startEmulator({ db: DB_FILE, port });
  say(`emulator: ${emulator.url} (database ${path.relative(REPO_ROOT, DB_FILE)})`);
  const key = emulator.keys.development.secret;
  const onOutput = (out: string) => process.stdout.write(out);
  const color = process.stdout.isTTY ? "always" : "never";

  try {
    const stack = await openStack({
      program: path.join(REPO_ROOT, "examples", "quickstart", "index.ts"),
      workDir: PROJECT_DIR,
      projectName: "tcs-quickstart",
      stackName: "demo",
      config: {
        "tcs:apiKey": { value: key, secret: true },
        "tcs:baseUrl": { value: emulator.url },
        // The emulator's development tier allows 100 requests per 10 minutes, like the real one.
        "tcs:rateLimitTier": { value: "development" },
      },
    });

    say("pulumi up");
    const up = await stack.up({ onOutput, color });

    say("pulumi preview (expecting no changes)");
    await stack.preview({ onOutput, color, expectNoChanges: true });

    say("a change made by hand: renaming the callback through the API");
    const callbackId = String(up.outputs.callbackId.value);
    const response = await fetch(`${emulator.url}/callbacks/${callbackId}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "renamed by hand" }),
    });
    if (!response.ok) throw new Error(`PATCH /callbacks/${callbackId}: ${response.status} ${await response.text()}`);

    say("drift check: pulumi preview --refresh --expect-no-changes");
    const drifted = await stack.preview({ onOutput, color, refresh: true, expectNoChanges: true }).then(
      () => false,
      () => true,
    );
    if (!drifted) throw new Error("the drift check did not report the callback renamed by hand");
    process.stdout.write("drift detected, as expected: the callback's name differs from the program\n");

    say("pulumi up --refresh (puts the declared state back)");
    await stack.up({ onOutput, color, refresh: true });
    await stack.preview({ expectNoChanges: true, refresh: true });

    const relativeProject = path.relative(REPO_ROOT, PROJECT_DIR);
    say("done");
    process.stdout.write(
      [
        `stack:      demo (project ${relativeProject}, state in ${path.relative(REPO_ROOT, backendDir())})`,
        `emulator:   stopped now; its data is kept in ${path.relative(REPO_ROOT, DB_FILE)}`,
        `outputs:    npm run pulumi -- stack output --stack demo --cwd ${relativeProject}`,
        `to destroy: npm run emulator -- --db ${path.relative(REPO_ROOT, DB_FILE)} --port ${new URL(emulator.url).port}   (in another terminal)`,
        `            npm run pulumi -- destroy --yes --stack demo --cwd ${relativeProject}`,
        "",
      ].join("\n"),
    );
  } finally {
    await emulator.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
