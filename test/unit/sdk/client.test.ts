import {
  ToolConnectivityClient,
  ToolConnectivityError,
  ResponseValidationError,
  DEFAULT_SERVICE_VERSION,
} from "../../../sdk/index";
import { errorBody, json, mockedClient, PUBLISHABLE_KEY, SECRET_KEY, wireCallback } from "./helpers";

describe("client options", () => {
  const saved = { key: process.env.TCS_API_KEY, url: process.env.TCS_BASE_URL };
  afterEach(() => {
    process.env.TCS_API_KEY = saved.key;
    process.env.TCS_BASE_URL = saved.url;
    if (saved.key === undefined) delete process.env.TCS_API_KEY;
    if (saved.url === undefined) delete process.env.TCS_BASE_URL;
  });

  it("needs an API key and says where to put it", () => {
    delete process.env.TCS_API_KEY;
    expect(() => new ToolConnectivityClient({ baseUrl: "http://x.test" })).toThrow(/apiKey.*TCS_API_KEY/);
    expect(() => new ToolConnectivityClient({ baseUrl: "http://x.test" })).toThrow(ToolConnectivityError);
  });

  it("needs a base URL (there is no default)", () => {
    delete process.env.TCS_BASE_URL;
    expect(() => new ToolConnectivityClient({ apiKey: SECRET_KEY })).toThrow(/baseUrl.*TCS_BASE_URL/);
    expect(() => new ToolConnectivityClient({ apiKey: SECRET_KEY, baseUrl: "not a url" })).toThrow(/not a valid URL/);
  });

  it("reads both from the environment", () => {
    process.env.TCS_API_KEY = SECRET_KEY;
    process.env.TCS_BASE_URL = "https://env.test";
    const client = new ToolConnectivityClient();
    expect(client.baseUrl).toBe("https://env.test/");
    expect(client.serviceVersion).toBe(DEFAULT_SERVICE_VERSION);
  });

  it("refuses plain http to a host that is not loopback, unless allowInsecureHttp says so", () => {
    // Every request carries the key: the provider and the CLI refuse the same URLs (key-transport.ts).
    for (const baseUrl of [
      "http://x.test",
      "http://192.0.2.2:9",
      "http://10.0.0.1",
      "http://[::2]:80",
      "http://127.example.com",
    ]) {
      expect(() => new ToolConnectivityClient({ apiKey: SECRET_KEY, baseUrl })).toThrow(
        expect.objectContaining({
          code: "ERR_TCS_INSECURE_BASE_URL",
          message: expect.stringMatching(/in clear.*allowInsecureHttp/),
        }),
      );
      expect(new ToolConnectivityClient({ apiKey: SECRET_KEY, baseUrl, allowInsecureHttp: true }).baseUrl).toBe(
        new URL(baseUrl).href,
      );
    }
    process.env.TCS_BASE_URL = "http://x.test";
    expect(() => new ToolConnectivityClient({ apiKey: SECRET_KEY })).toThrow(/in clear/);
    for (const baseUrl of [
      "https://x.test",
      "http://127.0.0.1:4010",
      "http://127.1.2.3",
      "http://localhost:8080",
      "http://[::1]:4010",
    ]) {
      expect(new ToolConnectivityClient({ apiKey: SECRET_KEY, baseUrl }).baseUrl).toBe(new URL(baseUrl).href);
    }
    // The message shows where, never credentials written into the URL.
    expect(() => new ToolConnectivityClient({ apiKey: SECRET_KEY, baseUrl: "http://user:hunter2@x.test" })).toThrow(
      /^(?!.*hunter2).*http:\/\/x\.test/,
    );
  });

  it("rejects nonsense options early", () => {
    const base = { apiKey: SECRET_KEY, baseUrl: "https://x.test" };
    expect(() => new ToolConnectivityClient({ ...base, timeoutMs: 0 })).toThrow(/timeoutMs/);
    expect(() => new ToolConnectivityClient({ ...base, maxRetries: -1 })).toThrow(/maxRetries/);
    expect(() => new ToolConnectivityClient({ ...base, maxConcurrency: 0 })).toThrow(/maxConcurrency/);
    expect(() => new ToolConnectivityClient({ ...base, serviceVersion: "latest" })).toThrow(/YYYY-MM-DD/);
    expect(() => new ToolConnectivityClient({ ...base, rateLimit: { limit: 0, windowMs: 1000 } })).toThrow(
      /rateLimit.limit/,
    );
  });
});

