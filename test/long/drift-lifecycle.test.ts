// pulumi-tcs drift tells drift (a declared input differs from the service) from lifecycle (what the service
// changes by itself), on a real stack: sessions that expire and complete are listed apart and never
// make it exit 2; a session the program wants re-created is said to be; a rename is the only drift.
import * as fs from "node:fs";
import * as path from "node:path";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT } from "../lib/engine";
import { FIX, SECRET_CONFIG_VALUE } from "../e2e/helpers/programs";
import { runBin } from "../e2e/helpers/run-bin";
import { api, archiveCallback, clock, startTestEmulator, tcsStack } from "../e2e/helpers/tcs-stack";

const BIN = path.join(REPO_ROOT, "dist", "provider", "cli", "main.js");
const DAY_MS = 24 * 3600_000;

function program() {
  return async () => {
    const config = new tcs.ProviderConfig("github", {
      providerId: FIX.githubProvider,
      name: "GitHub for agents",
      value: SECRET_CONFIG_VALUE,
    });
    const callback = new tcs.Callback("events", {
      integrationProviderId: FIX.githubIntegrationProvider,
      name: "GitHub events",
    });
    new tcs.CallbackInstance("attachment", {
      callbackId: callback.id,
      providerConfigId: config.id,
      providerAuthConfigId: FIX.githubOAuth,
    });
    const renewed = new tcs.IntegrationSetupSession("renewed", {
      integrationId: FIX.devtoolsIntegration,
      name: "Renewed link",
      replaceWhenExpired: true,
    });
    const kept = new tcs.IntegrationSetupSession("kept", {
      integrationId: FIX.devtoolsIntegration,
      name: "One-off link",
    });
    return { callbackId: callback.id, renewedId: renewed.id, keptId: kept.id, keptUrl: kept.url };
  };
}

interface Report {
  drifted: boolean;
  resources: Array<{
    name: string;
    type: string;
    change: string;
    fields: Array<{ name: string; old: unknown; new: unknown }>;
  }>;
  lifecycle: Array<{
    name: string;
    type: string;
    id: string;
    recreate: boolean;
    fields: Array<{ name: string; old: unknown; new: unknown }>;
  }>;
}

