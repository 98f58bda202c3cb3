// Bad inputs fail at preview, before anything is sent: each case names the property and the fix,
// and the emulator sees no write. One preview per case, so each failure is attributed exactly.
import * as path from "node:path";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { FIX } from "./helpers/programs";
import { requests, startTestEmulator, tcsStack, type TcsStack } from "./helpers/tcs-stack";
import { outputCollector } from "./helpers/workspace";

const IN_8_DAYS = new Date(Date.now() + 8 * 86_400_000).toISOString();
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString();
const GOOD_VALUE = { base_url: "https://api.github.com", timeout_seconds: 30 };
const manyKeys = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));

// [case, resource factory, property named, words of the reason]
const CASES: Array<[string, () => void, string, RegExp]> = [
  ["callback: malformed integration provider id", () => new tcs.Callback("x", { integrationProviderId: "github" }), "integrationProviderId", /intp_/],
  [
    "callback: name too long",
    () => new tcs.Callback("x", { integrationProviderId: FIX.githubIntegrationProvider, name: "n".repeat(256) }),
    "name",
    /at most 255/,
  ],
  [
    "callback: description too long",
    () => new tcs.Callback("x", { integrationProviderId: FIX.githubIntegrationProvider, description: "d".repeat(2001) }),
    "description",
    /at most 2000/,
  ],
  [
    "callback: too many metadata keys",
    () => new tcs.Callback("x", { integrationProviderId: FIX.githubIntegrationProvider, metadata: manyKeys }),
    "metadata",
    /at most 49/,
  ],
  [
    "callback: metadata key too long",
    () => new tcs.Callback("x", { integrationProviderId: FIX.githubIntegrationProvider, metadata: { ["k".repeat(41)]: 1 } }),
    `metadata.${"k".repeat(41)}`,
    /40 characters/,
  ],
  [
    "callback: metadata value too large",
    () => new tcs.Callback("x", { integrationProviderId: FIX.githubIntegrationProvider, metadata: { big: "v".repeat(600) } }),
    "metadata.big",
    /500 characters/,
  ],
  [
    "callback: bad adoptId",
    () => new tcs.Callback("x", { integrationProviderId: FIX.githubIntegrationProvider, adoptId: "rol_aaaaaaaaaaaaaaaaaaaa" }),
    "adoptId",
    /cb_/,
  ],
  [
    "instance: malformed callback id",
    () => new tcs.CallbackInstance("x", { callbackId: "cb_short", providerConfigId: "pcfg_aaaaaaaaaaaaaaaaaaaa" }),
    "callbackId",
    /cb_/,
  ],
  [
    "instance: missing provider config",
    () => new tcs.CallbackInstance("x", { callbackId: "cb_aaaaaaaaaaaaaaaaaaaa" } as unknown as tcs.CallbackInstanceArgs),
    "providerConfigId",
    /./,
  ],
  [
    "instance: malformed auth config id",
    () =>
      new tcs.CallbackInstance("x", { callbackId: "cb_aaaaaaaaaaaaaaaaaaaa", providerConfigId: "pcfg_aaaaaaaaaaaaaaaaaaaa", providerAuthConfigId: "oauth" }),
    "providerAuthConfigId",
    /pac_/,
  ],
  ["config: neither value nor vault", () => new tcs.ProviderConfig("x", { providerId: FIX.githubProvider }), "value", /providerConfigVaultId/],
  [
    "config: empty tool key list",
    () => new tcs.ProviderConfig("x", { providerId: FIX.githubProvider, value: GOOD_VALUE, toolFilters: { type: "tool_keys", keys: [] } }),
    "toolFilters.keys",
    /at least one/,
  ],
  [
    "config: unknown tool filter type",
    () => new tcs.ProviderConfig("x", { providerId: FIX.githubProvider, value: GOOD_VALUE, toolFilters: { type: "deny_all" } as unknown as tcs.ToolFilters }),
    "toolFilters.type",
    /allow_all/,
  ],
  [
    "config: malformed deployment id",
    () => new tcs.ProviderConfig("x", { providerId: FIX.githubProvider, providerDeploymentId: "cloud", value: GOOD_VALUE }),
    "providerDeploymentId",
    /pdep_/,
  ],
  [
    "config: value not a uri (live schema)",
    () => new tcs.ProviderConfig("x", { providerId: FIX.githubProvider, value: { base_url: "not a url", timeout_seconds: 30 } }),
    "value.base_url",
    /uri/,
  ],
  [
    "config: value misses a required setting",
    () => new tcs.ProviderConfig("x", { providerId: FIX.githubProvider, value: { base_url: "https://api.github.com" } }),
    "value.timeout_seconds",
    /required/,
  ],
  [
    "config: value has an unknown setting",
    () => new tcs.ProviderConfig("x", { providerId: FIX.githubProvider, value: { ...GOOD_VALUE, colour: "blue" } }),
    "value.colour",
    /not a setting/,
  ],
  [
    "config: value out of range",
    () => new tcs.ProviderConfig("x", { providerId: FIX.githubProvider, value: { base_url: "https://api.github.com", timeout_seconds: 9000 } }),
    "value.timeout_seconds",
    /300/,
  ],
  ["role: slug with spaces", () => new tcs.Role("x", { name: "R", slug: "Bad Slug", permissions: ["thread_read"] }), "slug", /lowercase/],
  ["role: slug too long", () => new tcs.Role("x", { name: "R", slug: "a".repeat(65), permissions: ["thread_read"] }), "slug", /at most 64/],
  ["role: permission twice", () => new tcs.Role("x", { name: "R", slug: "ok", permissions: ["thread_read", "thread_read"] }), "permissions", /twice/],
  ["role: empty name", () => new tcs.Role("x", { name: "", slug: "ok", permissions: ["thread_read"] }), "name", /empty/],
  [
    "session: expiry beyond 7 days",
    () => new tcs.IntegrationSetupSession("x", { integrationId: FIX.devtoolsIntegration, name: "s", expiresAt: IN_8_DAYS }),
    "expiresAt",
    /7 days/,
  ],
  [
    "session: expiry in the past",
    () => new tcs.IntegrationSetupSession("x", { integrationId: FIX.devtoolsIntegration, name: "s", expiresAt: YESTERDAY }),
    "expiresAt",
    /future/,
  ],
  [
    "session: expiry not a date-time",
    () => new tcs.IntegrationSetupSession("x", { integrationId: FIX.devtoolsIntegration, name: "s", expiresAt: "tomorrow" }),
    "expiresAt",
    /ISO 8601/,
  ],
  [
    "session: plain http redirect",
    () => new tcs.IntegrationSetupSession("x", { integrationId: FIX.devtoolsIntegration, name: "s", redirectUrl: "http://example.com/done" }),
    "redirectUrl",
    /https/,
  ],
  [
    "session: redirect not a URL",
    () => new tcs.IntegrationSetupSession("x", { integrationId: FIX.devtoolsIntegration, name: "s", redirectUrl: "/done" }),
    "redirectUrl",
    /absolute/,
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
