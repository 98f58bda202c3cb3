// Bad inputs fail the plugin's check, before anything is sent: each case names the property and the
// fix, and the emulator sees no write. The check is the engine's own (TcsPlugin's ResourceEngine, as
// both doors run it), in process: a case a preview on the real engine took seconds for. The engine's
// printing of such a failure, through either door, is test/e2e/provider-bad-inputs.test.ts's (the
// dynamic door, one case per form of the message) and test/e2e/check-failure-values.test.ts's.
import type { RunningEmulator } from "../../../emulator/index";
import { fixtureId } from "../../../emulator/ids";
import type { ResourceKind } from "../../../provider/shapes/shape";
import { startPluginHarness, type PluginHarness } from "./plugin-harness";

const GITHUB_PROVIDER = fixtureId("prov_", "github");
const GITHUB_INTP = fixtureId("intp_", "github");
const DEVTOOLS = fixtureId("int_", "devtools");
const IN_8_DAYS = new Date(Date.now() + 8 * 86_400_000).toISOString();
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString();
const GOOD_VALUE = { base_url: "https://api.github.com", timeout_seconds: 30 };
const manyKeys = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));

// [case, resource, inputs, property named, words of the reason]
const CASES: Array<[string, ResourceKind, Record<string, unknown>, string, RegExp]> = [
  [
    "callback: malformed integration provider id",
    "Callback",
    { integrationProviderId: "github" },
    "integrationProviderId",
    /intp_/,
  ],
  [
    "callback: name too long",
    "Callback",
    { integrationProviderId: GITHUB_INTP, name: "n".repeat(256) },
    "name",
    /at most 255/,
  ],
  [
    "callback: description too long",
    "Callback",
    { integrationProviderId: GITHUB_INTP, description: "d".repeat(2001) },
    "description",
    /at most 2000/,
  ],
  [
    "callback: too many metadata keys",
    "Callback",
    { integrationProviderId: GITHUB_INTP, metadata: manyKeys },
    "metadata",
    /at most 49/,
  ],
  [
    "callback: metadata key too long",
    "Callback",
    { integrationProviderId: GITHUB_INTP, metadata: { ["k".repeat(41)]: 1 } },
    `metadata.${"k".repeat(41)}`,
    /40 characters/,
  ],
  [
    "callback: metadata value too large",
    "Callback",
    { integrationProviderId: GITHUB_INTP, metadata: { big: "v".repeat(600) } },
    "metadata.big",
    /500 characters/,
  ],
  [
    "callback: bad adoptId",
    "Callback",
    { integrationProviderId: GITHUB_INTP, adoptId: "rol_aaaaaaaaaaaaaaaaaaaa" },
    "adoptId",
    /cb_/,
  ],
  [
    "instance: malformed callback id",
    "CallbackInstance",
    { callbackId: "cb_short", providerConfigId: "pcfg_aaaaaaaaaaaaaaaaaaaa" },
    "callbackId",
    /cb_/,
  ],
  [
    "instance: missing provider config",
    "CallbackInstance",
    { callbackId: "cb_aaaaaaaaaaaaaaaaaaaa" },
    "providerConfigId",
    /./,
  ],
  [
    "instance: malformed auth config id",
    "CallbackInstance",
    {
      callbackId: "cb_aaaaaaaaaaaaaaaaaaaa",
      providerConfigId: "pcfg_aaaaaaaaaaaaaaaaaaaa",
      providerAuthConfigId: "oauth",
    },
    "providerAuthConfigId",
    /pac_/,
  ],
  [
    "config: neither value nor vault",
    "ProviderConfig",
    { providerId: GITHUB_PROVIDER },
    "value",
    /providerConfigVaultId/,
  ],
  [
    "config: empty tool key list",
    "ProviderConfig",
    { providerId: GITHUB_PROVIDER, value: GOOD_VALUE, toolFilters: { type: "tool_keys", keys: [] } },
    "toolFilters.keys",
    /at least one/,
  ],
  [
    "config: unknown tool filter type",
    "ProviderConfig",
    { providerId: GITHUB_PROVIDER, value: GOOD_VALUE, toolFilters: { type: "deny_all" } },
    "toolFilters.type",
    /allow_all/,
  ],
  [
    "config: malformed deployment id",
    "ProviderConfig",
    { providerId: GITHUB_PROVIDER, providerDeploymentId: "cloud", value: GOOD_VALUE },
    "providerDeploymentId",
    /pdep_/,
  ],
  [
    "config: value not a uri (live schema)",
    "ProviderConfig",
    { providerId: GITHUB_PROVIDER, value: { base_url: "not a url", timeout_seconds: 30 } },
    "value.base_url",
    /uri/,
  ],
  [
    "config: value misses a required setting",
    "ProviderConfig",
    { providerId: GITHUB_PROVIDER, value: { base_url: "https://api.github.com" } },
    "value.timeout_seconds",
    /required/,
  ],
  [
    "config: value has an unknown setting",
    "ProviderConfig",
    { providerId: GITHUB_PROVIDER, value: { ...GOOD_VALUE, colour: "blue" } },
    "value.colour",
    /not a setting/,
  ],
  [
    "config: value out of range",
    "ProviderConfig",
    { providerId: GITHUB_PROVIDER, value: { base_url: "https://api.github.com", timeout_seconds: 9000 } },
    "value.timeout_seconds",
    /300/,
  ],
  [
    "role: slug with spaces",
    "Role",
    { name: "R", slug: "Bad Slug", permissions: ["thread_read"] },
    "slug",
    /lowercase/,
  ],
  [
    "role: slug too long",
    "Role",
    { name: "R", slug: "a".repeat(65), permissions: ["thread_read"] },
    "slug",
    /at most 64/,
  ],
  [
    "role: permission twice",
    "Role",
    { name: "R", slug: "ok", permissions: ["thread_read", "thread_read"] },
    "permissions",
    /twice/,
  ],
  ["role: empty name", "Role", { name: "", slug: "ok", permissions: ["thread_read"] }, "name", /empty/],
  [
    "session: expiry beyond 7 days",
    "IntegrationSetupSession",
    { integrationId: DEVTOOLS, name: "s", expiresAt: IN_8_DAYS },
    "expiresAt",
    /7 days/,
  ],
  [
    "session: expiry in the past",
    "IntegrationSetupSession",
    { integrationId: DEVTOOLS, name: "s", expiresAt: YESTERDAY },
    "expiresAt",
    /future/,
  ],
  [
    "session: expiry not a date-time",
    "IntegrationSetupSession",
    { integrationId: DEVTOOLS, name: "s", expiresAt: "tomorrow" },
    "expiresAt",
    /ISO 8601/,
  ],
  [
    "session: plain http redirect",
    "IntegrationSetupSession",
    { integrationId: DEVTOOLS, name: "s", redirectUrl: "http://example.com/done" },
    "redirectUrl",
    /https/,
  ],
  [
    "session: redirect not a URL",
    "IntegrationSetupSession",
    { integrationId: DEVTOOLS, name: "s", redirectUrl: "/done" },
    "redirectUrl",
    /absolute/,
  ],
];