describe("pulumi-tcs drift: drift versus lifecycle", () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });

  it("lists expired and completed sessions as lifecycle (exit 0), a rename as the only drift (exit 2), re-creates what it said it would; an archived callback is drift", async () => {
    const env = tcsStack("drift-lifecycle", emulator);
    const markdownFile = path.join(env.scratch.dir, "drift.md");
    const jsonFile = path.join(env.scratch.dir, "drift.json");
    const drift = async () => {
      const run = await runBin(
        BIN,
        [
          "drift",
          "--stack",
          "drift-lifecycle",
          "--cwd",
          env.scratch.dir,
          "--markdown",
          markdownFile,
          "--json",
          jsonFile,
        ],
        {
          ...process.env,
          PULUMI_BACKEND_URL: `file://${env.scratch.backendDir}`,
          GITHUB_STEP_SUMMARY: "",
        },
      );
      expect(run.stderr).toBe("");
      return {
        code: run.code,
        report: JSON.parse(fs.readFileSync(jsonFile, "utf8")) as Report,
        markdown: fs.readFileSync(markdownFile, "utf8"),
      };
    };
    try {
      const stack = await env.open(program());
      const up = await stack.up();
      const renewedId = up.outputs.renewedId.value as string;
      const keptId = up.outputs.keptId.value as string;

      // The service moves on by itself: someone completes one setup link, the other one expires.
      const completed = await fetch(`${up.outputs.keptUrl.value}/complete`, { method: "POST", redirect: "manual" });
      expect(completed.status).toBe(200);
      await clock.advance(emulator, DAY_MS + 3600_000);
      expect((await api(emulator, "GET", `/integration-setup-sessions/${renewedId}`)).status).toBe("expired");
      expect((await api(emulator, "GET", `/integration-setup-sessions/${keptId}`)).status).toBe("successful");

      const lifecycleOnly = await drift();
      expect(lifecycleOnly.code).toBe(0);
      expect(lifecycleOnly.report).toMatchObject({ drifted: false, resources: [] });
      const byName = (report: Report) => Object.fromEntries(report.lifecycle.map((change) => [change.name, change]));
      const sessions = byName(lifecycleOnly.report);
      expect(Object.keys(sessions).sort()).toEqual(["kept", "renewed"]);
      expect(sessions.renewed).toMatchObject({ type: "tcs:IntegrationSetupSession", id: renewedId, recreate: true });
      expect(sessions.renewed.fields).toEqual([{ name: "status", old: "pending", new: "expired" }]);
      expect(sessions.kept).toMatchObject({ id: keptId, recreate: false });
      expect(sessions.kept.fields).toEqual([
        { name: "integrationInstance.status", old: "draft", new: "active" },
        { name: "status", old: "pending", new: "successful" },
      ]);
      expect(lifecycleOnly.markdown).toMatch(/No drift/);
      expect(lifecycleOnly.markdown).toMatch(/### Lifecycle changes \(not drift\)/);
      expect(lifecycleOnly.markdown).toMatch(
        /#### tcs:IntegrationSetupSession `renewed`.*\n\n\*\*Will be re-created\*\*/,
      );
      expect(lifecycleOnly.markdown.match(/Will be re-created\*\*/g)).toHaveLength(1);
      expect(lifecycleOnly.markdown).toMatch(/\| status \| `"pending"` \| `"successful"` \|/);

      await api(emulator, "PATCH", `/callbacks/${up.outputs.callbackId.value}`, { name: "renamed by hand" });
      const withDrift = await drift();
      expect(withDrift.code).toBe(2);
      expect(withDrift.report.drifted).toBe(true);
      expect(withDrift.report.resources).toEqual([
        expect.objectContaining({
          type: "tcs:Callback",
          name: "events",
          change: "changed",
          fields: [{ name: "name", old: "GitHub events", new: "renamed by hand" }],
        }),
      ]);
      expect(Object.keys(byName(withDrift.report)).sort()).toEqual(["kept", "renewed"]);
      expect(withDrift.markdown).toMatch(/\*\*Drift found\*\*: 1 changed, 0 deleted/);

      // What the report promised: the rename is undone, the expired session replaced, the completed one kept.
      const applied = await stack.up({ refresh: true });
      expect(applied.outputs.renewedId.value).not.toBe(renewedId);
      expect(applied.outputs.keptId.value).toBe(keptId);
      expect((await api(emulator, "GET", `/callbacks/${up.outputs.callbackId.value}`)).name).toBe("GitHub events");
      const settled = await drift();
      expect(settled.code).toBe(0);
      expect(settled.report).toMatchObject({ drifted: false, resources: [], lifecycle: [] });
      expect(settled.markdown).not.toMatch(/Lifecycle/);

      // Callbacks disabled on the integration provider, outside Pulumi: the callback is archived (the next
      // up replaces it) and its instance detached (gone). Both are drift, not lifecycle.
      await archiveCallback(emulator, up.outputs.callbackId.value as string);
      const archived = await drift();
      expect(archived.code).toBe(2);
      expect(archived.report.lifecycle).toEqual([]);
      expect(archived.report.resources).toEqual([
        expect.objectContaining({
          name: "events",
          change: "changed",
          fields: [{ name: "status", old: "active", new: "archived" }],
          note: expect.stringMatching(/archived outside Pulumi/),
        }),
        expect.objectContaining({ name: "attachment", change: "deleted" }),
      ]);
      expect(archived.markdown).toMatch(/`events`.*\n\nArchived outside Pulumi .*replaces it\./);
    } finally {
      env.scratch.remove();
    }
  });
});
