// The README's commands, run as a user runs them: every command line of its sh blocks is either run
// here, as written there (its placeholders filled in), or named below with the test that runs it, and a
// command added to the README fails the first test until it is one or the other. Here: the configuration
// commands (through `npm run pulumi --`), `npx pulumi-tcs drift` on the quickstart just applied,
// `npx pulumi-tcs generate`, and the Go SDK's `go get` (from a module proxy in a folder, as the release
// serves the module: with GONOSUMDB it resolves, without it sum.golang.org answers 404). Also the npm
// scripts of docs/development.md that a user of this checkout types first: the pinned CLI, the one-line
// hint for `up` without a language host, the program runner on the quickstart with a drift check, the
// generator, and the emulator command. (`npm run demo` has a test of its own, demo.test.ts; `npm test` is
// what CI runs; `npm run bench` is run by hand, its figures are in docs/performance.md.) The npm scripts
// run as package.json gives them, less scripts/env.sh and scripts/build.sh, which npm test has run
// before jest (helpers/npm-script.ts); `npm run pulumi -- version` runs through npm itself. npm test
// runs all of it but the configuration commands and the program runner on the quickstart with its drift
// checks (the README's `npx pulumi-tcs drift` among them), which npm run test:long runs
// (test/long/readme-commands-deeper.test.ts; test/e2e/helpers/long-split.ts): npm test applies the
// quickstart in demo.test.ts, and runs the drift bin in drift-tool.test.ts.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT } from "../lib/engine";
import { buildGoSdk, GO_MODULE } from "../../scripts/release/sdk-packages";
import { listeningUrl } from "./helpers/listening";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { npmRun, npmStart } from "./helpers/npm-script";
import { startTestEmulator } from "./helpers/tcs-stack";
import { makeScratch, type Scratch } from "./helpers/workspace";

const run = promisify(execFile);
const VERSION = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string })
  .version;

