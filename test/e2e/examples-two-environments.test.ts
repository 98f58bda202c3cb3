// examples/two-environments on the real engine: one program and one stack reaching two environments
// through named connections (the emulator's development environment stands for staging, its
// production environment for production), with drift and destroy (npm test). Its deeper variants in npm
// run test:long (test/long/examples-two-environments-deeper.test.ts; test/e2e/helpers/long-split.ts): a
// refresh, a connection removed from config; and a resource moved from one connection to another, which
// preview shows as a replacement.
import * as fs from "node:fs";
import * as path from "node:path";
import type { ConfigMap } from "@pulumi/pulumi/automation";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { loadProgram, REPO_ROOT } from "../lib/engine";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { expectNoPlannedChanges, openCheckedStack } from "./helpers/post-apply-plan";
import { runBin } from "./helpers/run-bin";
import { api, listAll, requests, startTestEmulator } from "./helpers/tcs-stack";
import { makeScratch, outputCollector, type Scratch } from "./helpers/workspace";

const EXAMPLE = path.join(REPO_ROOT, "examples", "two-environments");
const DRIFT_BIN = path.join(REPO_ROOT, "dist", "provider", "cli", "main.js");
const GITHUB_PROVIDER = "prov_github00000000000000";
const WRONG_KEY = "service_sk_not_this_environments_key_00000";

