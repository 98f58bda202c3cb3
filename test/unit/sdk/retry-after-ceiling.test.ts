// A Retry-After longer than the client's ceiling (maxRetryAfterMs) fails the request at once instead
// of waiting: the decision (retry.ts), the client's error (request core), the rate limiter's hold
// after such a 429, and the rate limiter's reading of an outsized RateLimit-Reset.
import {
  ClientErrorCodes,
  DEFAULT_MAX_RETRY_AFTER_MS,
  RetryAfterTooLongError,
  ToolConnectivityError,
} from "../../../sdk/index";
import { RequestGate, type GatePolicy } from "../../../sdk/internal/rate-limiter";
import { decideRetry } from "../../../sdk/internal/retry";
import { ServerQuota } from "../../../sdk/internal/server-quota";
import { errorBody, json, mockedClient, wireRole } from "./helpers";

const DAY_MS = 86_400_000;

describe("decideRetry's ceiling on Retry-After", () => {
  it("does not wait out a Retry-After longer than the ceiling, for a 429 or a retried 5xx", () => {
    for (const status of [429, 503]) {
      expect(decideRetry("GET", { kind: "status", status, retryAfterMs: DAY_MS }, 0, 3, 60_000)).toEqual({
        retry: false,
        retryAfterTooLong: true,
        retryAfterMs: DAY_MS,
      });
    }
  });

  it("waits out one up to the ceiling, and backs off as before when there is none", () => {
    expect(decideRetry("GET", { kind: "status", status: 503, retryAfterMs: 60_000 }, 0, 3, 60_000)).toMatchObject({
      retry: true,
      delayMs: 60_000,
    });
    const backoff = decideRetry("GET", { kind: "status", status: 503 }, 0, 3, 60_000);
    expect(backoff.retry && backoff.delayMs).toBeLessThanOrEqual(500);
  });

  it("has a ceiling by default (60 s), which Infinity lifts", () => {
    expect(DEFAULT_MAX_RETRY_AFTER_MS).toBe(60_000);
    expect(decideRetry("POST", { kind: "status", status: 429, retryAfterMs: 61_000 }, 0, 3).retryAfterTooLong).toBe(
      true,
    );
    expect(decideRetry("POST", { kind: "status", status: 429, retryAfterMs: DAY_MS }, 0, 3, Infinity)).toMatchObject({
      retry: true,
      delayMs: DAY_MS,
    });
  });

  it("leaves alone what was never going to wait: a POST's 5xx, retries run out", () => {
    expect(decideRetry("POST", { kind: "status", status: 503, retryAfterMs: DAY_MS }, 0, 3, 60_000)).toEqual({
      retry: false,
    });
    expect(decideRetry("GET", { kind: "status", status: 503, retryAfterMs: DAY_MS }, 3, 3, 60_000)).toEqual({
      retry: false,
    });
  });
});

