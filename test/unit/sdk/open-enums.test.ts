// Enum-like response fields are open: a value added by a newer service version passes through as a
// string, while a value of the wrong type is still a ResponseValidationError naming the camelCase path.

import {
  ResponseValidationError,
  type Callback,
  type CallbackEvent,
  type CallbackStatus,
  type CustomProviderDeployment,
  type DeploymentLogStep,
  type ProviderConfig,
} from "../../../sdk/index";
import { openEnum } from "../../../sdk/schemas/common";
import { json, mockedClient, wireCallback } from "./helpers";

// Compile-time checks (tsc covers test/): the known values stay in the record types, other strings
// are admitted, and request-side status types stay closed.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
export type TypeChecks = [
  // Fields the SDK can do without are also null or absent (tolerant reading).
  Expect<Equal<Callback["status"], "active" | "archived" | "deleted" | (string & {}) | null | undefined>>,
  Expect<Equal<CallbackEvent["deliveryStatus"], "pending" | "delivered" | "failed" | (string & {}) | null | undefined>>,
  Expect<Equal<CustomProviderDeployment["trigger"], "manual" | "system" | "scm" | (string & {}) | null | undefined>>,
  Expect<
    Equal<
      DeploymentLogStep["status"],
      "pending" | "running" | "succeeded" | "failed" | "canceled" | (string & {}) | null | undefined
    >
  >,
  Expect<
    Equal<
      NonNullable<ProviderConfig["toolFilter"]>["type"],
      "allow_all" | "tool_keys" | (string & {}) | null | undefined
    >
  >,
  Expect<Equal<CallbackStatus, "active" | "archived" | "deleted">>,
];
// @ts-expect-error a filter the SDK sends takes the known values only
const unknownFilter: CallbackStatus = "suspended";
void unknownFilter;

const T0 = "2026-11-21T10:00:00.000Z";

function wireEvent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    object: "callback.event",
    id: "cbev_1",
    type: "trigger.fired",
    source_id: "cbit_1",
    trigger_key: "new_issue",
    input: null,
    output: null,
    status: "pending",
    error: null,
    delivery_status: "pending",
    callback_id: "cb_1",
    callback_instance_id: "cbi_1",
    created_at: T0,
    ...overrides,
  };
}

function wireConfig(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    object: "provider.config",
    id: "pcfg_1",
    status: "active",
    is_default: false,
    name: "c",
    description: null,
    metadata: null,
    tool_filter: { type: "allow_all", ignore_parent_filters: false },
    provider_id: "prov_1",
    specification_id: "spec_1",
    deployment: null,
    from_vault: null,
    created_at: T0,
    updated_at: T0,
    ...overrides,
  };
}

async function validationError(promise: Promise<unknown>): Promise<ResponseValidationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ResponseValidationError);
  return error as ResponseValidationError;
}

describe("openEnum", () => {
  it("accepts known and unknown strings as they are and rejects other types", () => {
    const schema = openEnum(["attached", "detached"]);
    expect(schema.parse("attached")).toBe("attached");
    expect(schema.parse("paused")).toBe("paused");
    for (const bad of [42, null, undefined, true, {}, ["attached"]]) expect(schema.safeParse(bad).success).toBe(false);
  });
});

