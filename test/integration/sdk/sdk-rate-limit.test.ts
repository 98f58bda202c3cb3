// The client's limiter against the emulator's per-key windows, shrunk so the test runs in seconds:
// a burst of 60 requests must draw zero 429s, whether the client knows the tier (development: 20 per
// 2 s, declared) or has it wrong and must go by the RateLimit-* headers (production: 15 per 1 s,
// declared as the far larger published production tier).

import { ToolConnectivityClient } from "../../../sdk/index";
import { startSdkHarness, type SdkHarness } from "./sdk-helpers";

let h: SdkHarness;
beforeAll(async () => {
  h = await startSdkHarness({
    rateLimits: {
      perIp: { limit: 1_000_000, windowMs: 10_000 },
      development: { limit: 20, windowMs: 2000 },
      production: { limit: 15, windowMs: 1000 },
    },
  });
});
afterAll(() => h.close());

interface Counters {
  total: number;
  by_route: Record<string, number>;
}

async function burst(
  clients: ToolConnectivityClient[],
  requests: number,
): Promise<{ counters: Counters; elapsedMs: number }> {
  await h.control("DELETE", "/_emulator/requests");
  const started = Date.now();
  await Promise.all(Array.from({ length: requests }, (_, i) => clients[i % clients.length]!.roles.list({ limit: 1 })));
  const elapsedMs = Date.now() - started;
  return { counters: await h.control<Counters>("GET", "/_emulator/requests"), elapsedMs };
}

describe("rate limiting", () => {
  it("keeps a burst of 60 under a declared 20-per-2-s tier, shared by two clients of the same key", async () => {
    const logs: string[] = [];
    const options = {
      apiKey: h.emu.keys.development.secret,
      baseUrl: h.emu.url,
      rateLimit: { limit: 20, windowMs: 2000 },
      logger: (l: string) => logs.push(l),
    } as const;
    const { counters, elapsedMs } = await burst(
      [new ToolConnectivityClient(options), new ToolConnectivityClient(options)],
      60,
    );
    // Exactly one request per call reached the service: none was refused and retried.
    expect(counters.total).toBe(60);
    expect(logs.filter((l) => l.includes("-> 429"))).toHaveLength(0);
    expect(logs.filter((l) => l.includes("-> 200"))).toHaveLength(60);
    // 60 requests at 20 per 2 s take at least two full windows.
    expect(elapsedMs).toBeGreaterThanOrEqual(4000);
  });

  it("goes by the service's RateLimit headers when the declared tier is too generous", async () => {
    const logs: string[] = [];
    const client = new ToolConnectivityClient({
      apiKey: h.emu.keys.production.secret,
      baseUrl: h.emu.url,
      rateLimit: "production",
      logger: (l) => logs.push(l),
    });
    const { counters } = await burst([client], 60);
    expect(counters.total).toBe(60);
    expect(logs.filter((l) => l.includes("-> 429"))).toHaveLength(0);
  });
});
