// Named connections in the provider plugin (provider/engine/tcs-plugin.ts), against the emulator in
// process: its development and production environments stand for staging and production. Each
// connection is its own client: objects go to the environment the resource names, one environment's
// 429s never hold up the other, and a connection that cannot be used is reported naming it.
// (On the real engine, with refresh, drift and destroy: test/e2e/examples-two-environments.test.ts.)
import type * as pulumi from "@pulumi/pulumi";
import { configure, engineFor } from "../../../provider/impl";
import { closeSharedAgents } from "../../../sdk/internal/agents";
import { startEmulator, type RunningEmulator } from "../../../emulator/index";
import { RELAXED_LIMITS } from "../sdk/sdk-helpers";

const ROLE = { name: "Triage agents", slug: "triage-agents", permissions: ["thread_read"] };

function request(values: Record<string, string>): pulumi.dynamic.ConfigureRequest {
  return {
    config: { get: (key: string) => values[key], require: (key: string) => values[key] },
  } as pulumi.dynamic.ConfigureRequest;
}

describe("named connections in the plugin", () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    // Staging (the development environment) allows 3 requests per 2 s; production is relaxed.
    emulator = await startEmulator({ rateLimits: { ...RELAXED_LIMITS, development: { limit: 3, windowMs: 2_000 } } });
  });
  afterAll(async () => {
    await closeSharedAgents();
    await emulator.close();
  });

  function connections(): Record<string, string> {
    return {
      // As the engine hands a structured key to the plugin: JSON text.
      "tcs:connections": JSON.stringify({
        // The client's own pacing off (a custom window far above the service's), so the service's 429s show.
        staging: { apiKey: emulator.keys.development.secret, baseUrl: emulator.url, rateLimitTier: "100000/1s" },
        production: {
          apiKey: emulator.keys.production.secret,
          baseUrl: emulator.url,
          rateLimitTier: "100000/1s",
          production: true,
        },
      }),
    };
  }

  async function rolesOf(environment: "development" | "production"): Promise<Array<{ id: string; slug: string }>> {
    const response = await fetch(`${emulator.url}/roles?limit=100`, {
      headers: { authorization: `Bearer ${emulator.keys[environment].secret}` },
    });
    return ((await response.json()) as { items: Array<{ id: string; slug: string }> }).items;
  }

  /** Requests with the environment's key until the emulator refuses one: its window is then full. */
  async function spendWindow(environment: "development" | "production"): Promise<void> {
    for (let sent = 0; sent < 10; sent++) {
      const response = await fetch(`${emulator.url}/roles?limit=1`, {
        headers: { authorization: `Bearer ${emulator.keys[environment].secret}` },
      });
      await response.arrayBuffer();
      if (response.status === 429) return;
    }
    throw new Error(`the ${environment} window never filled`);
  }

  it("creates each object in the environment its resource names, and records only the connection's name", async () => {
    await configure(request(connections()));
    const roles = engineFor("Role");
    const staging = await roles.create({ ...ROLE, slug: "conn-staging", connection: "staging" });
    const production = await roles.create({ ...ROLE, slug: "conn-production", connection: "production" });

    expect((await rolesOf("development")).map((r) => r.id)).toContain(staging.id);
    expect((await rolesOf("production")).map((r) => r.id)).toContain(production.id);
    expect((await rolesOf("production")).map((r) => r.id)).not.toContain(staging.id);
    expect(staging.outs).toMatchObject({ connection: "staging", slug: "conn-staging" });
    expect(JSON.stringify([staging.outs, production.outs])).not.toMatch(/service_sk_/);

    // Read and delete go where state says: the staging role is found in staging.
    expect((await roles.read(staging.id, staging.outs)).id).toBe(staging.id);
  });

  it("paces each environment apart: staging's 429s do not hold up production", async () => {
    await configure(request(connections()));
    const roles = engineFor("Role");
    const made = await roles.create({ ...ROLE, slug: "paced-staging", connection: "staging" });
    // Spend staging's window (3 requests per 2 s) just before the two calls, so staging's read must
    // wait for it whatever the create cost; the emulator's window slides and counts no refused request.
    await spendWindow("development");
    const finished: string[] = [];
    const stagingRead = roles
      .read(made.id, { ...made.outs, connection: "staging" })
      .then(() => finished.push("staging"));
    const productionCreate = roles
      .create({ ...ROLE, slug: "paced-production", connection: "production" })
      .then(() => finished.push("production"));
    await Promise.all([stagingRead, productionCreate]);
    // Production's call went through while staging's waited for its window to reopen (the SDK
    // paces by the service's quota headers, or waits out a 429's Retry-After).
    expect(finished).toEqual(["production", "staging"]);
  });

  it("refuses at check a connection missing from config, naming it and how to restore it", async () => {
    await configure(request(connections()));
    await expect(engineFor("Role").check({}, { ...ROLE, connection: "qa" })).rejects.toThrow(
      /connection 'qa' is not in the stack config .*pulumi config set --path tcs:connections\.qa\.baseUrl/,
    );
    await expect(engineFor("Role").read("rol_00000000000000000000", { ...ROLE, connection: "qa" })).rejects.toThrow(
      /connection 'qa' is not in the stack config/,
    );
    const failures = (await engineFor("Role").check({}, { ...ROLE, connection: "not a name" })).failures;
    expect(failures).toEqual([{ property: "connection", reason: expect.stringMatching(/must start with a letter/) }]);
  });

  it("reports at check a key the service refuses, naming the connection, once per run and only when the step writes", async () => {
    const roles = engineFor("Role");
    // A step that writes nothing (the same inputs as in state) sends no request, so a no-op preview stays free.
    const before = ((await (await fetch(`${emulator.url}/_emulator/requests`)).json()) as { total: number }).total;
    const same = { ...ROLE, slug: "unchanged", connection: "staging-wrong" };
    const wrong = request({
      "tcs:connections": JSON.stringify({
        "staging-wrong": { apiKey: "service_sk_wrong_key_000000000000000000", baseUrl: emulator.url },
      }),
    });
    await configure(wrong);
    await expect(roles.check(same, same)).resolves.toMatchObject({ failures: [] });
    const after = ((await (await fetch(`${emulator.url}/_emulator/requests`)).json()) as { total: number }).total;
    expect(after).toBe(before);
    // A create: the key is checked, and its refusal names the connection and the setting.
    await expect(roles.check({}, { ...ROLE, slug: "new-role", connection: "staging-wrong" })).rejects.toThrow(
      /the service refused tcs:connections\.staging-wrong\.apiKey \(401.*pulumi config set --secret --path tcs:connections\.staging-wrong\.apiKey/,
    );
    // A move away from it: the delete there would fail after the create elsewhere, so it is checked too.
    await configure(
      request({
        "tcs:connections": JSON.stringify({
          "staging-wrong": { apiKey: "service_sk_wrong_key_000000000000000000", baseUrl: emulator.url },
          production: { apiKey: emulator.keys.production.secret, baseUrl: emulator.url },
        }),
      }),
    );
    await expect(roles.check(same, { ...same, connection: "production" })).rejects.toThrow(
      /the service refused tcs:connections\.staging-wrong\.apiKey/,
    );
  });

  it("refuses a publishable key without a request, naming the connection", async () => {
    await configure(
      request({
        "tcs:connections": JSON.stringify({
          readonly: { apiKey: emulator.keys.production.publishable, baseUrl: emulator.url },
        }),
      }),
    );
    await expect(engineFor("Role").check({}, { ...ROLE, connection: "readonly" })).rejects.toThrow(
      /tcs:connections\.readonly\.apiKey is a publishable key/,
    );
  });
});
