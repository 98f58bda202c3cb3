import { fixtureId as fid } from "../../../emulator/ids";
import { eventually, startHarness, TIMESTAMP, type Harness } from "./emulator-helpers";

let h: Harness;
// Long enough that a poll every 20 ms sees every state even on a busy machine.
const STEP = 250;
beforeAll(async () => {
  h = await startHarness({ timing: { deploymentStepMs: STEP, instanceRegistrationMs: 50 } });
});
afterAll(() => h.emu.close());
beforeEach(async () => {
  await h.control("POST", "/_emulator/reset");
});

const ACME = fid("cprov_", "acmetools");

describe("custom provider deployments", () => {
  test("settled fixtures: one succeeded, one failed with logs of the failing step", async () => {
    const ok = await h.dev("GET", `/custom-provider-deployments/${fid("cpd_", "acmetoolsv1")}`);
    expect(ok.body).toMatchObject({
      object: "custom_provider.deployment",
      status: "succeeded",
      trigger: "manual",
      custom_provider_id: ACME,
      provider_id: fid("prov_", "acmetools"),
      custom_provider_version_id: fid("cpv_", "acmetoolsv1"),
    });
    expect(ok.body.updated_at).toMatch(TIMESTAMP);
    const failed = await h.dev("GET", `/custom-provider-deployments/${fid("cpd_", "acmetoolsv2")}`);
    expect(failed.body.status).toBe("failed");
    const logs = await h.dev("GET", `/custom-provider-deployments/${fid("cpd_", "acmetoolsv2")}/logs`);
    expect(logs.body).toMatchObject({
      object: "custom_provider.deployment.logs",
      custom_provider_deployment_id: fid("cpd_", "acmetoolsv2"),
    });
    expect(logs.body.steps.map((s: { type: string; status: string }) => [s.type, s.status])).toEqual([
      ["build", "succeeded"],
      ["deploy", "failed"],
    ]);
    const failing = logs.body.steps[1];
    expect(failing.logs.map((l: { message: string }) => l.message).join("\n")).toMatch(/health check/);
    expect(failing.ended_at).toMatch(TIMESTAMP);
  });

  test("fresh deployments move queued -> deploying -> succeeded / failed", async () => {
    const id = fid("cpd_", "acmetoolsv3");
    const failing = fid("cpd_", "weatherv2");
    expect((await h.dev("GET", `/custom-provider-deployments/${id}`)).body.status).toBe("queued");
    expect(
      (await h.dev("GET", `/custom-provider-deployments/${id}/logs`)).body.steps.map(
        (s: { status: string }) => s.status,
      ),
    ).toEqual(["pending", "pending"]);
    const seen = new Set<string>();
    await eventually(
      async () => {
        const status = (await h.dev("GET", `/custom-provider-deployments/${id}`)).body.status;
        seen.add(status);
        return status === "succeeded";
      },
      5000,
      20,
    );
    expect([...seen]).toEqual(["queued", "deploying", "succeeded"]);
    expect((await h.dev("GET", `/custom-provider-deployments/${failing}`)).body.status).toBe("failed");
    const versions = await h.dev("GET", `/custom-provider-versions?custom_provider_deployment_id=${failing}`);
    expect(versions.body.items).toEqual([
      expect.objectContaining({
        object: "custom_provider.version",
        id: fid("cpv_", "weatherv2"),
        status: "deployment_failed",
        index: 2,
        identifier: "2026.01.2",
      }),
    ]);
  });

  test("the clock moves deployments too; the control plane starts new ones", async () => {
    const started = await h.control("POST", "/_emulator/custom-provider-deployments", {
      custom_provider_id: ACME,
      outcome: "failed",
      identifier: "v9",
    });
    expect(started.status).toBe(200);
    const id = started.body.deployment.id;
    expect(started.body.deployment.status).toBe("queued");
    await h.control("POST", "/_emulator/clock", { advance_ms: STEP * 1.5 });
    expect((await h.dev("GET", `/custom-provider-deployments/${id}`)).body.status).toBe("deploying");
    expect((await h.dev("GET", `/custom-provider-deployments/${id}/logs`)).body.steps[0].status).toBe("running");
    await h.control("POST", "/_emulator/clock", { advance_ms: STEP * 2 });
    expect((await h.dev("GET", `/custom-provider-deployments/${id}`)).body.status).toBe("failed");
    const version = (await h.dev("GET", `/custom-provider-versions?id=${started.body.version_id}`)).body.items[0];
    expect(version).toMatchObject({
      index: 4,
      identifier: "v9",
      status: "deployment_failed",
      custom_provider_deployment_id: id,
    });
    // Another environment never sees it.
    expect((await h.prod("GET", `/custom-provider-deployments/${id}`)).status).toBe(404);
  });

  test("list filters", async () => {
    const ids = async (query: string) =>
      (await h.dev("GET", `/custom-provider-deployments?${query}`)).body.items.map((d: { id: string }) => d.id).sort();
    expect(await ids(`custom_provider_id=${fid("cprov_", "weather")}`)).toEqual(
      [fid("cpd_", "weatherv1"), fid("cpd_", "weatherv2")].sort(),
    );
    expect(await ids("status=failed")).toEqual([fid("cpd_", "acmetoolsv2")]);
    expect(await ids("status[]=succeeded&status[]=failed")).toEqual(
      [fid("cpd_", "acmetoolsv1"), fid("cpd_", "acmetoolsv2"), fid("cpd_", "weatherv1")].sort(),
    );
    expect(await ids(`custom_provider_version_id=${fid("cpv_", "weatherv1")}`)).toEqual([fid("cpd_", "weatherv1")]);
    expect(
      await ids(`updated_at[lt]=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}`),
    ).toHaveLength(3);
    expect((await h.dev("GET", "/custom-provider-deployments?status=done")).status).toBe(400);
  });
});

describe("custom provider versions", () => {
  test("list with every filter", async () => {
    const ids = async (query: string) =>
      (await h.dev("GET", `/custom-provider-versions?${query}`)).body.items.map((v: { id: string }) => v.id).sort();
    const weather = [fid("cpv_", "weatherv1"), fid("cpv_", "weatherv2"), fid("cpv_", "weatherv3")].sort();
    expect(await ids("")).toHaveLength(6);
    expect(await ids(`custom_provider_id=${ACME}`)).toHaveLength(3);
    expect(await ids(`provider_id=${fid("prov_", "weather")}`)).toEqual(weather);
    expect(await ids(`provider_version_id=${fid("pver_", "weather")}`)).toEqual(weather);
    expect(await ids(`custom_provider_environment_id=${fid("cpenv_", "acmetools")}`)).toHaveLength(3);
    expect(await ids("status=deployment_failed")).toEqual([fid("cpv_", "acmetoolsv2")]);
    // weatherv3 has no deployment yet: queued.
    expect(await ids("status=queued")).toEqual(
      [fid("cpv_", "acmetoolsv3"), fid("cpv_", "weatherv2"), fid("cpv_", "weatherv3")].sort(),
    );
    expect((await h.dev("GET", "/custom-provider-versions?status=succeeded")).status).toBe(400);
  });

  test("a 256-character deployment id is a 400, never a 500", async () => {
    const reply = await h.dev("GET", `/custom-provider-deployments/${"c".repeat(256)}`);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe("invalid_request");
    expect((await h.dev("GET", `/custom-provider-deployments/${"c".repeat(255)}`)).status).toBe(404);
  });
});