describe("bad inputs fail the engine's check with the property named, before any write", () => {
  let harness: PluginHarness;
  let emulator: RunningEmulator;
  beforeAll(async () => {
    harness = await startPluginHarness();
    emulator = harness.emulator;
  });
  afterAll(() => harness.close());

  /** Writes (POST, PATCH, PUT, DELETE) the emulator's public API served since the last call. */
  async function writesSince(): Promise<number> {
    const counts = (await (await fetch(`${emulator.url}/_emulator/requests`)).json()) as {
      by_route: Record<string, number>;
    };
    await fetch(`${emulator.url}/_emulator/requests`, { method: "DELETE" });
    return Object.entries(counts.by_route)
      .filter(([route]) => /^(POST|PATCH|PUT|DELETE) /.test(route))
      .reduce((sum, [, n]) => sum + n, 0);
  }

  it.each(CASES)("%s", async (_name, kind, inputs, property, reason) => {
    await writesSince();
    const { failures = [] } = await harness.pluginWith({}).engineFor(kind).check({}, inputs);
    // Named as the property, or, for a failure inside an input or with a value too long to print
    // whole, in the reason, the value in parentheses (property-path.ts; a secret's never shown).
    const naming = failures.filter(
      (f) =>
        f.property === property ||
        (f.property === "" && new RegExp(`^${property.replace(/\./g, "\\.")}( \\(|:)`).test(f.reason)),
    );
    expect({ failures, naming: naming.length }).toEqual({ failures, naming: 1 });
    expect(naming[0].reason).toMatch(reason);
    expect(await writesSince()).toBe(0);
  });
});