describe("requests and records", () => {
  it("sends the key, the pinned version and a snake_case body, and returns a camelCase record", async () => {
    const { client, pool } = mockedClient({ serviceVersion: "2026-01-01" });
    let seen: { headers: Record<string, string>; body: unknown } | undefined;
    pool.intercept({ path: "/callbacks", method: "POST" }).reply((opts) => {
      seen = { headers: opts.headers as Record<string, string>, body: JSON.parse(String(opts.body)) };
      return {
        statusCode: 200,
        data: wireCallback(),
        responseOptions: { headers: { ...json, "request-id": "req_1" } },
      };
    });
    const callback = await client.callbacks.create({
      integrationProviderId: "intp_1",
      name: "orders",
      metadata: { camelKey: 1 },
    });
    expect(seen?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(seen?.headers["service-version"]).toBe("2026-01-01");
    expect(seen?.body).toEqual({ integration_provider_id: "intp_1", name: "orders", metadata: { camelKey: 1 } });
    expect(callback).toEqual({
      object: "callback",
      id: "cb_00000000000000000001",
      status: "active",
      name: "orders",
      description: null,
      metadata: { team_name: "payments", camelKey: 1 },
      integrationId: "int_00000000000000000001",
      integrationProviderId: "intp_0000000000000000001",
      providerId: "prov_0000000000000000001",
      createdAt: "2026-11-21T10:00:00.000Z",
      updatedAt: "2026-11-21T10:00:00.000Z",
    });
  });

  it("keeps fields added by newer versions and keeps null as null", async () => {
    const { client, pool } = mockedClient();
    pool
      .intercept({ path: "/callbacks/cb_1", method: "GET" })
      .reply(200, wireCallback({ name: null, new_field: { some_value: 1 } }), { headers: json });
    const callback = await client.callbacks.retrieve("cb_1");
    expect(callback.name).toBeNull();
    expect((callback as Record<string, unknown>).newField).toEqual({ someValue: 1 });
  });

  it("rejects a malformed response with a ResponseValidationError naming the path", async () => {
    const { client, pool } = mockedClient();
    pool
      .intercept({ path: "/callbacks/cb_1", method: "GET" })
      .reply(200, wireCallback({ integration_provider_id: 42 }), { headers: { ...json, "request-id": "req_bad" } });
    const error = await client.callbacks.retrieve("cb_1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toMatch(/callback: integrationProviderId: /);
    expect((error as ResponseValidationError).requestId).toBe("req_bad");
    expect((error as ResponseValidationError).message).toContain("GET /callbacks/cb_1");
  });

  it("rejects a body that is not JSON", async () => {
    const { client, pool } = mockedClient();
    pool
      .intercept({ path: "/roles/rol_1", method: "GET" })
      .reply(200, "<html>", { headers: { "content-type": "text/html" } });
    await expect(client.roles.retrieve("rol_1")).rejects.toThrow(/not JSON/);
  });

  it("encodes ids in paths and refuses empty ones before sending", async () => {
    const { client, pool } = mockedClient();
    pool.intercept({ path: "/callbacks/a%2Fb", method: "GET" }).reply(200, wireCallback(), { headers: json });
    await expect(client.callbacks.retrieve("a/b")).resolves.toMatchObject({ object: "callback" });
    expect(() => client.callbacks.retrieve("")).toThrow(/callback id must be a non-empty string/);
  });

  it("uses PUT for role updates and sends the permissions array", async () => {
    const { client, pool } = mockedClient();
    let body: unknown;
    pool.intercept({ path: "/roles/rol_1", method: "PUT" }).reply((opts) => {
      body = JSON.parse(String(opts.body));
      return {
        statusCode: 200,
        data: {
          object: "role",
          id: "rol_1",
          name: "N",
          slug: "n",
          description: null,
          isDefault: false,
          permissions: ["thread_read"],
          created_at: "t",
          updated_at: "t",
        },
        responseOptions: { headers: json },
      };
    });
    const role = await client.roles.update("rol_1", { name: "N", slug: "n", permissions: ["thread_read"] });
    expect(body).toEqual({ name: "N", slug: "n", permissions: ["thread_read"] });
    expect(role.isDefault).toBe(false);
  });

  it("returns nothing for a provider config delete, whatever the body", async () => {
    const { client, pool } = mockedClient();
    pool.intercept({ path: "/provider-configs/pcfg_1", method: "DELETE" }).reply(200, "");
    await expect(client.providerConfigs.delete("pcfg_1")).resolves.toBeUndefined();
  });
});

describe("publishable keys", () => {
  it("refuses every call except GET /provider-config-schema before sending, saying to use a secret key", async () => {
    const { client, pool } = mockedClient({ apiKey: PUBLISHABLE_KEY });
    const error = await client.callbacks.create({ integrationProviderId: "intp_1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolConnectivityError);
    expect((error as Error).message).toMatch(/secret key \(service_sk_\.\.\.\)/);
    expect((error as Error).message).not.toContain(PUBLISHABLE_KEY);
    await expect(client.roles.list()).rejects.toThrow(/publishable key/);

    pool.intercept({ path: "/provider-config-schema?provider_id=prov_1", method: "GET" }).reply(
      200,
      {
        object: "provider.capabilities.config.schema",
        schema: { type: "json_schema", schema: { type: "object", properties: { base_url: { type: "string" } } } },
        visibility: "plain",
        specification_id: "s",
        provider_id: "prov_1",
        created_at: "t",
        updated_at: "t",
      },
      { headers: json },
    );
    const schema = await client.providerConfigSchema.retrieve({ providerId: "prov_1" });
    // JSON Schema bodies keep their keys verbatim.
    expect(schema.schema?.schema).toEqual({ type: "object", properties: { base_url: { type: "string" } } });
  });
});

describe("API errors", () => {
  it("joins a message that ends in a period to its hint with one period", async () => {
    const { client, pool } = mockedClient();
    pool
      .intercept({ path: "/roles", method: "GET" })
      .reply(
        401,
        errorBody(401, "unauthorized", "The API key is malformed or unknown.", { hint: "Use a secret key." }),
        { headers: json },
      );
    const error = await client.roles.list({}, { maxRetries: 0 }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /^401 unauthorized: The API key is malformed or unknown\. Hint: Use a secret key\. \[GET \/roles/,
    );
  });

  it("carries status, code, hint, field errors and request id, with a message that reads well", async () => {
    const { client, pool } = mockedClient();
    pool.intercept({ path: "/callbacks", method: "POST" }).reply(
      422,
      errorBody(422, "validation_failed", "name must be at most 255 characters", {
        hint: "shorten the name",
        errors: [{ code: "too_long", message: "name must be at most 255 characters", path: ["name"] }],
      }),
      { headers: { ...json, "request-id": "req_abc" } },
    );
    const error = await client.callbacks
      .create({ integrationProviderId: "intp_1", name: "x".repeat(300) })
      .catch((e: unknown) => e);
    const { UnprocessableEntityError } = await import("../../../sdk/index");
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    const e = error as InstanceType<typeof UnprocessableEntityError>;
    expect(e.message).toBe(
      "422 validation_failed: name must be at most 255 characters (name). Hint: shorten the name [POST /callbacks, request req_abc]",
    );
    expect(e).toMatchObject({
      status: 422,
      code: "validation_failed",
      hint: "shorten the name",
      requestId: "req_abc",
      method: "POST",
      path: "/callbacks",
    });
    expect(e.errors).toEqual([{ code: "too_long", message: "name must be at most 255 characters", path: ["name"] }]);
    expect(e.headers["request-id"]).toBe("req_abc");
  });
});
