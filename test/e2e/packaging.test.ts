// pulumi-tcs as users get it: `npm pack`, installed from the tarball into a project outside this
// repository, whose program runs on the real engine with the workspace in that directory. npm test runs
// that, the types with Pulumi's template's module resolution, the SDK and the emulator's bin, and the
// golden records; npm run test:long installs it again for the deeper variants: the policy pack run from
// node_modules, the types with node16 resolution, and a YAML program on the native provider
// (test/long/packaging-deeper.test.ts; test/e2e/helpers/long-split.ts).
import { execFile, execFileSync, spawn, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT } from "../lib/engine";
import { goldenFiles, variantOf, VARIANTS } from "../golden/load";
import { GOLDEN_CALLS } from "../golden/sdk-calls";
import { startReplayServer } from "../golden/replay-server";
import { listeningUrl } from "./helpers/listening";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { api, startTestEmulator } from "./helpers/tcs-stack";
import { yamlProgramHead } from "./helpers/yaml-project";
import { toWire } from "../../sdk/internal/casing";
import { SDK_VALUE_EXPORTS } from "../unit/sdk/public-names";

describe("the packed package", () => {
  let emulator: RunningEmulator;
  let project: string;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    project = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tcs-packed-"));
  });
  afterAll(async () => {
    fs.rmSync(project, { recursive: true, force: true });
    await emulator.close();
  });

  // In both runs: the tests after it use the project it installs.
  it("works from a tarball in a project outside the repository", async () => {
    // --ignore-scripts: prepack would rebuild dist/ while other test files' engines load it (npm test
    // built it before any test started).
    const packed = JSON.parse(
      execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", project], {
        cwd: REPO_ROOT,
        encoding: "utf8",
      }),
    );
    const tarball = packed[0].filename as string;
    const files = (packed[0].files as { path: string }[]).map((f) => f.path);
    expect(files).toContain("dist/provider/impl.js");
    expect(files).toContain("dist/emulator/cli.js");
    // The policy pack: its directory (what --policy-pack names) and its build.
    for (const file of [
      "policy/PulumiPolicy.yaml",
      "policy/package.json",
      "policy/config.example.json",
      "dist/policy/index.js",
      "dist/provider/type-tokens.js",
    ]) {
      expect(files).toContain(file);
    }
    expect(files.some((f) => f.startsWith("test/") || f.startsWith("scripts/"))).toBe(false);

    for (const file of ["index.js", "run.js", "policy-preview.js"])
      fs.copyFileSync(path.join(__dirname, "fixtures", "packed-project", file), path.join(project, file));
    const pulumiVersion = require("@pulumi/pulumi/package.json").version as string;
    const policyVersion = require("@pulumi/policy/package.json").version as string;
    fs.writeFileSync(
      path.join(project, "package.json"),
      JSON.stringify(
        {
          name: "packed-project",
          private: true,
          dependencies: {
            "pulumi-tcs": `file:./${tarball}`,
            "@pulumi/pulumi": pulumiVersion,
            "@pulumi/policy": policyVersion,
          },
        },
        null,
        2,
      ),
    );
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], {
      cwd: project,
      stdio: "inherit",
    });

    const backend = path.join(project, ".pulumi");
    fs.mkdirSync(backend);
    // Asynchronously: the emulator answering the program lives in this process.
    const { stdout } = await promisify(execFile)("node", ["run.js"], {
      cwd: project,
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
      env: {
        ...process.env,
        PULUMI_BACKEND_URL: `file://${backend}`,
        PACKED_TCS_KEY: emulator.keys.production.secret,
        PACKED_TCS_URL: emulator.url,
      },
    });
    const result = JSON.parse(stdout.trim().split("\n").pop()!);
    expect(result.resolvedFrom).toBe(path.join("node_modules", "pulumi-tcs", "dist", "provider", "index.js"));
    expect(result.up).toMatchObject({ create: 3 });
    expect(result.preview).toEqual({ same: 3 });
    expect(result.destroy).toMatchObject({ delete: 3 });
    expect((await api(emulator, "GET", `/roles/${result.outputs.roleId}`)).slug).toBe("from-the-tarball");
  });

  // Runs after the first test installed the tarball into `project`.
  testInLong("runs the policy pack that ships in the package, from node_modules/pulumi-tcs/policy", async () => {
    const { stdout } = await promisify(execFile)("node", ["policy-preview.js"], {
      cwd: project,
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
      env: {
        ...process.env,
        PULUMI_BACKEND_URL: `file://${path.join(project, ".pulumi")}`,
        PACKED_TCS_KEY: emulator.keys.production.secret,
        PACKED_TCS_URL: emulator.url,
      },
    });
    const result = JSON.parse(stdout.trim().split("\n").pop()!) as { succeeded: boolean; output: string };
    // Advisory only: the program's provider config has no `owner` metadata; nothing else breaks a rule.
    expect(result.output).toMatch(/⚠️ tcs-policy@v0\.1\.0/);
    expect(result.output).toContain("ProviderConfig 'packed-config' lacks required metadata key owner");
    expect(result.succeeded).toBe(true);
  });

  // Runs after the first test installed the tarball into `project`.
  function typeCheck(moduleResolution: string, module: string): void {
    fs.copyFileSync(path.join(__dirname, "fixtures", "packed-project", "typed.ts"), path.join(project, "typed.ts"));
    const tsc = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
    const result = spawnSync(
      "node",
      [
        tsc,
        "--noEmit",
        "--strict",
        "--skipLibCheck",
        "--types",
        "node",
        "--typeRoots",
        path.join(REPO_ROOT, "node_modules", "@types"),
        "--target",
        "es2022",
        "--module",
        module,
        "--moduleResolution",
        moduleResolution,
        "typed.ts",
      ],
      { cwd: project, encoding: "utf8" },
    );
    expect({ moduleResolution, output: result.stdout + result.stderr, status: result.status }).toEqual({
      moduleResolution,
      output: "",
      status: 0,
    });
  }

  // "node" is what Pulumi's TypeScript template uses; it ignores "exports" (typesVersions serves it).
  testInNpmTest("gives TypeScript programs the types of pulumi-tcs and pulumi-tcs/sdk, with classic resolution", () =>
    typeCheck("node", "commonjs"),
  );

  testInLong("gives TypeScript programs the types of pulumi-tcs and pulumi-tcs/sdk, with node16 resolution", () =>
    typeCheck("node16", "node16"),
  );

  testInNpmTest("serves the SDK and the tcs-emulator bin from the installed package", async () => {
    const script = `const { ToolConnectivityClient } = require("pulumi-tcs/sdk");
      new ToolConnectivityClient({ apiKey: process.env.K, baseUrl: process.env.U, rateLimit: "production" }).roles.retrieve(process.env.R)
        .then((role) => console.log(role.slug));`;
    const role = await api(emulator, "POST", "/roles", {
      name: "From the SDK",
      slug: "sdk-from-the-tarball",
      permissions: ["thread_read"],
    });
    const { stdout } = await promisify(execFile)("node", ["-e", script], {
      cwd: project,
      encoding: "utf8",
      env: { ...process.env, K: emulator.keys.production.secret, U: emulator.url, R: role.id },
    });
    expect(stdout.trim()).toBe("sdk-from-the-tarball");

    // The package's "./sdk" entry exports the public surface only: nothing of sdk/internal/.
    const exported = await promisify(execFile)(
      "node",
      ["-p", 'JSON.stringify(Object.keys(require("pulumi-tcs/sdk")))'],
      { cwd: project, encoding: "utf8" },
    );
    expect(JSON.parse(exported.stdout).sort()).toEqual([...SDK_VALUE_EXPORTS].sort());

    const bin = spawn(path.join(project, "node_modules", ".bin", "tcs-emulator"), ["--port", "0", "--db", ":memory:"], {
      cwd: project,
    });
    try {
      const url = await listeningUrl(bin);
      expect((await fetch(`${url}/_emulator/health`)).ok).toBe(true);
    } finally {
      bin.kill("SIGTERM");
    }
  });

  // Runs after the first test installed the tarball into `project`.
  testInNpmTest(
    "reads every golden record (every field, optional fields left out, nullable fields null) through the installed SDK",
    async () => {
      const cases = goldenFiles().flatMap((file) =>
        VARIANTS.map((variant) => {
          const wire = variantOf(file, variant);
          const plan = GOLDEN_CALLS[file.endpoint];
          if (!plan) throw new Error(`no SDK call for ${file.endpoint}`);
          return { name: `${file.endpoint} (${variant})`, wire, ...plan(wire) };
        }),
      );
      // Each case under its own path prefix of one replay server: the same path answers each variant.
      const routes = Object.fromEntries(cases.map((c, i) => [c.route.replace(" /", ` /case-${i}/`), c.wire]));
      const server = await startReplayServer(routes);
      try {
        const plan = cases.map((c, i) => ({
          name: c.name,
          baseUrl: `${server.url}/case-${i}`,
          call: c.call,
          args: c.args,
          list: c.list ?? false,
        }));
        fs.writeFileSync(path.join(project, "cases.json"), JSON.stringify(plan));
        fs.copyFileSync(
          path.join(__dirname, "fixtures", "packed-project", "read-golden.js"),
          path.join(project, "read-golden.js"),
        );
        const { stdout } = await promisify(execFile)("node", ["read-golden.js"], {
          cwd: project,
          encoding: "utf8",
          maxBuffer: 16 * 1024 * 1024,
          env: { ...process.env, PACKED_TCS_KEY: emulator.keys.production.secret },
        });
        const results = JSON.parse(stdout.trim().split("\n").pop()!) as {
          name: string;
          read?: unknown;
          error?: string;
        }[];
        expect(results.filter((r) => r.error)).toEqual([]);
        expect(results).toHaveLength(cases.length);
        // Back in wire form (the SDK's casing is internal: done here, not in the user's script).
        for (const [i, result] of results.entries())
          expect({ name: result.name, read: toWire(result.read) }).toEqual({
            name: cases[i].name,
            read: cases[i].expected,
          });
      } finally {
        await server.close();
      }
    },
  );

  // Runs after the first test installed the tarball into `project`.
  testInLong(
    "carries the native provider: a YAML program beside the installed package runs on it, with one plugins entry",
    async () => {
      const yaml = path.join(project, "yaml");
      fs.mkdirSync(yaml);
      fs.symlinkSync(path.join(project, "node_modules"), path.join(yaml, "node_modules"));
      fs.writeFileSync(
        path.join(yaml, "Pulumi.yaml"),
        [
          yamlProgramHead("packed-yaml").trimEnd(),
          "resources:",
          "  fromTheTarball:",
          "    type: tcs:Role",
          "    properties: { name: Packed, slug: packed-yaml, permissions: [thread_read] }",
          "outputs:",
          "  roleId: ${fromTheTarball.id}",
          "",
        ].join("\n"),
      );
      const env = { ...process.env, PULUMI_BACKEND_URL: `file://${path.join(project, ".pulumi")}` };
      // Asynchronously: the emulator answering the plugin lives in this process.
      const pulumi = (...args: string[]) =>
        promisify(execFile)("pulumi", [...args, "--non-interactive"], {
          cwd: yaml,
          env,
          encoding: "utf8",
          maxBuffer: 16 * 1024 * 1024,
        });
      await pulumi("stack", "init", "packed-yaml");
      await pulumi("config", "set", "tcs:baseUrl", emulator.url);
      await pulumi("config", "set", "--secret", "tcs:apiKey", emulator.keys.production.secret);
      await pulumi("up", "--yes");
      const roleId = (await pulumi("stack", "output", "roleId")).stdout.trim();
      expect((await api(emulator, "GET", `/roles/${roleId}`)).slug).toBe("packed-yaml");
      await pulumi("destroy", "--yes");
    },
  );
});
