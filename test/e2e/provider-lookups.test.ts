// Lookups run in the program, on the real engine: typed records from the service, and a deployment
// wait that returns on success and fails with the failing step's logs.
import * as pulumi from "@pulumi/pulumi";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { FIX } from "./helpers/programs";
import { api, startTestEmulator, tcsStack, type TcsStack } from "./helpers/tcs-stack";

const ACME = {
  customProvider: "cprov_acmetools00000000000",
  ok: "cpd_acmetoolsv1000000000",
  failed: "cpd_acmetoolsv2000000000",
};

describe("lookups on the real engine", () => {
  let emulator: RunningEmulator;
  let env: TcsStack;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    env = tcsStack("lookups", emulator);
  });
  afterAll(async () => {
    env.scratch.remove();
    await emulator.close();
  });

  it("returns typed records from the service", async () => {
    // An event to find: a webhook delivery to an instance of a new callback.
    const callback = await api(emulator, "POST", "/callbacks", {
      integration_provider_id: FIX.slackIntegrationProvider,
    });
    const config = await api(emulator, "POST", "/provider-configs", {
      provider_id: FIX.slackProvider,
      provider_config_vault_id: FIX.slackVault,
    });
    const instance = await api(emulator, "POST", `/callbacks/${callback.id}/instances`, {
      provider_config_id: config.id,
    });
    const hook =
      instance.triggers.find((t: { webhook_url?: string }) => t.webhook_url)?.webhook_url ?? instance.webhook_url;
    await fetch(hook, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ hello: "world" }),
    });

    const stack = await env.open(async () => {
      const schema = await tcs.getProviderConfigSchema({ providerId: FIX.githubProvider });
      const roles = await tcs.getRoles();
      const events = await tcs.getCallbackEvents({ callbackId: callback.id });
      const deployment = await tcs.getCustomProviderDeployment({ id: ACME.ok });
      const waited = await tcs.waitForCustomProviderDeployment({ id: ACME.ok, pollIntervalMs: 100 });
      const versions = await tcs.getCustomProviderVersions({ customProviderId: ACME.customProvider });
      const deployments = await tcs.getCustomProviderDeployments({
        customProviderId: ACME.customProvider,
        status: ["succeeded", "failed"],
      });
      const logs = await tcs.getCustomProviderDeploymentLogs({ id: ACME.failed });
      return {
        schemaRequired: (schema.schema?.schema as { required?: string[] } | undefined)?.required ?? [],
        roleSlugs: roles.map((r) => r.slug),
        eventCount: events.length,
        eventCallback: events[0]?.callbackId ?? null,
        deploymentStatus: deployment.status,
        waitedStatus: waited.status,
        versionIdentifiers: versions.map((v) => v.identifier),
        deploymentIds: deployments.map((d) => d.id),
        scmCommit: deployments.find((d) => d.id === ACME.failed)?.scmPush?.commit?.sha ?? null,
        failedStep: logs.steps?.find((s) => s.status === "failed")?.name ?? null,
        stack: pulumi.getStack(),
      };
    });
    const up = await stack.up();
    expect(up.outputs.schemaRequired.value).toEqual(expect.arrayContaining(["base_url", "timeout_seconds"]));
    expect(up.outputs.roleSlugs.value).toEqual(expect.arrayContaining(["owner", "member", "viewer"]));
    expect(up.outputs.eventCount.value).toBeGreaterThanOrEqual(1);
    expect(up.outputs.eventCallback.value).toBe(callback.id);
    expect(up.outputs.deploymentStatus.value).toBe("succeeded");
    expect(up.outputs.waitedStatus.value).toBe("succeeded");
    expect(up.outputs.versionIdentifiers.value).toEqual(expect.arrayContaining(["v1.0.0", "v1.1.0"]));
    expect(up.outputs.deploymentIds.value).toEqual(expect.arrayContaining([ACME.ok, ACME.failed]));
    expect(up.outputs.scmCommit.value).toMatch(/^[0-9a-f]{40}$/);
    expect(up.outputs.failedStep.value).toBe("Deploy to runtime");
  });

  // The failure paths call the lookups directly: a program that throws on the inline runner also
  // leaks the error as an unhandled rejection into the hosting process (jest fails the file for it),
  // which is the Automation API's behaviour, not the lookup's. Lookups are plain async functions, so
  // outside a program they read TCS_API_KEY / TCS_BASE_URL.
  describe("called directly", () => {
    const saved = { ...process.env };
    beforeEach(() => {
      process.env.TCS_API_KEY = emulator.keys.production.secret;
      process.env.TCS_BASE_URL = emulator.url;
      process.env.TCS_RATE_LIMIT_TIER = "production";
    });
    afterEach(() => {
      for (const name of ["TCS_API_KEY", "TCS_BASE_URL", "TCS_RATE_LIMIT_TIER", "TCS_SERVICE_VERSION"]) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    });

    it("throws with the failing step's logs when a deployment failed", async () => {
      const failure = tcs.waitForCustomProviderDeployment({ id: ACME.failed, pollIntervalMs: 100 });
      await expect(failure).rejects.toThrow(
        new RegExp(`custom provider deployment ${ACME.failed} failed at step '[^']+' \\(failed\\)`),
      );
      await expect(tcs.waitForCustomProviderDeployment({ id: ACME.failed })).rejects.toThrow(/health check/);
    });

    it("gives up after its timeout, with the logs so far", async () => {
      const started = await fetch(`${emulator.url}/_emulator/custom-provider-deployments`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ custom_provider_id: ACME.customProvider, environment: "production" }),
      }).then((r) => r.json() as Promise<{ deployment: { id: string } }>);
      const id = started.deployment.id;
      await expect(tcs.waitForCustomProviderDeployment({ id, timeoutMs: 50, pollIntervalMs: 100 })).rejects.toThrow(
        new RegExp(`${id} is still (queued|deploying)`),
      );
    });

    it("refuses an unsupported service version with the service's hint", async () => {
      process.env.TCS_SERVICE_VERSION = "1999-01-01";
      await expect(tcs.getRoles()).rejects.toThrow(/unsupported_version[\s\S]*2026-01-01/);
    });
  });
});
