import { inspect } from "node:util";
import { createServer } from "node:net";
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  InternalServerError,
  PermissionDeniedError,
  RateLimitError,
  ToolConnectivityClient,
} from "../../../sdk/index";
import { startSdkHarness, type SdkHarness } from "./sdk-helpers";

let h: SdkHarness;
beforeAll(async () => {
  h = await startSdkHarness();
});
afterAll(() => h.close());
afterEach(async () => {
  await h.control("DELETE", "/_emulator/faults");
});

interface Counters {
  total: number;
  by_route: Record<string, number>;
}

async function countersDuring(run: () => Promise<void>): Promise<Counters> {
  await h.control("DELETE", "/_emulator/requests");
  await run();
  return h.control<Counters>("GET", "/_emulator/requests");
}

function faults(...rules: object[]) {
  return h.control("POST", "/_emulator/faults", { seed: 7, rules });
}

let slugCounter = 0;
const role = () => ({ name: "Resilience", slug: `resilience-${++slugCounter}`, permissions: ["thread_read"] });

describe("retries against injected faults", () => {
  it("waits out a 429 as Retry-After says and then succeeds", async () => {
    const logs: string[] = [];
    await faults({ method: "GET", path: "/roles", status: 429, retry_after: 1, count: 1 });
    const started = Date.now();
    const page = await h.client({ logger: (l) => logs.push(l) }).roles.list();
    expect(page.items.length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(logs.filter((l) => l.includes("-> 429"))).toHaveLength(1);
    expect(logs.filter((l) => l.includes("-> 200"))).toHaveLength(1);
  });

  it("retries a POST refused with 429, creating exactly one object", async () => {
    await faults({ method: "POST", path: "/roles", status: 429, retry_after: 1, count: 1 });
    const body = role();
    const counters = await countersDuring(async () => {
      await h.client().roles.create(body);
    });
    expect(counters.by_route["POST /roles"]).toBe(2);
    expect((await h.client().roles.list({ slug: body.slug })).items).toHaveLength(1);
  });

  it("retries 5xx on reads and idempotent writes", async () => {
    const client = h.client();
    const created = await client.roles.create(role());
    await faults(
      { method: "GET", path: "/roles/*", status: 503, count: 2 },
      { method: "PUT", path: "/roles/*", status: 500, count: 1, retry_after: 0 },
    );
    const counters = await countersDuring(async () => {
      expect((await client.roles.retrieve(created.id)).id).toBe(created.id);
      expect(
        (await client.roles.update(created.id, { name: "Again", slug: created.slug!, permissions: [] })).name,
      ).toBe("Again");
    });
    expect(counters.by_route["GET /roles/{roleId}"]).toBe(3);
    expect(counters.by_route["PUT /roles/{roleId}"]).toBe(2);
  });

  it("does not retry a POST that got a 5xx", async () => {
    await faults({ method: "POST", path: "/roles", status: 500, count: 1 });
    let error: unknown;
    const counters = await countersDuring(async () => {
      error = await h
        .client()
        .roles.create(role())
        .catch((e: unknown) => e);
    });
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).mayHaveBeenProcessed).toBe(true);
    expect(counters.by_route["POST /roles"]).toBe(1);
  });

  it("does not retry a POST whose connection dropped after commit: one object, mayHaveBeenProcessed", async () => {
    await faults({ method: "POST", path: "/roles", drop_after_commit: true, count: 1 });
    const body = role();
    let error: unknown;
    const counters = await countersDuring(async () => {
      error = await h
        .client()
        .roles.create(body)
        .catch((e: unknown) => e);
    });
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as APIConnectionError).mayHaveBeenProcessed).toBe(true);
    expect((error as APIConnectionError).method).toBe("POST");
    expect((error as APIConnectionError).path).toBe("/roles");
    expect(counters.by_route["POST /roles"]).toBe(1);
    // The caller reconciles: the role was created, exactly once.
    expect((await h.client().roles.list({ slug: body.slug })).items).toHaveLength(1);
  });

  it("retries reads and idempotent writes whose connection dropped", async () => {
    const client = h.client();
    const created = await client.roles.create(role());
    await faults(
      { method: "GET", path: "/roles/*", drop_after_commit: true, count: 1 },
      { method: "PUT", path: "/roles/*", drop_after_commit: true, count: 1 },
    );
    expect((await client.roles.retrieve(created.id)).id).toBe(created.id);
    expect(
      (await client.roles.update(created.id, { name: "Dropped once", slug: created.slug!, permissions: [] })).name,
    ).toBe("Dropped once");
  });

  it("retries a POST when the connection is refused, and reports it as not processed", async () => {
    const port = await closedPort();
    const logs: string[] = [];
    const client = new ToolConnectivityClient({
      apiKey: h.emu.keys.development.secret,
      baseUrl: `http://127.0.0.1:${port}`,
      maxRetries: 1,
      logger: (l) => logs.push(l),
    });
    const error = await client.roles.create(role()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as APIConnectionError).mayHaveBeenProcessed).toBe(false);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    expect(logs.filter((l) => l.startsWith("[tcs] POST /roles -> connection"))).toHaveLength(2);
  });
});

