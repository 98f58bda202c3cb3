// Waits for the rate limit are said (issue 59), on the real engine through both doors: with the
// service's window at 4 requests per 8 s, a first up of 8 roles waits: its requests need two windows,
// so four of them wait most of a window, past the second a wait takes to be said
// (sdk/internal/wait-reporter.ts) and the 5 s it takes to be warned about (provider/rate-limit-waits.ts),
// with 3 s to spare for a loaded machine's slower requests. The native door shows each wait on the
// waiting role's line (an ephemeral status in the engine's events, with its URN); the dynamic door
// writes a status line, the closest it has. Both warn once per run, naming the tier and how to raise
// it. npm test runs the native door's test, npm run test:long the dynamic door's
// (test/long/rate-limit-waits-dynamic.test.ts; issue 62).
import type { EngineEvent, PulumiFn } from "@pulumi/pulumi/automation";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { casesOfThisRun } from "./helpers/long-split";
import { nativePlugins, NativeResource } from "./helpers/native-resources";
import { startTestEmulator, tcsStack } from "./helpers/tcs-stack";
import type { Scratch } from "./helpers/workspace";

const ROLES = 8;
let emulator: RunningEmulator;
const scratches: Scratch[] = [];

beforeAll(async () => {
  emulator = await startTestEmulator({ rateLimits: { development: { limit: 4, windowMs: 8_000 } } });
});
afterAll(async () => {
  for (const scratch of scratches) scratch.remove();
  await emulator?.close();
});

type Door = "dynamic" | "native";

function rolesOf(door: Door): PulumiFn {
  return async () => {
    for (let n = 0; n < ROLES; n++) {
      const args = { name: `Waiter ${door} ${n}`, slug: `waiter-${door}-${n}`, permissions: ["thread_read"] };
      if (door === "dynamic") new tcs.Role(`waiter-${n}`, args);
      else new NativeResource("Role", `waiter-${n}`, args);
    }
  };
}

describe.each<Door>(casesOfThisRun(["native", "dynamic"]))("the %s door", (door) => {
  it("says each wait for the rate limit while it lasts, and warns once naming the tier and its fix", async () => {
    const stack = tcsStack(
      `waits-${door}`,
      emulator,
      "development",
      {},
      door === "native" ? { plugins: nativePlugins } : {},
    );
    scratches.push(stack.scratch);
    const events: EngineEvent[] = [];
    await (await stack.open(rolesOf(door))).up({ onEvent: (event) => events.push(event) });

    const diagnostics = events.flatMap((event) => (event.diagnosticEvent ? [event.diagnosticEvent] : []));
    const statuses = diagnostics.filter((diagnostic) => /waiting \d+ s for the rate limit/.test(diagnostic.message));
    expect(statuses.length).toBeGreaterThan(0);
    for (const status of statuses)
      expect(status.message).toMatch(/waiting \d+ s for the rate limit \(the service says this key's window is spent/);
    if (door === "native") {
      // On the waiting role's own line, and kept out of the run's diagnostics.
      expect(
        statuses.every((status) => status.ephemeral === true && /::tcs:index:Role::waiter-\d+$/.test(status.urn ?? "")),
      ).toBe(true);
    }
    const warnings = diagnostics.filter((diagnostic) => diagnostic.message.includes("requests wait"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toMatch(
      /requests wait \d+ s for the rate limit: .* See docs\/troubleshooting\.md#429-rate_limited/,
    );
    expect(warnings[0].message.trim().length).toBeLessThanOrEqual(300);
  });
});
