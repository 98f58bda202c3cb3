// The README's commands, run as a user runs them (npm scripts in child processes): the pinned CLI,
// the one-line hint for `up` without a language host, the program runner on the quickstart with a drift
// check, the generator, and the emulator command. (`npm run demo` has a test of its own, demo.test.ts;
// `npm test` is what CI runs; `npm run bench` is run by hand, its figures are in docs/performance.md.)
import { execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT } from "../../scripts/lib/engine";
import { listeningUrl } from "./helpers/listening";
import { startTestEmulator } from "./helpers/tcs-stack";
import { makeScratch, type Scratch } from "./helpers/workspace";

const run = promisify(execFile);

function npm(args: string[], env: Record<string, string> = {}) {
  return run("npm", ["run", "--silent", ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env }, maxBuffer: 32 * 1024 * 1024 });
}

describe("README commands", () => {
  let emulator: RunningEmulator;
  let scratch: Scratch;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    scratch = makeScratch("readme");
  });
  afterAll(async () => {
    scratch.remove();
    // The runner's stack left its settings file (the encryption salt) beside the program.
    fs.rmSync(path.join(REPO_ROOT, "examples", "quickstart", "Pulumi.readme.yaml"), { force: true });
    await emulator.close();
  });

  it("npm run pulumi -- version prints the pinned CLI", async () => {
    const { stdout } = await npm(["pulumi", "--", "version"]);
    expect(stdout.trim()).toBe("v3.259.0");
  });

  it("npm run pulumi -- up says in one line how to run a program here", async () => {
    const failure = await npm(["pulumi", "--", "up"]).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr.trim().split("\n")).toHaveLength(1);
    expect(failure?.stderr).toContain("npm run run-program -- <program dir> up");
  });

  it("the README's configuration commands, through npm run pulumi -- (stack init, config set, --secret)", async () => {
    fs.writeFileSync(path.join(scratch.dir, "Pulumi.yaml"), "name: readme-config\nruntime: nodejs\n");
    const backend = { PULUMI_BACKEND_URL: `file://${scratch.backendDir}` };
    const at = ["--stack", "config", "--cwd", scratch.dir];
    await npm(["pulumi", "--", "stack", "init", ...at], backend);
    // The three lines of the README's configuration block, as written there.
    await npm(["pulumi", "--", "config", "set", "--secret", "tcs:apiKey", "service_sk_readme0000000000000000000000", ...at], backend);
    await npm(["pulumi", "--", "config", "set", "tcs:baseUrl", "https://api.example.com", ...at], backend);
    await npm(["pulumi", "--", "config", "set", "tcs:rateLimitTier", "production", ...at], backend);
    const settings = fs.readFileSync(path.join(scratch.dir, "Pulumi.config.yaml"), "utf8");
    expect(settings).toMatch(/tcs:apiKey:\s+secure: /);
    expect(settings).not.toContain("service_sk_readme");
    const { stdout } = await npm(["pulumi", "--", "config", "--show-secrets", "--json", ...at], backend);
    expect(JSON.parse(stdout)).toMatchObject({
      "tcs:apiKey": { value: "service_sk_readme0000000000000000000000", secret: true },
      "tcs:baseUrl": { value: "https://api.example.com", secret: false },
      "tcs:rateLimitTier": { value: "production", secret: false },
    });
    const { stdout: stacks } = await npm(["pulumi", "--", "stack", "ls", "--cwd", scratch.dir], backend);
    expect(stacks).toMatch(/^config\*?\s/m);
  });

  it("npm run run-program -- examples/quickstart up / destroy applies the quickstart", async () => {
    const env = {
      TCS_API_KEY: emulator.keys.production.secret,
      TCS_BASE_URL: emulator.url,
      TCS_RATE_LIMIT_TIER: "production",
      PULUMI_BACKEND_URL: `file://${scratch.backendDir}`,
    };
    const up = await npm(["run-program", "--", "examples/quickstart", "up", "--stack", "readme"], env);
    expect(up.stdout).toMatch(/pulumi-nodejs:dynamic\/tcs:CallbackInstance\s+github-events-config\s+created/);
    expect(up.stdout).toMatch(/6 created/);
    expect(up.stdout).toMatch(/setupUrl\s+: \[secret\]/);
    // The drift check of the README, on the stack just applied: nothing changed by hand, exit 0.
    const drift = await npm(["drift", "--", "--stack", "readme", "--cwd", "examples/quickstart"], env);
    expect(drift.stdout).toContain("No drift: every declared input matches what the service holds.");
    const destroy = await npm(["run-program", "--", "examples/quickstart", "destroy", "--stack", "readme"], env);
    expect(destroy.stdout).toMatch(/6 deleted/);
  });

  it("npm run generate -- --stdout prints a program adopting the environment", async () => {
    const { stdout } = await npm(["generate", "--", "--stdout"], { TCS_API_KEY: emulator.keys.production.secret, TCS_BASE_URL: emulator.url });
    expect(stdout).toMatch(/^\/\/ Generated by `pulumi-tcs generate`/);
    expect(stdout).toContain('new tcs.ProviderConfig("acme-github", {\n    adoptId: "pcfg_githubacme0000000000"');
  });

  it("npm run emulator prints its URL and test keys, and serves", async () => {
    const child = spawn("npm", ["run", "--silent", "emulator", "--", "--port", "0", "--db", ":memory:"], { cwd: REPO_ROOT, detached: true });
    try {
      const url = await listeningUrl(child);
      const health = await fetch(`${url}/_emulator/health`);
      expect(health.ok).toBe(true);
    } finally {
      // npm starts the emulator in a process group of its own: end the whole group.
      process.kill(-child.pid!, "SIGTERM");
    }
  });
});
