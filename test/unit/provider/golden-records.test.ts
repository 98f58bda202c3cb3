// The provider against records in the real service's shapes: a ProviderConfig backed by each golden
// provider config record (every field / optional fields left out / nullable fields null) is created,
// refreshed and diffed with no failure and no change; every resource reads a record that leaves out
// all but its id and scope as "unknown", keeping what was recorded, never as a change; and the
// lookups read the golden deployments, logs, versions and config schemas.
import { ToolConnectivityClient } from "../../../sdk/index";
import { toWire } from "../../../sdk/internal/casing";
import {
  getCustomProviderDeployment,
  getCustomProviderDeploymentLogs,
  getCustomProviderDeployments,
  getCustomProviderVersions,
  getProviderConfigSchema,
  waitForCustomProviderDeployment,
} from "../../../provider/dynamic/lookups";
import { BINDINGS } from "../../../provider/engine/bindings";
import type { ApiContext } from "../../../provider/engine/binding";
import { ReadBatcher } from "../../../provider/engine/read-batcher";
import { ResourceEngine } from "../../../provider/engine/resource-engine";
import type { ResourceKind } from "../../../provider/shapes/shape";
import { golden, variantOf, VARIANTS, type Variant } from "../../golden/load";
import { startReplayServer, type ReplayServer } from "../../golden/replay-server";

const API_KEY = "service_sk_goldenRecordsTestKey0123456789";
const EMPTY_LIST = { items: [], pagination: { has_more_after: false, has_more_before: false } };
const list = (...items: unknown[]) => ({ items, pagination: { has_more_after: false, has_more_before: false } });

let server: ReplayServer;
afterEach(async () => {
  await server?.close();
});

function engineFor(kind: ResourceKind, url: string) {
  const ctx: ApiContext = {
    client: new ToolConnectivityClient({ apiKey: API_KEY, baseUrl: url, rateLimit: false, maxRetries: 0 }),
    reads: new ReadBatcher(),
    orphans: new ReadBatcher({ ttlMs: Number.POSITIVE_INFINITY }),
    markerSecret: Buffer.alloc(32, 7),
    takenOver: new Set(),
    claimed: new Set(),
    settingsFingerprint: "",
    environment: () => Promise.reject(new Error("this test records no environment")),
    learnEnvironment: () => undefined,
  };
  return new ResourceEngine(
    BINDINGS[kind],
    () => ctx,
    () => undefined,
  );
}

/** What a program declares for a config that is this record. */
function declaredFor(record: Record<string, any>): Record<string, unknown> {
  return {
    providerId: record.provider_id,
    ...(record.deployment ? { providerDeploymentId: record.deployment.id } : {}),
    ...(record.from_vault
      ? { providerConfigVaultId: record.from_vault.id }
      : { value: { base_url: "https://api.acme.example" } }),
    ...(record.name != null ? { name: record.name } : {}),
    ...(record.description != null ? { description: record.description } : {}),
    ...(record.metadata != null ? { metadata: record.metadata } : {}),
  };
}

/** Create, then refresh: the refresh changes nothing and the declaration plans no change. */
async function createThenRefresh(kind: ResourceKind, inputs: Record<string, unknown>) {
  const engine = engineFor(kind, server.url);
  const check = await engine.check({}, inputs);
  expect(check.failures).toEqual([]);
  const created = await engine.create(inputs);
  const refreshed = await engine.read(created.id, created.outs ?? {});
  expect(refreshed.id).toBe(created.id);
  return { engine, created, refreshed, diff: await engine.diff(created.id, refreshed.props ?? {}, inputs) };
}

