// pulumi-tcs drift on a real stack: the compiled bin as a pipeline runs it, against the emulator, before and
// after out-of-band changes; its exit codes tell drift (2) from errors (1). npm test runs the drift found
// and the errors of its arguments; npm run test:long the refresh that fails, the service unreachable or
// refusing the key (test/long/drift-tool-deeper.test.ts; test/e2e/helpers/long-split.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT } from "../lib/engine";
import { fullProgram, SECRET_CONFIG_VALUE } from "./helpers/programs";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { runBin } from "./helpers/run-bin";
import { api, faults, startTestEmulator, tcsStack } from "./helpers/tcs-stack";

const BIN = path.join(REPO_ROOT, "dist", "provider", "cli", "main.js");

function drift(args: string[], backendDir: string, extraEnv: NodeJS.ProcessEnv = {}) {
  return runBin(BIN, ["drift", ...args], {
    ...process.env,
    PULUMI_BACKEND_URL: `file://${backendDir}`,
    GITHUB_STEP_SUMMARY: "",
    ...extraEnv,
  });
}

/** What a failed drift run prints: one line of at most 300 characters, no part of it said twice (issue 59). */
function expectOneShortLine(stderr: string): void {
  const text = stderr.trim();
  expect(text).not.toContain("\n");
  expect(text.length).toBeLessThanOrEqual(300);
}

describe("pulumi-tcs drift", () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });

  testInNpmTest(
    "exits 0 with no drift, 2 with a report of what changed and vanished, and never shows a secret",
    async () => {
      const env = tcsStack("drift-tool", emulator);
      try {
        const stack = await env.open(fullProgram());
        const up = await stack.up();
        const args = ["--stack", "drift-tool", "--cwd", env.scratch.dir];

        // As CI often runs it: the CLI turns PULUMI_SKIP_CONFIRMATIONS into --yes, which a preview must not get.
        const clean = await drift(args, env.scratch.backendDir, { PULUMI_SKIP_CONFIRMATIONS: "true" });
        expect(clean.stderr).toBe("");
        expect(clean.code).toBe(0);
        expect(clean.stdout).toMatch(/No drift/);

        const callbackId = up.outputs.callbackId.value;
        const configId = up.outputs.configId.value;
        await api(emulator, "PATCH", `/callbacks/${callbackId}`, { name: "renamed by hand" });
        await api(emulator, "DELETE", `/provider-configs/${configId}`);

        const markdownFile = path.join(env.scratch.dir, "drift.md");
        const jsonFile = path.join(env.scratch.dir, "drift.json");
        const found = await drift([...args, "--markdown", markdownFile, "--json", jsonFile], env.scratch.backendDir);
        expect(found.code).toBe(2);
        const report = JSON.parse(fs.readFileSync(jsonFile, "utf8"));
        expect(report).toMatchObject({ stack: "drift-tool", drifted: true });
        const callback = report.resources.find((r: { name: string }) => r.name === "events");
        expect(callback).toMatchObject({ type: "tcs:Callback", id: callbackId, change: "changed" });
        expect(callback.fields).toContainEqual({ name: "name", old: "GitHub events", new: "renamed by hand" });
        expect(report.resources.find((r: { name: string }) => r.name === "github")).toMatchObject({
          type: "tcs:ProviderConfig",
          id: configId,
          change: "deleted",
        });
        const markdown = fs.readFileSync(markdownFile, "utf8");
        expect(markdown).toMatch(/\*\*Drift found\*\*/);
        expect(markdown).toMatch(/\| name \| `"GitHub events"` \| `"renamed by hand"` \|/);
        expect(markdown).toMatch(/tcs:ProviderConfig `github`.*\n\nDeleted outside Pulumi/);

        // No secret anywhere: not the config value, not the setup URL, not the API key.
        const everything = [
          clean.stdout,
          clean.stderr,
          found.stdout,
          found.stderr,
          markdown,
          fs.readFileSync(jsonFile, "utf8"),
        ].join("\n");
        expect(everything).not.toContain(emulator.keys.production.secret);
        expect(everything).not.toContain(SECRET_CONFIG_VALUE.base_url);
        expect(everything).not.toContain(String(up.outputs.sessionUrl.value));
      } finally {
        env.scratch.remove();
      }
    },
  );

  testInNpmTest(
    "exits 1 naming the problem: no --stack, a stack that does not exist, a directory with no project",
    async () => {
      const env = tcsStack("drift-missing", emulator);
      try {
        fs.writeFileSync(path.join(env.scratch.dir, "Pulumi.yaml"), "name: tcs\nruntime: nodejs\n");
        const noStack = await drift(["--cwd", env.scratch.dir], env.scratch.backendDir);
        expect(noStack.code).toBe(1);
        expect(noStack.stderr).toMatch(/--stack is required/);
        const unknown = await drift(["--stack", "nope", "--cwd", env.scratch.dir], env.scratch.backendDir);
        expect(unknown.code).toBe(1);
        expect(unknown.stderr).toMatch(/stack 'nope'.*(no stack named|not found)/i);
        const noProject = await drift(["--stack", "x", "--cwd", env.scratch.backendDir], env.scratch.backendDir);
        expect(noProject.code).toBe(1);
        expect(noProject.stderr).toMatch(/no Pulumi.yaml/);
      } finally {
        env.scratch.remove();
      }
    },
  );

  testInLong("exits 1, not 2, when the refresh itself fails (the service cannot be reached)", async () => {
    // An emulator of its own, stopped once the stack is applied: every read of the refresh fails.
    const gone = await startTestEmulator();
    const env = tcsStack("drift-failing", gone);
    try {
      const stack = await env.open(async () => {
        new tcs.Role("ops", { name: "Ops", slug: "drift-failing-ops", permissions: ["thread_read"] });
      });
      await stack.up();
      await gone.close();
      const failed = await drift(["--stack", "drift-failing", "--cwd", env.scratch.dir], env.scratch.backendDir);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/could not connect|ECONNREFUSED|connection/i);
      expect(failed.stdout).not.toMatch(/No drift/);
      expect(failed.stdout + failed.stderr).not.toContain(gone.keys.production.secret);
      expectOneShortLine(failed.stderr);
    } finally {
      await gone.close().catch(() => undefined);
      env.scratch.remove();
    }
  });
  testInLong(
    "a key the service refuses: exit 1 and one line of at most 300 characters, the reason said once",
    async () => {
      const env = tcsStack("drift-refused", emulator);
      try {
        const stack = await env.open(async () => {
          new tcs.Role("ops", { name: "Ops", slug: "drift-refused-ops", permissions: ["thread_read"] });
          new tcs.Role("dev", { name: "Dev", slug: "drift-refused-dev", permissions: ["thread_read"] });
        });
        await stack.up();
        // As the service answers a revoked key.
        await faults.set(emulator, [{ path: "/**", status: 401, code: "unauthorized" }]);
        const refused = await drift(["--stack", "drift-refused", "--cwd", env.scratch.dir], env.scratch.backendDir);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/refused the API key/);
        expectOneShortLine(refused.stderr);
      } finally {
        await faults.clear(emulator);
        env.scratch.remove();
      }
    },
  );
});
