// Bad inputs fail at preview, before anything is sent: each case names the property and the fix,
// and the emulator sees no write. One preview per case, so each failure is attributed exactly.
import * as path from "node:path";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { FIX } from "./helpers/programs";
import { requests, startTestEmulator, tcsStack, type TcsStack } from "./helpers/tcs-stack";
import { outputCollector } from "./helpers/workspace";

// [case, resource factory, property named, words of the reason]: one case for each form the engine
// prints a failure in (the property named; a path inside an input, its value in parentheses; a
// secret's, its value not shown). Every zod rule's case runs in process, through the same check:
// test/integration/provider/bad-inputs-at-check.test.ts.
const CASES: Array<[string, () => void, string, RegExp]> = [
  [
    "callback: metadata key too long",
    () =>
      new tcs.Callback("x", {
        integrationProviderId: FIX.githubIntegrationProvider,
        metadata: { ["k".repeat(41)]: 1 },
      }),
    `metadata.${"k".repeat(41)}`,
    /40 characters/,
  ],
  [
    "config: value misses a required setting",
    () =>
      new tcs.ProviderConfig("x", { providerId: FIX.githubProvider, value: { base_url: "https://api.github.com" } }),
    "value.timeout_seconds",
    /required/,
  ],
  [
    "role: slug with spaces",
    () => new tcs.Role("x", { name: "R", slug: "Bad Slug", permissions: ["thread_read"] }),
    "slug",
    /lowercase/,
  ],
];

describe("bad inputs fail at preview with the property named", () => {
  let emulator: RunningEmulator;
  let env: TcsStack;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    env = tcsStack("bad-inputs", emulator);
  });
  afterAll(async () => {
    env.scratch.remove();
    await emulator.close();
  });

  it.each(CASES)("%s", async (_name, declare, property, reason) => {
    const stack = await env.open(async () => {
      declare();
    });
    await requests.reset(emulator);
    const output = outputCollector();
    await expect(stack.preview({ onOutput: output.onOutput })).rejects.toThrow();
    const text = output.text();
    // A failure on a secret input (a config's value) names the property without a value (planner.ts);
    // one inside an input names its path with the value in parentheses (property-path.ts).
    const named = property.replace(/\./g, "\\.");
    expect(text).toMatch(new RegExp(`(property ${named}\\b|${named}:|${named} \\()`));
    expect(text).toMatch(reason);
    const byMethod = await requests.byMethod(emulator);
    expect((byMethod.POST ?? 0) + (byMethod.PATCH ?? 0) + (byMethod.PUT ?? 0) + (byMethod.DELETE ?? 0)).toBe(0);
  });

  it("says how to set the API key when none is configured", async () => {
    const { openStack } = await import("../lib/engine");
    const stack = await openStack({
      program: async () => {
        new tcs.Role("x", { name: "R", slug: "ok", permissions: ["thread_read"] });
      },
      workDir: path.join(env.scratch.dir, "nokey"),
      stackName: "nokey",
      backendDir: env.scratch.backendDir,
      env: { TCS_API_KEY: "", TCS_BASE_URL: "" },
    });
    const output = outputCollector();
    await expect(stack.preview({ onOutput: output.onOutput })).rejects.toThrow();
    expect(output.text()).toContain("pulumi config set --secret tcs:apiKey");
  });

  it("warns when tcs:rateLimitTier paces a production key far below what the service allows it", async () => {
    const slow = tcsStack("tier-warning", emulator, "production", { "tcs:rateLimitTier": "development" });
    try {
      const role = (name: string) => async () => {
        new tcs.Role("ops", { name, slug: "tier-warning-ops", permissions: ["thread_read"] });
      };
      const stack = await slow.open(role("Ops"));
      const paced = outputCollector();
      await stack.up({ onOutput: paced.onOutput });
      expect(paced.text()).toContain(
        "the service allows this API key 5000 requests per 10 minutes, but tcs:rateLimitTier (development) paces this run to 100 per 600 s",
      );
      expect(paced.text()).toContain("pulumi config set tcs:rateLimitTier production");
      // With the tier the key has, the same kind of run says nothing.
      const renamed = await slow.open(role("Ops team"));
      await renamed.setConfig("tcs:rateLimitTier", { value: "production" });
      const matched = outputCollector();
      await renamed.up({ onOutput: matched.onOutput });
      expect(matched.text()).toMatch(/1 updated/);
      expect(matched.text()).not.toContain("tcs:rateLimitTier");
    } finally {
      slow.scratch.remove();
    }
  });
});