describe("the client, told to retry after a day", () => {
  it("fails a 503's retry at once, naming the endpoint (without its query) and the wait", async () => {
    const { client, pool } = mockedClient();
    let calls = 0;
    pool
      .intercept({ path: (path) => path.startsWith("/roles"), method: "GET" })
      .reply(() => {
        calls += 1;
        return {
          statusCode: 503,
          data: errorBody(503, "service_unavailable", "down"),
          responseOptions: { headers: { ...json, "retry-after": "86400", "request-id": "req_ceiling" } },
        };
      })
      .persist();
    const started = Date.now();
    const error = await client.roles.list({ slug: "secret-slug" }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(calls).toBe(1);
    expect(error).toBeInstanceOf(RetryAfterTooLongError);
    expect(error).toBeInstanceOf(ToolConnectivityError);
    const tooLong = error as RetryAfterTooLongError;
    expect(tooLong.message).toBe(
      "GET /roles: the service asked to retry after 86400 s (503), longer than this client waits (at most 60 s); try again later [request req_ceiling]",
    );
    expect(tooLong).toMatchObject({
      code: ClientErrorCodes.RETRY_AFTER_TOO_LONG,
      method: "GET",
      path: "/roles",
      requestId: "req_ceiling",
      status: 503,
      retryAfterSeconds: 86400,
      maxRetryAfterSeconds: 60,
      mayHaveBeenProcessed: true,
    });
    // The service's own answer stays reachable.
    expect(tooLong.cause).toMatchObject({ name: "InternalServerError", code: "service_unavailable" });
  });

  it("after a 429 that asks for a day, refuses the key's next requests at once, without sending them", async () => {
    const { client, pool } = mockedClient({ maxRetryAfterMs: 5_000 });
    let calls = 0;
    pool
      .intercept({ path: "/roles/rol_1", method: "GET" })
      .reply(() => {
        calls += 1;
        return {
          statusCode: 429,
          data: errorBody(429, "rate_limited", "slow down"),
          responseOptions: { headers: { ...json, "retry-after": "86400" } },
        };
      })
      .persist();
    const first = await client.roles.retrieve("rol_1").catch((e: unknown) => e);
    expect(first).toBeInstanceOf(RetryAfterTooLongError);
    expect((first as RetryAfterTooLongError).mayHaveBeenProcessed).toBe(false);
    expect((first as Error).message).toContain("(at most 5 s)");

    const started = Date.now();
    const next = await client.roles.retrieve("rol_2").catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(calls).toBe(1);
    expect(next).toBeInstanceOf(RetryAfterTooLongError);
    expect((next as Error).message).toMatch(
      /^GET \/roles\/rol_2: an earlier 429 asked this key to wait 8640\d s more before its next request, longer than this client waits \(at most 5 s\); try again later$/,
    );
  });

  it("still waits out a Retry-After within the ceiling", async () => {
    const { client, pool } = mockedClient({ maxRetryAfterMs: 1_000 });
    pool
      .intercept({ path: "/roles/rol_1", method: "GET" })
      .reply(503, errorBody(503, "service_unavailable", "down"), { headers: { ...json, "retry-after": "1" } });
    pool.intercept({ path: "/roles/rol_1", method: "GET" }).reply(200, wireRole(1), { headers: json });
    const started = Date.now();
    await expect(client.roles.retrieve("rol_1")).resolves.toMatchObject({ slug: "role-1" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("checks the option", () => {
    expect(() => mockedClient({ maxRetryAfterMs: -1 })).toThrow(
      expect.objectContaining({ code: ClientErrorCodes.INVALID_OPTION }),
    );
    expect(() => mockedClient({ maxRetryAfterMs: Number.NaN })).toThrow(/maxRetryAfterMs/);
    expect(() => mockedClient({ maxRetryAfterMs: 0 })).not.toThrow();
    expect(() => mockedClient({ maxRetryAfterMs: Infinity })).not.toThrow();
  });
});

describe("the rate limiter's waits the service asks for", () => {
  const policy = (maxRetryAfterMs?: number): GatePolicy => ({
    window: undefined,
    maxConcurrency: 1,
    ...(maxRetryAfterMs !== undefined ? { maxRetryAfterMs } : {}),
  });

  it("refuses at once every waiter a 429's hold would keep longer than it accepts, and holds the others", async () => {
    const gate = new RequestGate();
    (await gate.acquire(policy(60_000))).release({ rateLimit: {} });
    const inFlight = await gate.acquire(policy(60_000));
    const impatient = gate.acquire(policy(60_000));
    const stayed = new AbortController();
    const patient = gate.acquire(policy(Infinity), stayed.signal);
    inFlight.release({ rateLimit: {}, retryAfterMs: DAY_MS });
    await expect(impatient).rejects.toBeInstanceOf(RetryAfterTooLongError);
    expect(gate.waiting).toBe(1);
    stayed.abort(); // the patient one would wait the whole day
    await expect(patient).rejects.toThrow(/aborted/);
  });

  it("reads a RateLimit-Reset beyond any window as the longest window (ten minutes), not as a day", async () => {
    const quota = new ServerQuota();
    quota.onSend();
    quota.onResponse(0, { remaining: 0, resetSeconds: 86_400 }, 0, true, 600_000);
    expect(quota.delay(0, 0)).toBe(600_000);

    let now = 0;
    const gate = new RequestGate(() => now);
    (await gate.acquire(policy())).release({ rateLimit: { remaining: 0, resetSeconds: 86_400 } });
    const held = new AbortController();
    const waiting = gate.acquire(policy(), held.signal);
    now = 600_001; // ten minutes later, the gate looks again (a new request makes it)
    const later = new AbortController();
    const next = gate.acquire(policy(), later.signal);
    const permit = await waiting;
    later.abort();
    await expect(next).rejects.toThrow(/aborted/);
    permit.release({ rateLimit: {} });
  });
});