describe.each(VARIANTS.map((v) => [v]))(
  "a ProviderConfig backed by the golden provider config record (%s)",
  (variant: Variant) => {
    const record = variantOf(golden("GET /provider-configs/{id}"), variant);

    beforeEach(async () => {
      server = await startReplayServer({
        "GET /provider-configs": variantOf(golden("GET /provider-configs (list)"), variant),
        [`GET /provider-configs/${record.id}`]: record,
        "POST /provider-configs": record,
        [`PATCH /provider-configs/${record.id}`]: record,
        [`DELETE /provider-configs/${record.id}`]: variantOf(golden("DELETE /provider-configs/{id}"), variant),
        "GET /provider-config-schema": variantOf(golden("GET /provider-config-schema"), variant),
      });
    });

    it("is created, refreshed and deleted with no failure and no diff", async () => {
      const inputs = declaredFor(record);
      const { engine, created, refreshed, diff } = await createThenRefresh("ProviderConfig", inputs);
      expect(refreshed.props).toEqual(created.outs);
      expect(diff).toMatchObject({ changes: false, replaces: [] });
      await expect(engine.delete(created.id, refreshed.props ?? {})).resolves.toBeUndefined();
    });

    it("keeps declared tool filters the record does not report (absent is unknown, not allow_all)", async () => {
      const inputs = { ...declaredFor(record), toolFilters: { type: "tool_keys", keys: ["issues.list"] } };
      const { refreshed, diff } = await createThenRefresh("ProviderConfig", inputs);
      expect(refreshed.props?.toolFilters).toEqual({ type: "tool_keys", keys: ["issues.list"] });
      expect(diff).toMatchObject({ changes: false, replaces: [] });
    });
  },
);

const T0 = "2026-11-21T10:00:00.000Z";
const id20 = (prefix: string, word: string) => `${prefix}_${word.padEnd(20, "0")}`;
const CALLBACK_ID = id20("cb", "golden");

/** For each resource: its declaration, the full record the service answers the create with, and where a refresh reads it. */
const FULL_RECORDS: Record<
  ResourceKind,
  {
    inputs: Record<string, unknown>;
    record: Record<string, unknown>;
    create: string;
    scan: string;
    scope: Record<string, unknown>;
  }
> = {
  Callback: {
    inputs: {
      integrationProviderId: id20("intp", "github"),
      name: "orders",
      description: "Order events",
      metadata: { team: "payments" },
    },
    record: {
      object: "callback",
      id: CALLBACK_ID,
      status: "active",
      name: "orders",
      description: "Order events",
      metadata: { team: "payments" },
      integration_id: id20("int", "devtools"),
      integration_provider_id: id20("intp", "github"),
      provider_id: id20("prov", "github"),
      created_at: T0,
      updated_at: T0,
    },
    create: "POST /callbacks",
    scan: "GET /callbacks",
    scope: {},
  },
  CallbackInstance: {
    inputs: {
      callbackId: CALLBACK_ID,
      providerConfigId: id20("pcfg", "golden"),
      providerAuthConfigId: id20("pac", "golden"),
    },
    record: {
      object: "callback.instance",
      id: id20("cbi", "golden"),
      callback_id: CALLBACK_ID,
      status: "attached",
      deployment: { object: "provider.deployment#preview", id: id20("pdep", "golden") },
      config: { object: "provider.config#preview", id: id20("pcfg", "golden") },
      auth_config: { object: "provider.auth_config#preview", id: id20("pac", "golden") },
      webhook_url: "https://hooks.example/cb",
      triggers: [],
      created_at: T0,
      updated_at: T0,
    },
    create: `POST /callbacks/${CALLBACK_ID}/instances`,
    scan: `GET /callbacks/${CALLBACK_ID}/instances`,
    scope: {},
  },
  ProviderConfig: {
    inputs: {
      providerId: id20("prov", "github"),
      providerConfigVaultId: id20("pcvt", "github"),
      name: "cfg",
      description: "d",
      metadata: { team: "a" },
      toolFilters: { type: "tool_keys", keys: ["issues.list"] },
    },
    record: {
      object: "provider.config",
      id: id20("pcfg", "golden"),
      status: "active",
      is_default: false,
      name: "cfg",
      description: "d",
      metadata: { team: "a" },
      tool_filter: { type: "tool_keys", keys: ["issues.list"], ignore_parent_filters: false },
      provider_id: id20("prov", "github"),
      specification_id: "pspec_1",
      deployment: { object: "provider.deployment#preview", id: id20("pdep", "github"), is_default: true },
      from_vault: { object: "provider.config_vault", id: id20("pcvt", "github") },
      created_at: T0,
      updated_at: T0,
    },
    create: "POST /provider-configs",
    scan: "GET /provider-configs",
    scope: { provider_id: id20("prov", "github") },
  },
  Role: {
    inputs: { name: "Support", slug: "support", permissions: ["thread_read"], description: "Reads threads" },
    record: {
      object: "role",
      id: id20("rol", "golden"),
      name: "Support",
      slug: "support",
      description: "Reads threads",
      isDefault: false,
      permissions: ["thread_read"],
      created_at: T0,
      updated_at: T0,
    },
    create: "POST /roles",
    scan: "GET /roles",
    scope: {},
  },
  IntegrationSetupSession: {
    inputs: {
      integrationId: id20("int", "devtools"),
      name: "Onboard Ada",
      description: "d",
      metadata: { user: "ada" },
      expiresAt: "2099-01-01T00:00:00.000Z",
      redirectUrl: "https://app.example/done",
      configuration: { team: "core" },
    },
    record: {
      object: "integration.setup_session",
      id: id20("iss", "golden"),
      status: "pending",
      url: "https://setup.example/s/abc",
      name: "Onboard Ada",
      description: "d",
      metadata: { user: "ada" },
      configuration: { team: "core" },
      redirect_url: "https://app.example/done",
      integration_id: id20("int", "devtools"),
      integration_instance: { object: "integration.instance#preview", id: id20("inst", "golden"), status: "draft" },
      created_at: T0,
      updated_at: T0,
      expires_at: "2099-01-01T00:00:00.000Z",
    },
    create: "POST /integration-setup-sessions",
    scan: "GET /integration-setup-sessions",
    scope: { integration_id: id20("int", "devtools") },
  },
};

