// A development key at scale: 300 resources on a key tier that allows 100 requests per window. The
// emulator's development tier is scaled down to the same 100 requests in a 10 s window (instead of
// 10 min) and the provider is told that window (`tcs:rateLimitTier 100/10s`), so `up` and `refresh`
// must be paced by the client's limiter, with not one 429 from the service.
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { mixCounts, mixProgram } from "../lib/mix-program";
import { liveInventory, stateInventory } from "../e2e/helpers/inventory";
import { requests, startTestEmulator, tcsStack } from "../e2e/helpers/tcs-stack";

const N = 300;
const WINDOW = { limit: 100, windowMs: 10_000 };

describe("a development key at scale", () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator({ rateLimits: { development: WINDOW } });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it(`creates and refreshes ${N} resources within the tier's window, with zero 429s`, async () => {
    const env = tcsStack("devkey", emulator, "development", {
      "tcs:rateLimitTier": `${WINDOW.limit}/${WINDOW.windowMs / 1000}s`,
    });
    try {
      const stack = await env.open(mixProgram(N, { slugPrefix: "devkey" }));
      const before = await liveInventory(emulator, "development", "devkey-");
      await new Promise((resolve) => setTimeout(resolve, WINDOW.windowMs)); // a fresh window for the run
      await requests.reset(emulator);
      const started = Date.now();
      const said: string[] = [];
      const up = await stack.up({ onEvent: (event) => said.push(event.diagnosticEvent?.message ?? "") });
      const upSeconds = (Date.now() - started) / 1000;
      // The waits are said while they last (issue 59): status lines, and one warning naming the tier.
      expect(
        said.filter((message) =>
          /waiting \d+ s for the rate limit \(tcs:rateLimitTier 100\/10s allows 100 requests per 10 s\)/.test(message),
        ).length,
      ).toBeGreaterThan(0);
      expect(said.filter((message) => message.includes("requests wait"))).toHaveLength(1);
      expect(up.summary.resourceChanges?.create).toBe(N + 1); // and the stack itself
      const afterUp = await requests.read(emulator);
      expect(afterUp.rate_limited).toBe(0);
      const posts = Object.entries(afterUp.by_route)
        .filter(([route]) => route.startsWith("POST "))
        .reduce((sum, [, n]) => sum + n, 0);
      expect(posts).toBe(N);
      // More requests than one window allows, so the limiter must have made the run wait.
      expect(afterUp.total).toBeGreaterThan(WINDOW.limit);
      expect(upSeconds).toBeGreaterThan(((afterUp.total - WINDOW.limit) / WINDOW.limit) * (WINDOW.windowMs / 1000));

      await requests.reset(emulator);
      const refresh = await stack.refresh();
      expect(refresh.summary.result).toBe("succeeded");
      expect((await requests.read(emulator)).rate_limited).toBe(0);

      // The environment holds exactly what the state holds (the check's own reads wait for a fresh window).
      await new Promise((resolve) => setTimeout(resolve, WINDOW.windowMs));
      const state = await stateInventory(stack);
      expect(state.Role).toHaveLength(mixCounts(N).roles);
      expect(await liveInventory(emulator, "development", "devkey-", before)).toEqual(state);

      await requests.reset(emulator);
      await stack.destroy();
      expect((await requests.read(emulator)).rate_limited).toBe(0);
    } finally {
      env.scratch.remove();
    }
  });
});