/** Every command line of the README's sh blocks, without its comment. */
const SHOWN = [...fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8").matchAll(/^```sh\n([\s\S]*?)^```/gm)]
  .flatMap((block) => block[1].split("\n"))
  .map((line) => line.replace(/\s+#.*$/, "").trim())
  .filter((line) => line !== "");

/** The README's command lines that match, split into words: at least one, or the README lost them. */
function shown(pattern: RegExp): string[][] {
  const lines = SHOWN.filter((line) => pattern.test(line));
  expect({ pattern: String(pattern), lines }).toEqual({
    pattern: String(pattern),
    lines: expect.arrayContaining([expect.any(String)]),
  });
  return lines.map((line) => line.split(/\s+/));
}

/** The README's command lines run here, by the tests below. */
const RUN_HERE = [
  /^pulumi config set (--secret )?tcs:\w+ \S+$/,
  /^npx pulumi-tcs drift --stack <name>$/,
  /^npx pulumi-tcs generate --out infra\/tcs$/,
  new RegExp(
    `^GONOSUMDB=github\\.com/pulumi-tcs go get ${GO_MODULE.replace(/\./g, "\\.")}@v${VERSION.replace(/\./g, "\\.")}$`,
  ),
];

/** The README's command lines another test runs: that file, and what in it runs the command. */
const RUN_ELSEWHERE: { command: RegExp; file: string; runs: string }[] = [
  { command: /^npm run demo$/, file: "test/e2e/demo.test.ts", runs: '["demo"]' },
  { command: /^npm test$/, file: ".ci/run", runs: "\nnpm test\n" },
  {
    command: /^npm install pulumi-tcs$/,
    file: "test/e2e/packaging.test.ts",
    runs: '"pulumi-tcs": `file:./${tarball}`',
  },
  {
    command: new RegExp(
      `^pulumi plugin install resource tcs ${VERSION.replace(/\./g, "\\.")} --file pulumi-resource-tcs-v${VERSION.replace(/\./g, "\\.")}-<os>-<arch>\\.tar\\.gz$`,
    ),
    file: "test/long/release-artifacts.test.ts",
    runs: '["plugin", "install", "resource", "tcs", VERSION, "--file"',
  },
  { command: /^pip install pulumi_tcs$/, file: "test/long/release-artifacts.test.ts", runs: '"pip", "install"' },
  {
    command: new RegExp(
      `^~/\\.pulumi/plugins/resource-tcs-v${VERSION.replace(/\./g, "\\.")}/pulumi-resource-tcs drift --stack <name>$`,
    ),
    file: "test/long/release-artifacts.test.ts",
    runs: '["drift", "--stack"',
  },
  {
    command: new RegExp(
      `^~/\\.pulumi/plugins/resource-tcs-v${VERSION.replace(/\./g, "\\.")}/pulumi-resource-tcs generate --import-file import\\.json$`,
    ),
    file: "test/long/release-artifacts.test.ts",
    runs: '["generate", "--import-file", "import.json"]',
  },
  {
    command: /^pulumi import --file import\.json$/,
    file: "test/e2e/generate-import-file.test.ts",
    runs: '["import", "--file", file',
  },
  {
    command: /^npm install --save-dev @pulumi\/policy@[\d.]+$/,
    file: "test/e2e/packaging.test.ts",
    runs: '"@pulumi/policy": policyVersion',
  },
  {
    command: /^pulumi preview --policy-pack node_modules\/pulumi-tcs\/policy --policy-pack-config <file>$/,
    file: "test/e2e/packaging.test.ts",
    runs: "runs the policy pack that ships in the package, from node_modules/pulumi-tcs/policy",
  },
];

/** `npm run --silent <args>` less scripts/env.sh and scripts/build.sh, which npm test has run already (helpers/npm-script.ts). */
function npm(args: string[], env: Record<string, string> = {}) {
  return npmRun(args, { ...process.env, ...env });
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

  testInNpmTest("every command the README shows is run here, or by the test named for it", () => {
    expect(SHOWN.length).toBeGreaterThan(0);
    const unaccounted = SHOWN.filter(
      (line) =>
        !RUN_HERE.some((command) => command.test(line)) && !RUN_ELSEWHERE.some(({ command }) => command.test(line)),
    );
    expect(unaccounted).toEqual([]);
    // Compared without whitespace: how the formatter wraps a call does not change what the test runs.
    const compact = (text: string) => text.replace(/\s+/g, "");
    for (const { command, file, runs } of RUN_ELSEWHERE) {
      if (!SHOWN.some((line) => command.test(line))) continue;
      const source = compact(fs.readFileSync(path.join(REPO_ROOT, file), "utf8"));
      expect({ file, runs: source.includes(compact(runs)) }).toEqual({
        file,
        runs: true,
      });
    }
  });

  testInNpmTest("npm run pulumi -- version prints the pinned CLI", async () => {
    // Through npm and scripts/env.sh, as a user types it: the one script run so here.
    const { stdout } = await run("npm", ["run", "--silent", "pulumi", "--", "version"], { cwd: REPO_ROOT });
    expect(stdout.trim()).toBe("v3.259.0");
  });

  testInNpmTest("npm run pulumi -- up says in one line how to run a program here", async () => {
    const failure = await npm(["pulumi", "--", "up"]).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr.trim().split("\n")).toHaveLength(1);
    expect(failure?.stderr).toContain("npm run run-program -- <program dir> up");
  });

  testInLong(
    "the README's configuration commands, through npm run pulumi -- (stack init, config set, --secret)",
    async () => {
      fs.writeFileSync(path.join(scratch.dir, "Pulumi.yaml"), "name: readme-config\nruntime: nodejs\n");
      const backend = { PULUMI_BACKEND_URL: `file://${scratch.backendDir}` };
      const at = ["--stack", "config", "--cwd", scratch.dir];
      await npm(["pulumi", "--", "stack", "init", ...at], backend);
      // The lines of the README's configuration block, as written there, the key's placeholder filled in.
      const lines = shown(/^pulumi config set /);
      expect(lines).toHaveLength(3);
      for (const [, ...args] of lines)
        await npm(
          [
            "pulumi",
            "--",
            ...args.map((word) => (word === "service_sk_..." ? "service_sk_readme0000000000000000000000" : word)),
            ...at,
          ],
          backend,
        );
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
    },
  );

  testInLong("npm run run-program -- examples/quickstart up / destroy applies the quickstart", async () => {
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
    // The drift check of docs/development.md, on the stack just applied: nothing changed by hand, exit 0.
    const drift = await npm(["drift", "--", "--stack", "readme", "--cwd", "examples/quickstart"], env);
    expect(drift.stdout).toContain("No drift: every declared input matches what the service holds.");
    // The README's, as written there, the stack named (--cwd: the project's directory), through npx.
    const [[npx, ...driftArgs]] = shown(/^npx pulumi-tcs drift /);
    const readmeDrift = await run(
      npx,
      [...driftArgs.map((word) => (word === "<name>" ? "readme" : word)), "--cwd", "examples/quickstart"],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, ...env, npm_config_yes: "false" },
      },
    );
    expect(readmeDrift.stdout).toContain("No drift: every declared input matches what the service holds.");
    const destroy = await npm(["run-program", "--", "examples/quickstart", "destroy", "--stack", "readme"], env);
    expect(destroy.stdout).toMatch(/6 deleted/);
  });

  testInNpmTest("npm run generate -- --stdout prints a program adopting the environment", async () => {
    const { stdout } = await npm(["generate", "--", "--stdout"], {
      TCS_API_KEY: emulator.keys.production.secret,
      TCS_BASE_URL: emulator.url,
    });
    expect(stdout).toMatch(/^\/\/ Generated by `pulumi-tcs generate`/);
    expect(stdout).toContain('new tcs.ProviderConfig("acme-github", {\n    adoptId: "pcfg_githubacme0000000000"');
  });

  testInNpmTest("npx pulumi-tcs generate --out infra/tcs writes a program adopting the environment", async () => {
    const [[npx, ...args]] = shown(/^npx pulumi-tcs generate /);
    // In a project inside this checkout, where npx finds the package's own bin.
    await run(npx, args, {
      cwd: scratch.dir,
      env: {
        ...process.env,
        TCS_API_KEY: emulator.keys.production.secret,
        TCS_BASE_URL: emulator.url,
        npm_config_yes: "false",
      },
    });
    const program = fs.readFileSync(path.join(scratch.dir, "infra", "tcs", "index.ts"), "utf8");
    expect(program).toMatch(/^\/\/ Generated by `pulumi-tcs generate`/);
    expect(program).toContain('new tcs.ProviderConfig("acme-github", {\n    adoptId: "pcfg_githubacme0000000000"');
    expect(fs.existsSync(path.join(scratch.dir, "infra", "tcs", "Pulumi.yaml"))).toBe(true);
  });

  testInNpmTest(
    "the Go SDK's go get: with GONOSUMDB it resolves the module; without it, sum.golang.org answers 404",
    async () => {
      const [[assignment, ...goGet]] = shown(/ go get /);
      const [variable, value] = assignment.split("=");
      expect(variable).toBe("GONOSUMDB");
      // The module as the release serves it (npm run dist writes the same layout), from a folder ahead of
      // the usual module proxy, which serves the SDK's own dependencies.
      const proxy = path.join(scratch.dir, "goproxy");
      buildGoSdk(VERSION, path.join(scratch.dir, "gowork"), proxy);
      const project = path.join(scratch.dir, "goproject");
      fs.mkdirSync(project);
      fs.writeFileSync(path.join(project, "go.mod"), "module example.com/readme\n\ngo 1.22\n");
      const {
        GONOSUMDB: _nosumdb,
        GOPRIVATE: _private,
        GONOPROXY: _noproxy,
        GOSUMDB: _sumdb,
        GOINSECURE: _insecure,
        ...inherited
      } = process.env;
      const usual = (await run("go", ["env", "GOPROXY"], { env: inherited })).stdout.trim();
      const env = { ...inherited, GOPROXY: `file://${proxy},${usual}` };
      const refused = await run(goGet[0], goGet.slice(1), { cwd: project, env }).then(
        () => undefined,
        (error: { stderr: string }) => error.stderr,
      );
      expect(refused).toMatch(
        new RegExp(`verifying module: ${GO_MODULE}@v${VERSION}: .*sum\\.golang\\.org.*404 Not Found`),
      );
      await run(goGet[0], goGet.slice(1), { cwd: project, env: { ...env, [variable]: value } });
      expect(fs.readFileSync(path.join(project, "go.mod"), "utf8")).toContain(`require ${GO_MODULE} v${VERSION}`);
    },
  );

  testInNpmTest("npm run emulator prints its URL and test keys, and serves", async () => {
    const child = npmStart(["emulator", "--", "--port", "0", "--db", ":memory:"]);
    try {
      const url = await listeningUrl(child);
      const health = await fetch(`${url}/_emulator/health`);
      expect(health.ok).toBe(true);
    } finally {
      // The emulator runs in a process group of its own: end the whole group.
      process.kill(-child.pid!, "SIGTERM");
    }
  });
});