describe("a record that leaves out every field but its id and scope", () => {
  it.each(Object.keys(FULL_RECORDS) as ResourceKind[])(
    "%s: the refresh keeps what was recorded and plans no change",
    async (kind) => {
      const { inputs, record, create, scan, scope } = FULL_RECORDS[kind];
      server = await startReplayServer({ [create]: record, [scan]: EMPTY_LIST });
      const engine = engineFor(kind, server.url);
      const created = await engine.create(inputs);
      // From now on the service says only what identifies the record.
      server.answer(scan, list({ id: record.id, ...scope }));
      const refreshed = await engine.read(created.id, created.outs ?? {});
      expect(refreshed.props).toEqual(created.outs);
      expect(await engine.diff(created.id, refreshed.props ?? {}, inputs)).toMatchObject({
        changes: false,
        replaces: [],
      });
    },
  );
});

describe.each(VARIANTS.map((v) => [v]))("lookups read the golden records (%s)", (variant: Variant) => {
  const deployment = variantOf(golden("GET /custom-provider-deployments/{id}"), variant);
  const logs = variantOf(golden("GET /custom-provider-deployments/{id}/logs"), variant);
  const versions = variantOf(golden("GET /custom-provider-versions (list)"), variant);
  const schema = variantOf(golden("GET /provider-config-schema"), variant);
  const saved = { key: process.env.TCS_API_KEY, url: process.env.TCS_BASE_URL };

  beforeEach(async () => {
    server = await startReplayServer({
      [`GET /custom-provider-deployments/${deployment.id}`]: deployment,
      "GET /custom-provider-deployments": list(deployment),
      [`GET /custom-provider-deployments/${deployment.id}/logs`]: logs,
      "GET /custom-provider-versions": versions,
      "GET /provider-config-schema": schema,
    });
    process.env.TCS_API_KEY = API_KEY;
    process.env.TCS_BASE_URL = server.url;
  });
  afterEach(() => {
    for (const [name, value] of [
      ["TCS_API_KEY", saved.key],
      ["TCS_BASE_URL", saved.url],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("deployments, logs, versions and the config schema, every field kept", async () => {
    expect(toWire(await getCustomProviderDeployment({ id: deployment.id }))).toEqual(deployment);
    expect(toWire(await getCustomProviderDeployments({ customProviderId: deployment.custom_provider_id }))).toEqual([
      deployment,
    ]);
    expect(toWire(await getCustomProviderDeploymentLogs({ id: deployment.id }))).toEqual(logs);
    expect(toWire(await getCustomProviderVersions())).toEqual(versions.items);
    expect(toWire(await getProviderConfigSchema({ providerId: schema.provider_id }))).toEqual(schema);
  });

  it("waitForCustomProviderDeployment reports the failed step from the logs", async () => {
    // The golden deployment's status is the first of the observed enum: failed.
    await expect(waitForCustomProviderDeployment({ id: deployment.id, pollIntervalMs: 1 })).rejects.toThrow(
      new RegExp(
        `custom provider deployment ${deployment.id} failed at step '${logs.steps[0].name}' \\(failed\\):\\n.*Release 1\\.2\\.0`,
      ),
    );
  });
});
