import {
  APIUserAbortError,
  type ClientOptions,
  type RateLimitWait,
  type TierBelowServiceNotice,
} from "../../../sdk/index";
import { RequestGate, sharedGate, type GatePolicy, type Permit } from "../../../sdk/internal/rate-limiter";
import { ServerQuota } from "../../../sdk/internal/server-quota";
import { json, mockedClient, wireCallback } from "./helpers";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const open: GatePolicy = { window: undefined, maxConcurrency: 100 };
/** A server that reports nothing, so only the client's own limits apply. */
const silent = {};

async function firstProbe(gate: RequestGate): Promise<void> {
  (await gate.acquire(open)).release({ rateLimit: silent });
}

describe("RequestGate", () => {
  it("caps requests in flight and admits waiters in FIFO order", async () => {
    const gate = new RequestGate();
    await firstProbe(gate);
    const policy: GatePolicy = { window: undefined, maxConcurrency: 2 };
    const held = [await gate.acquire(policy), await gate.acquire(policy)];
    const order: number[] = [];
    const waiting = [1, 2, 3].map((n) => gate.acquire(policy).then((p) => (order.push(n), p)));
    await sleep(10);
    expect(gate.inFlight).toBe(2);
    expect(gate.waiting).toBe(3);
    held[0]!.release({ rateLimit: silent });
    held[1]!.release({ rateLimit: silent });
    const [a, b] = await Promise.all(waiting.slice(0, 2));
    expect(order).toEqual([1, 2]);
    a.release({ rateLimit: silent });
    (await waiting[2]!).release({ rateLimit: silent });
    b.release({ rateLimit: silent });
    expect(order).toEqual([1, 2, 3]);
    expect(gate.inFlight).toBe(0);
  });

  it("keeps a burst inside the sliding window", async () => {
    const gate = new RequestGate();
    await firstProbe(gate);
    const policy: GatePolicy = { window: { limit: 5, windowMs: 300 }, maxConcurrency: 100 };
    await sleep(310); // the probe leaves the window
    const started = performance.now();
    const admittedAt: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        const permit = await gate.acquire(policy);
        admittedAt.push(performance.now() - started);
        permit.release({ rateLimit: silent });
      }),
    );
    admittedAt.sort((x, y) => x - y);
    // Never more than 5 admissions within any 300 ms.
    for (let i = 5; i < admittedAt.length; i++) expect(admittedAt[i]! - admittedAt[i - 5]!).toBeGreaterThanOrEqual(295);
    expect(admittedAt[11]).toBeGreaterThanOrEqual(590);
  });

  it("lets a waiter leave the queue when its signal fires", async () => {
    const gate = new RequestGate();
    await firstProbe(gate);
    const policy: GatePolicy = { window: undefined, maxConcurrency: 1 };
    const held = await gate.acquire(policy);
    const controller = new AbortController();
    const aborted = gate.acquire(policy, controller.signal);
    const next = gate.acquire(policy);
    controller.abort();
    await expect(aborted).rejects.toBeInstanceOf(APIUserAbortError);
    expect(gate.waiting).toBe(1);
    held.release({ rateLimit: silent });
    (await next).release({ rateLimit: silent });
    expect(gate.inFlight).toBe(0);
  });

  it("sends one probe first, then paces by what the server reports", async () => {
    const gate = new RequestGate();
    const probe = await gate.acquire(open);
    let second: Permit | undefined;
    void gate.acquire(open).then((p) => (second = p));
    await sleep(10);
    expect(second).toBeUndefined(); // nothing more until the probe's answer says how much is left
    probe.release({ rateLimit: { remaining: 1, resetSeconds: 0 } });
    await sleep(0);
    expect(second).toBeDefined();
    second!.release({ rateLimit: { remaining: 0, resetSeconds: 1 } });
    const started = performance.now();
    (await gate.acquire(open)).release({ rateLimit: { remaining: 5, resetSeconds: 0 } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("holds everyone back after a 429 for Retry-After", async () => {
    const gate = new RequestGate();
    await firstProbe(gate);
    (await gate.acquire(open)).release({ rateLimit: {}, retryAfterMs: 300 });
    const started = performance.now();
    (await gate.acquire(open)).release({ rateLimit: silent });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("is shared by key and base URL", () => {
    expect(sharedGate("service_sk_a1234567", "http://x.test/")).toBe(
      sharedGate("service_sk_a1234567", "http://x.test/"),
    );
    expect(sharedGate("service_sk_a1234567", "http://x.test/")).not.toBe(
      sharedGate("service_sk_b1234567", "http://x.test/"),
    );
    expect(sharedGate("service_sk_a1234567", "http://x.test/")).not.toBe(
      sharedGate("service_sk_a1234567", "http://y.test/"),
    );
  });
});

describe("ServerQuota", () => {
  it("trusts the smallest figure heard between probes", () => {
    const quota = new ServerQuota();
    expect(quota.delay(0, 0)).toBe(0);
    expect(quota.onSend()).toBe(true); // the first request is the probe
    expect(quota.delay(0, 1)).toBe(Infinity);
    quota.onResponse(0, { remaining: 3, resetSeconds: 0 }, 0, true);
    expect(quota.onSend()).toBe(false);
    expect(quota.onSend()).toBe(false);
    // A late answer of an earlier request says more is left than we know; keep the smaller figure.
    quota.onResponse(10, { remaining: 4, resetSeconds: 0 }, 2, false);
    expect(quota.onSend()).toBe(false);
    expect(quota.delay(10, 3)).toBe(Infinity); // budget spent: wait for everything to come back, then probe
    quota.onResponse(20, { remaining: 0, resetSeconds: 2 }, 0, false);
    expect(quota.delay(20, 0)).toBe(2000);
    expect(quota.delay(2020, 0)).toBe(0);
  });

  it("relies on the tier alone when the server reports nothing", () => {
    const quota = new ServerQuota();
    quota.onSend();
    quota.onResponse(0, {}, 0, true);
    for (let i = 0; i < 1000; i++) expect(quota.onSend()).toBe(false);
    expect(quota.delay(0, 1000)).toBe(0);
  });
});

describe("a tier below what the service allows", () => {
  const withLimit = (limit: number) => ({
    headers: {
      ...json,
      "ratelimit-limit": String(limit),
      "ratelimit-remaining": String(limit - 1),
      "ratelimit-reset": "0",
    },
  });

  async function noticesFor(
    rateLimit: ClientOptions["rateLimit"],
    serviceLimit: number,
  ): Promise<TierBelowServiceNotice[]> {
    const notices: TierBelowServiceNotice[] = [];
    const { client, pool } = mockedClient({
      ...(rateLimit === undefined ? {} : { rateLimit }),
      onTierBelowService: (n) => notices.push(n),
    });
    pool
      .intercept({ path: "/callbacks/cb_1", method: "GET" })
      .reply(200, wireCallback(), withLimit(serviceLimit))
      .times(3);
    for (let i = 0; i < 3; i++) await client.callbacks.retrieve("cb_1");
    return notices;
  }

  it("is reported once when the default development tier paces a production key", async () => {
    expect(await noticesFor(undefined, 5000)).toEqual([
      { serviceLimit: 5000, tier: { limit: 100, windowMs: 600_000 } },
    ]);
  });

  it("is not reported when the tier matches the key, or a negotiated window is as fast per 10 minutes", async () => {
    expect(await noticesFor("production", 5000)).toEqual([]);
    expect(await noticesFor(undefined, 100)).toEqual([]);
    expect(await noticesFor({ limit: 1000, windowMs: 60_000 }, 5000)).toEqual([]);
    expect(await noticesFor(false, 5000)).toEqual([]);
  });
});

describe("a wait for the rate limit, reported while it lasts (issue 59)", () => {
  it("reports the tier's wait after a second, with the wait left, then done; a request that goes at once reports nothing", async () => {
    const waits: RateLimitWait[] = [];
    const { client, pool } = mockedClient({
      rateLimit: { limit: 1, windowMs: 2_500 },
      onRateLimitWait: (wait) => waits.push(wait),
    });
    pool.intercept({ path: "/callbacks/cb_1", method: "GET" }).reply(200, wireCallback(), { headers: json }).times(2);
    await client.callbacks.retrieve("cb_1");
    expect(waits).toEqual([]);
    await client.callbacks.retrieve("cb_1");
    const [first, ...rest] = waits;
    expect(first).toMatchObject({ method: "GET", path: "/callbacks/cb_1", cause: "tier", done: false });
    expect(first.waitedMs).toBeGreaterThanOrEqual(1_000);
    expect(first.leftMs).toBeGreaterThan(0);
    expect(first.leftMs).toBeLessThanOrEqual(1_600);
    expect(rest.at(-1)).toMatchObject({ done: true, leftMs: 0 });
  });
});
