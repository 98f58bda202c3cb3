// pulumi-tcs drift on a stack that reaches two environments (issue 18): the default connection on one
// emulator, the named connection `staging` on another. Drift made in staging is reported under
// staging, the default connection's section says it has none, and the same change in the other
// environment is not mistaken for it.
import * as fs from "node:fs";
import * as path from "node:path";
import * as tcs from "pulumi-tcs";
import type { Stack } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT } from "../lib/engine";
import { FIX, SECRET_CONFIG_VALUE } from "../e2e/helpers/programs";
import { runBin } from "../e2e/helpers/run-bin";
import { api, startTestEmulator, tcsStack } from "../e2e/helpers/tcs-stack";

const BIN = path.join(REPO_ROOT, "dist", "provider", "cli", "main.js");
/** The role declared in both environments, as the API takes it whole (PUT). */
const ROLE = { name: "Ops", slug: "drift-connections-ops", permissions: ["thread_read"] };

/** Points the stack's connection `name` at an emulator: `pulumi config set --path` (the key with --secret). */
async function setConnection(stack: Stack, name: string, emulator: RunningEmulator): Promise<void> {
  await stack.setConfig(`tcs:connections.${name}.baseUrl`, { value: emulator.url }, true);
  await stack.setConfig(
    `tcs:connections.${name}.apiKey`,
    { value: emulator.keys.production.secret, secret: true },
    true,
  );
  await stack.setConfig(`tcs:connections.${name}.rateLimitTier`, { value: "production" }, true);
}

describe("pulumi-tcs drift by connection", () => {
  let production: RunningEmulator;
  let staging: RunningEmulator;

  beforeAll(async () => {
    production = await startTestEmulator();
    staging = await startTestEmulator();
  });
  afterAll(async () => {
    await production?.close();
    await staging?.close();
  });

  it("reports each drifted resource under its connection, and every connection the stack uses", async () => {
    // The default connection is `production`'s emulator (tcsStack's tcs:apiKey and tcs:baseUrl).
    const env = tcsStack("drift-connections", production);
    try {
      const roles = (connection?: string) => ({ ...ROLE, connection });
      let stack = await env.open(async () => {
        const prodOps = new tcs.Role("prod-ops", roles());
        const stagingOps = new tcs.Role("staging-ops", roles("staging"));
        const stagingConfig = new tcs.ProviderConfig("staging-github", {
          connection: "staging",
          providerId: FIX.githubProvider,
          value: SECRET_CONFIG_VALUE,
          toolFilters: { type: "tool_keys", keys: ["issues.list"] },
        });
        return { prodOps: prodOps.id, stagingOps: stagingOps.id, stagingConfig: stagingConfig.id };
      });
      await setConnection(stack, "staging", staging);
      const up = await stack.up();
      expect(up.summary.result).toBe("succeeded");
      // Each environment holds its own objects: the staging role is not in production's.
      expect(up.outputs.stagingOps.value).not.toBe(up.outputs.prodOps.value);

      const args = ["--stack", "drift-connections", "--cwd", env.scratch.dir];
      const runEnv = {
        ...process.env,
        PULUMI_BACKEND_URL: `file://${env.scratch.backendDir}`,
        GITHUB_STEP_SUMMARY: "",
      };
      const clean = await runBin(BIN, ["drift", ...args], runEnv);
      expect(clean.stderr).toBe("");
      expect(clean.code).toBe(0);
      expect(clean.stdout).toMatch(/No drift on any of the stack's 2 connections/);
      expect(clean.stdout).toMatch(/### Connection `default` \(top-level tcs:\* config\)\n\nNo drift\./);
      expect(clean.stdout).toMatch(/### Connection `staging`\n\nNo drift\./);

      // Out of band, in staging: the role renamed, the config deleted.
      await api(staging, "PUT", `/roles/${up.outputs.stagingOps.value}`, { ...ROLE, name: "Ops (edited in staging)" });
      await api(staging, "DELETE", `/provider-configs/${up.outputs.stagingConfig.value}`);

      const jsonFile = path.join(env.scratch.dir, "drift.json");
      const found = await runBin(BIN, ["drift", ...args, "--json", jsonFile], runEnv);
      expect(found.stderr).toBe("");
      expect(found.code).toBe(2);
      const report = JSON.parse(fs.readFileSync(jsonFile, "utf8"));
      const byName = (name: string) => report.resources.find((r: { name: string }) => r.name === name);
      expect(byName("staging-ops")).toMatchObject({ type: "tcs:Role", connection: "staging", change: "changed" });
      expect(byName("staging-ops").fields).toEqual([{ name: "name", old: "Ops", new: "Ops (edited in staging)" }]);
      expect(byName("staging-github")).toMatchObject({
        type: "tcs:ProviderConfig",
        connection: "staging",
        change: "deleted",
      });
      expect(byName("prod-ops")).toBeUndefined();
      expect(report.connections).toEqual([
        { connection: null, drifted: false, resources: [], lifecycle: [] },
        {
          connection: "staging",
          drifted: true,
          resources: [byName("staging-github").urn, byName("staging-ops").urn],
          lifecycle: [],
        },
      ]);
      const markdown = found.stdout;
      expect(markdown).toMatch(/\*\*Drift found\*\*: 1 changed, 1 deleted outside Pulumi, on connection `staging`\./);
      expect(markdown).toMatch(
        /### Connection `default` \(top-level tcs:\* config\)\n\nNo drift\.\n\n### Connection `staging`\n\n\*\*Drift found\*\*: 1 changed, 1 deleted/,
      );
      expect(markdown).toMatch(
        /#### tcs:Role `staging-ops`[^\n]*\n\n\| field \| declared \| in the service \|\n\|---\|---\|---\|\n\| name \| `"Ops"` \| `"Ops \(edited in staging\)"` \|/,
      );
      const everything = [
        clean.stdout,
        clean.stderr,
        found.stdout,
        found.stderr,
        fs.readFileSync(jsonFile, "utf8"),
      ].join("\n");
      expect(everything).not.toContain(staging.keys.production.secret);
      expect(everything).not.toContain(production.keys.production.secret);
      expect(everything).not.toContain(SECRET_CONFIG_VALUE.base_url);

      // Drift in the default connection's environment alone moves the report there.
      await api(staging, "PUT", `/roles/${up.outputs.stagingOps.value}`, ROLE);
      stack = await env.open(async () => {
        new tcs.Role("prod-ops", roles());
        new tcs.Role("staging-ops", roles("staging"));
      });
      await stack.up();
      await api(production, "PUT", `/roles/${up.outputs.prodOps.value}`, {
        ...ROLE,
        name: "Ops (edited in production)",
      });
      const moved = await runBin(BIN, ["drift", ...args, "--json", jsonFile], runEnv);
      expect(moved.code).toBe(2);
      expect(JSON.parse(fs.readFileSync(jsonFile, "utf8")).connections).toEqual([
        { connection: null, drifted: true, resources: [expect.stringMatching(/::prod-ops$/)], lifecycle: [] },
        { connection: "staging", drifted: false, resources: [], lifecycle: [] },
      ]);
      await stack.destroy();
    } finally {
      env.scratch.remove();
    }
  });
});
