import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  InternalServerError,
  RateLimitError,
} from "../../../sdk/index";
import { errorBody, json, mockedClient, wireCallback, wireRole } from "./helpers";

describe("retries", () => {
  it("retries a GET after 5xx and succeeds", async () => {
    const { client, pool, logs } = mockedClient();
    pool
      .intercept({ path: "/roles/rol_1", method: "GET" })
      .reply(503, errorBody(503, "internal_error", "down"), { headers: { ...json, "retry-after": "0" } })
      .times(2);
    pool.intercept({ path: "/roles/rol_1", method: "GET" }).reply(200, wireRole(1), { headers: json });
    await expect(client.roles.retrieve("rol_1")).resolves.toMatchObject({ slug: "role-1" });
    expect(logs.filter((l) => l.includes("GET /roles/rol_1 -> 503"))).toHaveLength(2);
    expect(logs.some((l) => l.includes("-> 200") && l.includes("retry=2"))).toBe(true);
  });

  it("gives up after maxRetries with the last error", async () => {
    const { client, pool } = mockedClient({ maxRetries: 1 });
    pool
      .intercept({ path: "/roles/rol_1", method: "GET" })
      .reply(500, errorBody(500, "internal_error", "boom"), { headers: { ...json, "retry-after": "0" } })
      .times(2);
    const error = await client.roles.retrieve("rol_1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).mayHaveBeenProcessed).toBe(true);
  });

  it("does not retry a POST that got a 5xx: it may have created the object", async () => {
    const { client, pool } = mockedClient();
    let calls = 0;
    pool
      .intercept({ path: "/callbacks", method: "POST" })
      .reply(() => {
        calls += 1;
        return { statusCode: 500, data: errorBody(500, "internal_error", "boom"), responseOptions: { headers: json } };
      })
      .persist();
    const error = await client.callbacks.create({ integrationProviderId: "intp_1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).mayHaveBeenProcessed).toBe(true);
    expect(calls).toBe(1);
  });

  it("retries a 429 for a POST, waiting as Retry-After says", async () => {
    const { client, pool } = mockedClient();
    pool
      .intercept({ path: "/callbacks", method: "POST" })
      .reply(429, errorBody(429, "rate_limited", "slow down"), { headers: { ...json, "retry-after": "1" } });
    pool.intercept({ path: "/callbacks", method: "POST" }).reply(200, wireCallback(), { headers: json });
    const started = Date.now();
    await expect(client.callbacks.create({ integrationProviderId: "intp_1" })).resolves.toMatchObject({
      object: "callback",
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("surfaces a RateLimitError with retryAfterSeconds when retries run out", async () => {
    const { client, pool } = mockedClient({ maxRetries: 0 });
    pool
      .intercept({ path: "/roles", method: "GET" })
      .reply(429, errorBody(429, "rate_limited", "slow down"), { headers: { ...json, "retry-after": "7" } });
    const error = await client.roles.list().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBe(7);
  });

  it("retries a POST whose connection was refused before anything was sent", async () => {
    const { client, pool } = mockedClient();
    pool
      .intercept({ path: "/callbacks", method: "POST" })
      .replyWithError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    pool.intercept({ path: "/callbacks", method: "POST" }).reply(200, wireCallback(), { headers: json });
    await expect(client.callbacks.create({ integrationProviderId: "intp_1" })).resolves.toMatchObject({
      object: "callback",
    });
  });

  it("does not retry a POST whose connection broke after it was sent, and says it may have been processed", async () => {
    const { client, pool } = mockedClient();
    let calls = 0;
    pool
      .intercept({ path: "/callbacks", method: "POST" })
      .reply(() => {
        calls += 1;
        throw Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" });
      })
      .persist();
    const error = await client.callbacks.create({ integrationProviderId: "intp_1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as APIConnectionError).mayHaveBeenProcessed).toBe(true);
    expect((error as APIConnectionError).message).toMatch(/may have processed it \[POST \/callbacks\]/);
    expect(calls).toBe(1);
  });

  it("retries an idempotent call whose connection broke after it was sent", async () => {
    const { client, pool } = mockedClient();
    pool.intercept({ path: "/callbacks/cb_1", method: "PATCH" }).reply(() => {
      throw Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" });
    });
    pool
      .intercept({ path: "/callbacks/cb_1", method: "PATCH" })
      .reply(200, wireCallback({ name: "new" }), { headers: json });
    await expect(client.callbacks.update("cb_1", { name: "new" })).resolves.toMatchObject({ name: "new" });
  });

  it("reports a connection that never came up as not processed", async () => {
    const { client, pool } = mockedClient({ maxRetries: 0 });
    pool
      .intercept({ path: "/callbacks", method: "POST" })
      .replyWithError(Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }));
    const error = await client.callbacks.create({ integrationProviderId: "intp_1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as APIConnectionError).mayHaveBeenProcessed).toBe(false);
  });
});

describe("timeouts and aborts", () => {
  it("times out an attempt, retries it, and reports the timeout", async () => {
    const { client, pool, logs } = mockedClient({ timeoutMs: 50, maxRetries: 1 });
    pool
      .intercept({ path: "/roles/rol_1", method: "GET" })
      .reply(200, wireRole(1), { headers: json })
      .delay(2000)
      .times(2);
    const started = Date.now();
    const error = await client.roles.retrieve("rol_1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toMatch(/timed out after 50 ms/);
    expect(logs.filter((l) => l.includes("-> timeout"))).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(1900); // each attempt would take 2 s untimed
  });

  it("honours a per-call timeout", async () => {
    const { client, pool } = mockedClient({ maxRetries: 0 });
    pool.intercept({ path: "/roles/rol_1", method: "GET" }).reply(200, wireRole(1), { headers: json }).delay(1000);
    await expect(client.roles.retrieve("rol_1", { timeoutMs: 30 })).rejects.toBeInstanceOf(APIConnectionTimeoutError);
  });

  it("a timed-out POST is not retried and may have been processed", async () => {
    const { client, pool } = mockedClient({ timeoutMs: 50 });
    pool.intercept({ path: "/callbacks", method: "POST" }).reply(200, wireCallback(), { headers: json }).delay(1000);
    // Were the POST retried, this second answer would turn the call into a success.
    pool.intercept({ path: "/callbacks", method: "POST" }).reply(200, wireCallback(), { headers: json });
    const error = await client.callbacks.create({ integrationProviderId: "intp_1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as APIConnectionTimeoutError).mayHaveBeenProcessed).toBe(true);
  });

  it("stops at once when the caller aborts, also during a retry wait", async () => {
    const { client, pool } = mockedClient();
    pool.intercept({ path: "/roles/rol_1", method: "GET" }).reply(200, wireRole(1), { headers: json }).delay(5000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(client.roles.retrieve("rol_1", { signal: controller.signal })).rejects.toBeInstanceOf(
      APIUserAbortError,
    );

    pool
      .intercept({ path: "/roles/rol_2", method: "GET" })
      .reply(429, errorBody(429, "rate_limited", "x"), { headers: { ...json, "retry-after": "30" } });
    const second = new AbortController();
    setTimeout(() => second.abort(), 50);
    const started = Date.now();
    await expect(client.roles.retrieve("rol_2", { signal: second.signal })).rejects.toBeInstanceOf(APIUserAbortError);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("refuses to start with an already aborted signal", async () => {
    const { client } = mockedClient();
    await expect(client.roles.retrieve("rol_1", { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      APIUserAbortError,
    );
  });
});