describe("examples/two-environments", () => {
  let emulator: RunningEmulator;
  let scratch: Scratch;

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });
  afterEach(() => scratch?.remove());

  /** The connections as `pulumi config set --path` writes them, the keys as secrets. */
  function connectionConfig(keys: { staging?: string; production?: string } = {}): ConfigMap {
    return {
      "tcs:connections.staging.baseUrl": { value: emulator.url },
      "tcs:connections.staging.apiKey": { value: keys.staging ?? emulator.keys.development.secret, secret: true },
      "tcs:connections.production.baseUrl": { value: emulator.url },
      "tcs:connections.production.apiKey": { value: keys.production ?? emulator.keys.production.secret, secret: true },
    };
  }

  function filesUnder(dir: string): string[] {
    return fs
      .readdirSync(dir, { recursive: true, encoding: "utf8" })
      .map((entry) => path.join(dir, entry))
      .filter((file) => fs.statSync(file).isFile());
  }

  /** The example applied in a scratch of its own: the stack, the up, and its outputs' values. */
  async function applied(name: string) {
    scratch = makeScratch(name);
    for (const file of ["Pulumi.yaml", "Pulumi.platform.yaml", "index.ts"])
      fs.copyFileSync(path.join(EXAMPLE, file), path.join(scratch.dir, file));
    const stack = await openCheckedStack({
      program: loadProgram(path.join(EXAMPLE, "index.ts")),
      workDir: scratch.dir,
      stackName: "platform",
      backendDir: scratch.backendDir,
    });
    await stack.setAllConfig(connectionConfig(), true);

    // The plan after the up (post-apply-plan.ts) is a preview with no change: counted alone, it sends nothing to either environment.
    const up = await stack.up({ planAfter: { before: () => requests.reset(emulator) } });
    expect(up.summary.result).toBe("succeeded");
    expect((await requests.read(emulator)).total).toBe(0);
    const out = Object.fromEntries(Object.entries(up.outputs).map(([key, value]) => [key, value.value])) as Record<
      string,
      string & string[]
    >;
    return { stack, up, out };
  }

  /** The stack destroyed: configs deleted in each environment (roles have no delete in the API). */
  async function destroyed(stack: Awaited<ReturnType<typeof applied>>["stack"], out: Record<string, string>) {
    const destroy = await stack.destroy();
    expect(destroy.summary.result).toBe("succeeded");
    for (const [environment, id] of [
      ["development", out.stagingConfigId],
      ["production", out.productionConfigId],
    ] as const) {
      await expect(api(emulator, "GET", `/provider-configs/${id}`, undefined, environment)).rejects.toThrow(/404/);
    }
  }

  testInNpmTest(
    "applies one declaration to staging and production, seeds staging from production, and reports drift and destroys by connection",
    async () => {
      const { stack, up, out } = await applied("two-envs");

      // Each object is in its own environment, and only there.
      expect(await api(emulator, "GET", `/roles/${out.stagingRoleId}`, undefined, "development")).toMatchObject({
        slug: "triage-agents",
      });
      expect(await api(emulator, "GET", `/roles/${out.productionRoleId}`, undefined, "production")).toMatchObject({
        slug: "triage-agents",
      });
      await expect(api(emulator, "GET", `/roles/${out.stagingRoleId}`, undefined, "production")).rejects.toThrow(/404/);
      const stagingConfigs = await listAll(emulator, `/provider-configs?provider_id=${GITHUB_PROVIDER}`, "development");
      const productionConfigs = await listAll(
        emulator,
        `/provider-configs?provider_id=${GITHUB_PROVIDER}`,
        "production",
      );
      expect(stagingConfigs.map((c) => c.id)).toContain(out.stagingConfigId);
      expect(productionConfigs.map((c) => c.id)).toContain(out.productionConfigId);
      expect(productionConfigs.map((c) => c.id)).not.toContain(out.stagingConfigId);

      // Staging's rehearsal role holds production's permissions, read from production's outputs.
      const rehearsal = await api(emulator, "GET", `/roles/${out.rehearsalRoleId}`, undefined, "development");
      const productionRole = await api(emulator, "GET", `/roles/${out.productionRoleId}`, undefined, "production");
      expect([...rehearsal.permissions].sort()).toEqual([...productionRole.permissions].sort());

      // State records each resource's connection by name, and neither key: not on disk (state, backups,
      // history; exportStack would not do, the Automation API exports with --show-secrets), and not
      // in the engine's output.
      for (const text of [
        ...filesUnder(scratch.backendDir).map((file) => fs.readFileSync(file, "utf8")),
        up.stdout,
        up.stderr,
      ]) {
        expect(text).not.toContain(emulator.keys.development.secret);
        expect(text).not.toContain(emulator.keys.production.secret);
      }
      const resources = (await stack.exportStack()).deployment.resources as Array<{
        type: string;
        outputs?: { connection?: string };
      }>;
      const byConnection = resources.filter((r) => r.type.includes("tcs:")).map((r) => r.outputs?.connection);
      expect(byConnection.filter((c) => c === "staging")).toHaveLength(3);
      expect(byConnection.filter((c) => c === "production")).toHaveLength(2);

      // Drift in production, found by pulumi-tcs drift and reported under production's connection.
      await api(
        emulator,
        "PUT",
        `/roles/${out.productionRoleId}`,
        { name: "Renamed by hand", slug: productionRole.slug, permissions: productionRole.permissions },
        "production",
      );
      const jsonFile = path.join(scratch.dir, "drift.json");
      const drift = await runBin(
        DRIFT_BIN,
        ["drift", "--stack", "platform", "--cwd", scratch.dir, "--json", jsonFile],
        {
          ...process.env,
          PULUMI_BACKEND_URL: `file://${scratch.backendDir}`,
          GITHUB_STEP_SUMMARY: "",
        },
      );
      expect(drift.stderr).not.toContain(emulator.keys.production.secret);
      expect(drift.code).toBe(2);
      expect(drift.stdout).toMatch(
        /### Connection `production`[\s\S]*\*\*Drift found\*\*[\s\S]*production-triage-agents/,
      );
      expect(drift.stdout).not.toMatch(/staging-triage-agents/);
      const report = JSON.parse(fs.readFileSync(jsonFile, "utf8")) as {
        connections: Array<{ connection: string | null; drifted: boolean }>;
      };
      expect(report.connections.map((c) => [c.connection, c.drifted])).toEqual([
        ["production", true],
        ["staging", false],
      ]);

      await destroyed(stack, out);
    },
  );

  // Its deeper variant, in npm run test:long (test/long/examples-two-environments-deeper.test.ts).
  testInLong(
    "refreshes with no change, names a connection removed from config, and destroys once it is restored",
    async () => {
      const { stack, out } = await applied("two-envs-refresh");

      // A refresh changes nothing.
      const refresh = await stack.refresh();
      expect(refresh.summary.resourceChanges ?? {}).not.toHaveProperty("update");
      await expectNoPlannedChanges(stack, { refresh: true, what: "after a refresh" });

      // A connection removed from config: the next preview names it and says how to restore it. (A
      // refresh or destroy reads with the provider settings recorded in state by the last up: they
      // meet the same message when an up has since recorded settings without the connection.)
      await stack.removeConfig("tcs:connections.staging", true);
      const removed = outputCollector();
      await expect(stack.preview({ onOutput: removed.onOutput })).rejects.toThrow();
      expect(removed.text()).toMatch(
        /connection 'staging' is not in the stack config.*pulumi config set --path tcs:connections\.staging\.baseUrl/s,
      );

      // Restored, the stack destroys.
      await stack.setAllConfig(connectionConfig(), true);
      await destroyed(stack, out);
    },
  );

  testInLong(
    "moves a resource to another connection by replacing it, shown at preview, after refusing a wrong key at preview; deletes it once its connection is gone from config",
    async () => {
      scratch = makeScratch("two-envs-move");
      const onConnection = (connection: "staging" | "production") => async () => {
        const config = new tcs.ProviderConfig("github", {
          connection,
          providerId: GITHUB_PROVIDER,
          name: "GitHub",
          value: { base_url: "https://api.github.com", timeout_seconds: 30 },
        });
        // A lookup reads from the connection it names.
        const stagingRoles = await tcs.getRoles({ connection: "staging" });
        return { id: config.id, stagingRoles: stagingRoles.map((role) => role.id) };
      };
      let stack = await openCheckedStack({
        program: onConnection("staging"),
        workDir: scratch.dir,
        stackName: "move",
        backendDir: scratch.backendDir,
      });
      await stack.setAllConfig(connectionConfig({ production: WRONG_KEY }), true);
      const first = await stack.up();
      const stagingId = first.outputs.id.value as string;
      expect(await api(emulator, "GET", `/provider-configs/${stagingId}`, undefined, "development")).toMatchObject({
        id: stagingId,
      });
      expect([...(first.outputs.stagingRoles.value as string[])].sort()).toEqual(
        (await listAll(emulator, "/roles", "development")).map((r) => r.id).sort(),
      );

      stack = await openCheckedStack({
        program: onConnection("production"),
        workDir: scratch.dir,
        stackName: "move",
        backendDir: scratch.backendDir,
      });
      // The plan would create in production, whose key is wrong: refused at preview, naming production.
      await requests.reset(emulator);
      const refused = outputCollector();
      await expect(stack.preview({ onOutput: refused.onOutput })).rejects.toThrow();
      expect(refused.text()).toMatch(/the service refused tcs:connections\.production\.apiKey \(401/);
      // Nothing written: the program's staging lookup, and production's key check.
      expect((await requests.read(emulator)).by_route).toEqual({ "GET /roles": 2 });

      await stack.setAllConfig(connectionConfig(), true);
      const preview = await stack.preview({ diff: true });
      expect(preview.changeSummary).toMatchObject({ replace: 1 });
      expect(preview.stdout).toMatch(/connection/);

      const moved = await stack.up();
      const productionId = moved.outputs.id.value as string;
      expect(await api(emulator, "GET", `/provider-configs/${productionId}`, undefined, "production")).toMatchObject({
        id: productionId,
      });
      await expect(api(emulator, "GET", `/provider-configs/${stagingId}`, undefined, "development")).rejects.toThrow(
        /404/,
      );

      // Its connection removed from config along with the resource: the engine deletes it with the
      // provider settings recorded at the last up, so nothing is left behind in production.
      stack = await openCheckedStack({
        program: async () => ({}),
        workDir: scratch.dir,
        stackName: "move",
        backendDir: scratch.backendDir,
      });
      await stack.removeConfig("tcs:connections.production", true);
      const removed = await stack.up();
      expect(removed.summary.resourceChanges).toMatchObject({ delete: 1 });
      await expect(api(emulator, "GET", `/provider-configs/${productionId}`, undefined, "production")).rejects.toThrow(
        /404/,
      );
    },
  );
});
