// What the client does when the service (here the emulator, by fault rules) says to come back later:
// a wait longer than the client's ceiling fails at once, naming the endpoint and the wait; a wait the
// client does take ends at once when the caller aborts.
import { APIUserAbortError, RetryAfterTooLongError } from "../../../sdk/index";
import { startSdkHarness, type SdkHarness } from "./sdk-helpers";

let h: SdkHarness;
beforeAll(async () => {
  h = await startSdkHarness();
});
afterAll(() => h.close());
afterEach(async () => {
  await h.control("DELETE", "/_emulator/faults");
});

function faults(...rules: object[]) {
  return h.control("POST", "/_emulator/faults", { seed: 7, rules });
}

async function requestsDuring(run: () => Promise<void>): Promise<number> {
  await h.control("DELETE", "/_emulator/requests");
  await run();
  return (await h.control<{ total: number }>("GET", "/_emulator/requests")).total;
}

/** The error a call ends with, and how long it took to end. */
async function failureOf(call: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ms: Date.now() - started };
}

describe("Retry-After longer than the client waits", () => {
  it("a 503 asking to retry after a day fails within a second, naming the endpoint and the wait", async () => {
    await faults({ method: "GET", path: "/roles", status: 503, code: "service_unavailable", retry_after: 86400 });
    let outcome: { error: unknown; ms: number } | undefined;
    const sent = await requestsDuring(async () => {
      outcome = await failureOf(() => h.client().roles.list({ slug: "not-in-the-message", limit: 5 }));
    });
    const { error, ms } = outcome!;
    expect(ms).toBeLessThan(1000);
    expect(sent).toBe(1);
    expect(error).toBeInstanceOf(RetryAfterTooLongError);
    expect((error as Error).message).toMatch(
      /^GET \/roles: the service asked to retry after 86400 s \(503\), longer than this client waits \(at most 60 s\); try again later \[request req_\w+\]$/,
    );
    expect(error).toMatchObject({
      code: "ERR_TCS_RETRY_AFTER_TOO_LONG",
      status: 503,
      retryAfterSeconds: 86400,
      maxRetryAfterSeconds: 60,
    });
  });

  it("a 429 asking for a day fails at once, and so do the key's next requests, without reaching the service", async () => {
    // Its own key: the hold applies to every request of the key in this process.
    const client = h.client({ apiKey: h.emu.keys.production.secret });
    await faults({ method: "GET", path: "/callbacks", status: 429, retry_after: 86400, count: 1 });
    let first: { error: unknown; ms: number } | undefined;
    let next: { error: unknown; ms: number } | undefined;
    const sent = await requestsDuring(async () => {
      first = await failureOf(() => client.callbacks.list());
      next = await failureOf(() => client.roles.list());
    });
    expect(sent).toBe(1);
    expect(first!.error).toBeInstanceOf(RetryAfterTooLongError);
    expect((first!.error as Error).message).toMatch(
      /^GET \/callbacks: the service asked to retry after 86400 s \(429\)/,
    );
    expect(first!.ms).toBeLessThan(1000);
    expect(next!.error).toBeInstanceOf(RetryAfterTooLongError);
    expect((next!.error as Error).message).toMatch(/^GET \/roles: an earlier 429 asked this key to wait \d+ s more/);
    expect(next!.ms).toBeLessThan(1000);
  });
});

describe("a wait the client takes", () => {
  it("ends at once when the caller aborts", async () => {
    await faults({ method: "GET", path: "/roles", status: 503, retry_after: 30, count: 1 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { error, ms } = await failureOf(() => h.client().roles.list({}, { signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(ms).toBeLessThan(1000);
  });
});
