// The SDK's default tier is never silent: a client with no onTierBelowService, whose tier paces it
// below what the service allows the key, emits one process warning naming the rateLimit option, once
// per process however many clients and requests. (The warning is once per process, so the order of
// these tests matters: the handler case runs first.)
import { TIER_WARNING_CODE } from "../../../sdk/index";
import { json, mockedClient, wireCallback } from "./helpers";

const PRODUCTION_LIMIT = {
  headers: { ...json, "ratelimit-limit": "5000", "ratelimit-remaining": "4999", "ratelimit-reset": "0" },
};

// Observed where the SDK emits it (jest's sandboxed process does not relay the real one's events).
const emitWarning = jest.spyOn(process, "emitWarning").mockImplementation(() => undefined);
afterAll(() => emitWarning.mockRestore());

async function readThrice(options: Parameters<typeof mockedClient>[0] = {}): Promise<void> {
  const { client, pool } = mockedClient(options);
  pool.intercept({ path: "/callbacks/cb_1", method: "GET" }).reply(200, wireCallback(), PRODUCTION_LIMIT).times(3);
  for (let i = 0; i < 3; i++) await client.callbacks.retrieve("cb_1");
}

const tierWarnings = () =>
  emitWarning.mock.calls
    .filter(([, options]) => typeof options === "object" && options?.code === TIER_WARNING_CODE)
    .map(([message, options]) => ({ message: String(message), type: (options as { type?: string }).type }));

describe("a production key on the default tier", () => {
  it("calls the given onTierBelowService instead of warning the process", async () => {
    const notices: unknown[] = [];
    await readThrice({ onTierBelowService: (notice) => notices.push(notice) });
    expect(notices).toHaveLength(1);
    expect(tierWarnings()).toEqual([]);
  });

  it("warns nothing when the tier matches the key", async () => {
    await readThrice({ rateLimit: "production" });
    expect(tierWarnings()).toEqual([]);
  });

  it("with no handler, emits one process warning naming the rateLimit option, once per process", async () => {
    await readThrice();
    await readThrice();
    expect(tierWarnings()).toHaveLength(1);
    const [warning] = tierWarnings();
    expect(warning.type).toBe("ToolConnectivityWarning");
    expect(warning.message).toContain("5000 requests per 10 minutes");
    expect(warning.message).toContain("100 per 600 s");
    expect(warning.message).toMatch(/rateLimit option \(rateLimit: "production"/);
    expect(warning.message).not.toContain("service_sk_");
  });
});