describe("status-like fields of responses", () => {
  it("keeps a status value the SDK does not know", async () => {
    const { client, pool } = mockedClient();
    pool
      .intercept({ path: "/callbacks/cb_1", method: "GET" })
      .reply(200, wireCallback({ status: "suspended" }), { headers: json });
    const callback = await client.callbacks.retrieve("cb_1");
    expect(callback.status).toBe("suspended");
    expect(callback.name).toBe("orders");
  });

  it("keeps unknown values of nested and list fields (tool filter type, step status, event statuses)", async () => {
    const { client, pool } = mockedClient();
    pool.intercept({ path: "/provider-configs/pcfg_1", method: "GET" }).reply(
      200,
      wireConfig({
        status: "paused",
        tool_filter: { type: "tool_tags", tags: ["read"], ignore_parent_filters: true },
      }),
      { headers: json },
    );
    pool.intercept({ path: "/callbacks/cb_1/events?limit=2", method: "GET" }).reply(
      200,
      {
        items: [wireEvent(), wireEvent({ id: "cbev_2", status: "retrying", delivery_status: "partially_delivered" })],
        pagination: { has_more_after: false, has_more_before: false },
      },
      { headers: json },
    );
    pool.intercept({ path: "/custom-provider-deployments/cpd_1", method: "GET" }).reply(
      200,
      {
        object: "custom_provider.deployment",
        id: "cpd_1",
        status: "verifying",
        trigger: "api",
        custom_provider_id: "cp_1",
        provider_id: "prov_1",
        custom_provider_version_id: null,
        created_at: T0,
        updated_at: T0,
      },
      { headers: json },
    );
    pool.intercept({ path: "/custom-provider-deployments/cpd_1/logs", method: "GET" }).reply(
      200,
      {
        object: "custom_provider.deployment.logs",
        custom_provider_deployment_id: "cpd_1",
        steps: [
          {
            object: "custom_provider.deployment.step",
            id: "st_1",
            name: "build",
            type: "build",
            status: "skipped",
            logs: [],
            created_at: T0,
            started_at: null,
            ended_at: null,
          },
        ],
      },
      { headers: json },
    );

    const config = await client.providerConfigs.retrieve("pcfg_1");
    expect(config.status).toBe("paused");
    expect(config.toolFilter).toEqual({ type: "tool_tags", tags: ["read"], ignoreParentFilters: true });
    const events = await client.callbacks.events.list("cb_1", { limit: 2 });
    expect(events.items.map((e) => [e.status, e.deliveryStatus])).toEqual([
      ["pending", "pending"],
      ["retrying", "partially_delivered"],
    ]);
    const deployment = await client.customProviderDeployments.retrieve("cpd_1");
    expect([deployment.status, deployment.trigger]).toEqual(["verifying", "api"]);
    const logs = await client.customProviderDeployments.retrieveLogs("cpd_1");
    expect(logs.steps?.[0]?.status).toBe("skipped");
  });

  it("still rejects a status of the wrong type, naming the camelCase path", async () => {
    const { client, pool } = mockedClient();
    pool
      .intercept({ path: "/callbacks/cb_1", method: "GET" })
      .reply(200, wireCallback({ status: 42 }), { headers: { ...json, "request-id": "req_bad" } });
    const error = await validationError(client.callbacks.retrieve("cb_1"));
    expect(error.message).toMatch(/^Unexpected response for callback: status: /);
    expect(error.issues).toEqual([expect.objectContaining({ path: ["status"] })]);
    expect(error.requestId).toBe("req_bad");
  });

  it("still rejects a mistyped nested or list status, naming the camelCase path", async () => {
    const { client, pool } = mockedClient();
    pool
      .intercept({ path: "/provider-configs/pcfg_1", method: "GET" })
      .reply(200, wireConfig({ tool_filter: { type: 7, ignore_parent_filters: false } }), { headers: json });
    pool.intercept({ path: "/callbacks/cb_1/events?limit=2", method: "GET" }).reply(
      200,
      {
        items: [wireEvent(), wireEvent({ id: "cbev_2", delivery_status: ["pending"] })],
        pagination: { has_more_after: false, has_more_before: false },
      },
      { headers: json },
    );
    pool
      .intercept({ path: "/callbacks/cb_1", method: "GET" })
      .reply(200, wireCallback({ status: 3 }), { headers: json });

    const configError = await validationError(client.providerConfigs.retrieve("pcfg_1"));
    expect(configError.message).toMatch(/provider config: toolFilter\.type: /);
    const eventsError = await validationError(client.callbacks.events.list("cb_1", { limit: 2 }));
    expect(eventsError.message).toMatch(/list of callback events: items\[1\]\.deliveryStatus: /);
    const callbackError = await validationError(client.callbacks.retrieve("cb_1"));
    expect(callbackError.message).toMatch(/callback: status: /);
  });

  it("reads a missing or null status as not said (tolerant reading)", async () => {
    const { client, pool } = mockedClient();
    pool.intercept({ path: "/callbacks/cb_1/events?limit=2", method: "GET" }).reply(
      200,
      {
        items: [wireEvent({ status: undefined }), wireEvent({ id: "cbev_2", delivery_status: null })],
        pagination: { has_more_after: false, has_more_before: false },
      },
      { headers: json },
    );
    pool
      .intercept({ path: "/callbacks/cb_1", method: "GET" })
      .reply(200, wireCallback({ status: undefined }), { headers: json });
    const events = await client.callbacks.events.list("cb_1", { limit: 2 });
    expect(events.items.map((e) => [e.status, e.deliveryStatus])).toEqual([
      [undefined, "pending"],
      ["pending", null],
    ]);
    expect((await client.callbacks.retrieve("cb_1")).status).toBeUndefined();
  });
});
