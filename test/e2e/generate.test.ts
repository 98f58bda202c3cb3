// Adoption of a whole environment: objects made through the API, `tcs-pulumi generate` writes a
// program for them, and the real engine's first `up` of it takes every one over with no write.
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { loadProgram, REPO_ROOT } from "../../scripts/lib/engine";
import { FIX } from "./helpers/programs";
import { runBin } from "./helpers/run-bin";
import { api, listAll, requests, startTestEmulator, tcsStack } from "./helpers/tcs-stack";

const BIN = path.join(REPO_ROOT, "dist", "provider", "cli", "tcs-pulumi.js");

describe("tcs-pulumi generate", () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });

  it("writes a program that adopts every object of the environment with no change planned", async () => {
    const config = await api(emulator, "POST", "/provider-configs", {
      provider_id: FIX.githubProvider,
      name: "GitHub for agents",
      value: { base_url: "https://api.github.com", timeout_seconds: 30 },
      tool_filters: { type: "tool_keys", keys: ["issues.list", "pulls.list"] },
      metadata: { owner: "platform" },
    });
    const callback = await api(emulator, "POST", "/callbacks", { integration_provider_id: FIX.githubIntegrationProvider, name: "GitHub events", metadata: { owner: "platform" } });
    await api(emulator, "POST", "/callbacks", { integration_provider_id: FIX.linearIntegrationProvider, name: "Linear events", description: "Issue updates." });
    await api(emulator, "POST", `/callbacks/${callback.id}/instances`, { provider_config_id: config.id, provider_auth_config_id: FIX.githubOAuth });
    await api(emulator, "POST", "/roles", { name: "Support agents", slug: "support-agents", permissions: ["thread_read", "thread_create"] });
    await api(emulator, "POST", "/roles", { name: "Auditors", slug: "auditors", permissions: ["message_read"], description: "Read only." });

    const env = tcsStack("generate", emulator);
    try {
      const out = path.join(env.scratch.dir, "adopted");
      const run = await runBin(BIN, ["generate", "--out", out], { ...process.env, TCS_API_KEY: emulator.keys.production.secret, TCS_BASE_URL: emulator.url });
      expect(run.stderr).toMatch(/objects written to/);
      expect(run.code).toBe(0);
      expect(run.stderr + run.stdout).not.toContain(emulator.keys.production.secret);
      const program = fs.readFileSync(path.join(out, "index.ts"), "utf8");
      expect(program).toContain(`adoptId: "${config.id}"`);
      expect(program).toMatch(/new tcs\.Role\("support-agents"/);
      expect(program).toMatch(/callbackId: githubEvents\.id/);
      expect(program).not.toContain("pulumi_tcs_create_token");

      const before = {
        callbacks: (await listAll(emulator, "/callbacks?status=active")).length,
        configs: (await listAll(emulator, "/provider-configs?status=active")).length,
        roles: (await listAll(emulator, "/roles")).length,
      };
      const stack = await env.open(loadProgram(path.join(out, "index.ts")));
      await requests.reset(emulator);
      const up = await stack.up();
      expect(up.summary.result).toBe("succeeded");
      // Taken over, not made: no POST and no change to any object.
      const methods = await requests.byMethod(emulator);
      expect(methods.POST ?? 0).toBe(0);
      expect((methods.PATCH ?? 0) + (methods.PUT ?? 0) + (methods.DELETE ?? 0)).toBe(0);
      expect(Object.keys(up.outputs).length).toBeGreaterThanOrEqual(6);
      await stack.preview({ expectNoChanges: true, refresh: true });
      expect({
        callbacks: (await listAll(emulator, "/callbacks?status=active")).length,
        configs: (await listAll(emulator, "/provider-configs?status=active")).length,
        roles: (await listAll(emulator, "/roles")).length,
      }).toEqual(before);
    } finally {
      env.scratch.remove();
    }
  });

  it("says what is missing", async () => {
    const noKey = await runBin(BIN, ["generate", "--stdout"], { ...process.env, TCS_API_KEY: "", TCS_BASE_URL: emulator.url });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toMatch(/set TCS_API_KEY/);
    const noTarget = await runBin(BIN, ["generate"]);
    expect(noTarget.code).toBe(1);
    expect(noTarget.stderr).toMatch(/--out <dir> or --stdout/);
  });
});