describe("error classes for what the service answers", () => {
  it("a 403 is a PermissionDeniedError, a 429 past maxRetries a RateLimitError with retryAfterSeconds", async () => {
    await faults(
      { method: "GET", path: "/callbacks", status: 403, count: 1 },
      { method: "GET", path: "/roles", status: 429, retry_after: 1, count: 1 },
    );
    const client = h.client({ maxRetries: 0 });
    const forbidden = await client.callbacks.list().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(forbidden).toBeInstanceOf(PermissionDeniedError);
    expect((forbidden as PermissionDeniedError).requestId).toMatch(/^req_/);
    const limited = await client.roles.list().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).retryAfterSeconds).toBe(1);
    expect((limited as RateLimitError).message).toMatch(/^429 \w+: .*\[GET \/roles, request req_\w+\]$/);
  });

  it("an abort while the service is slow is an APIUserAbortError", async () => {
    await faults({ method: "GET", path: "/roles", latency_ms: 2000, count: 1 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    await expect(h.client().roles.list({}, { signal: controller.signal })).rejects.toBeInstanceOf(APIUserAbortError);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe("timeouts and concurrency", () => {
  it("times out a slow read and retries it", async () => {
    await faults({ method: "GET", path: "/roles", latency_ms: 1500, count: 1 });
    const logs: string[] = [];
    const page = await h.client({ timeoutMs: 200, logger: (l) => logs.push(l) }).roles.list();
    expect(page.items.length).toBeGreaterThan(0);
    expect(logs[0]).toMatch(/-> timeout/);
  });

  it("does not retry a timed-out POST: the service may have carried it out", async () => {
    await faults({ method: "POST", path: "/roles", latency_ms: 400, count: 1 });
    const body = role();
    let error: unknown;
    const counters = await countersDuring(async () => {
      error = await h
        .client({ timeoutMs: 100 })
        .roles.create(body)
        .catch((e: unknown) => e);
    });
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as APIConnectionTimeoutError).mayHaveBeenProcessed).toBe(true);
    expect(counters.by_route["POST /roles"]).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect((await h.client().roles.list({ slug: body.slug })).items.length).toBeLessThanOrEqual(1);
  });

  it("keeps at most maxConcurrency requests in flight", async () => {
    await faults({ method: "GET", path: "/roles", latency_ms: 150 });
    const client = h.client({ maxConcurrency: 2 });
    const started = Date.now();
    await Promise.all(Array.from({ length: 6 }, () => client.roles.list()));
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 150 - 10);
  });
});

describe("redaction against the service", () => {
  it("keeps the key out of every log line and error, across successes and failures", async () => {
    const key = h.emu.keys.development.secret;
    const logs: string[] = [];
    const client = h.client({ logger: (l) => logs.push(l), maxRetries: 1 });
    await faults(
      { method: "POST", path: "/roles", drop_after_commit: true, count: 1 },
      { method: "GET", path: "/callbacks", status: 503, retry_after: 0 },
    );
    const outcomes = await Promise.all([
      client.roles.list().then(() => undefined),
      client.roles.create(role()).catch((e: unknown) => e),
      client.callbacks.list().then(
        () => undefined,
        (e: unknown) => e,
      ),
      client.roles.retrieve("rol_missing").catch((e: unknown) => e),
      client.roles.create({ name: "", slug: "BAD", permissions: [] }).catch((e: unknown) => e),
      new ToolConnectivityClient({
        apiKey: `${key}x`,
        baseUrl: h.emu.url,
        rateLimit: false,
        logger: (l) => logs.push(l),
      }).roles
        .list()
        .then(
          () => undefined,
          (e: unknown) => e,
        ),
    ]);
    const errors = outcomes.filter((o): o is Error => o instanceof Error);
    expect(errors).toHaveLength(5);
    for (const error of errors) {
      for (const text of [
        error.message,
        error.stack ?? "",
        JSON.stringify(error),
        inspect(error, { depth: 10, showHidden: true }),
        String(error),
      ]) {
        expect(text).not.toContain(key);
      }
    }
    expect(logs.length).toBeGreaterThanOrEqual(7);
    for (const line of logs) expect(line).not.toContain(key);
    for (const text of [String(client), JSON.stringify(client), inspect(client, { depth: 10, showHidden: true })])
      expect(text).not.toContain(key);
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
