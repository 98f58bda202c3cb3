// tcs-production-tool-allowlist on named connections (issue 18): a provider config on a connection is
// production when the stack config marks that connection (tcs:connections.<name>.production, which the
// pack reads from the default provider's inputs) or the policy config lists it; the stack's name then
// does not matter. A config on the default connection keeps the stack-name rule.
import { productionToolAllowlist } from "../../../policy/rules/production-tool-allowlist";
import { markedProduction } from "../../../policy/production";
import { messagesFor, type Subject } from "./helpers";

/** The stack config as the default provider's inputs carry it: a structured key's value is its JSON. */
const STACK_CONFIG = {
  "tcs:apiKey": "service_sk_default000",
  "tcs:connections": JSON.stringify({
    live: { apiKey: "service_sk_live000", baseUrl: "https://live.example", production: true },
    staging: { apiKey: "service_sk_staging000", baseUrl: "https://staging.example" },
    legacy: { baseUrl: "https://legacy.example", production: "true" },
    sandbox: { baseUrl: "https://sandbox.example", production: false },
  }),
};

const allowAll = { providerId: "prov_1", toolFilters: { type: "allow_all" } };
const check = (props: Record<string, unknown>, subject: Subject) =>
  messagesFor(productionToolAllowlist, "ProviderConfig", props, { name: "github", provider: STACK_CONFIG, ...subject });

describe("tcs-production-tool-allowlist by connection", () => {
  it("refuses allow_all on the connection the stack config marks production, on a stack not named production", async () => {
    expect(await check({ ...allowAll, connection: "live" }, { stack: "main" })).toEqual([
      `provider config 'github' exposes every tool (toolFilters allow_all) in production connection 'live'; set toolFilters to { type: "tool_keys", keys: [...] }`,
    ]);
    expect(
      await check(
        { providerId: "prov_1", connection: "legacy", toolFilters: { type: "tool_keys", keys: [] } },
        { stack: "main" },
      ),
    ).toEqual([
      "provider config 'github' in production connection 'legacy' must list at least one tool key in toolFilters.keys",
    ]);
    expect(
      await check(
        { providerId: "prov_1", connection: "live", toolFilters: { type: "tool_keys", keys: ["issues.list"] } },
        { stack: "main" },
      ),
    ).toEqual([]);
  });

  it("leaves a connection that is not production alone, even in a stack named prod", async () => {
    expect(await check({ ...allowAll, connection: "staging" }, { stack: "prod" })).toEqual([]);
    expect(await check({ ...allowAll, connection: "sandbox" }, { stack: "production" })).toEqual([]);
  });

  it("takes production connections from the policy config too: names and * patterns", async () => {
    expect(
      await check(
        { ...allowAll, connection: "staging" },
        { stack: "main", config: { productionConnections: ["staging"] } },
      ),
    ).toHaveLength(1);
    expect(
      await check(
        { ...allowAll, connection: "prod-eu" },
        { stack: "main", provider: {}, config: { productionConnections: ["prod-*"] } },
      ),
    ).toEqual([expect.stringContaining("in production connection 'prod-eu'")]);
    // Without the provider's inputs (an explicit provider, say), the policy config alone decides.
    expect(
      await messagesFor(
        productionToolAllowlist,
        "ProviderConfig",
        { ...allowAll, connection: "live" },
        { stack: "main" },
      ),
    ).toEqual([]);
  });

  it("keeps the stack-name rule for a config on the default connection", async () => {
    expect(await check(allowAll, { stack: "prod" })).toEqual([
      `provider config 'github' exposes every tool (toolFilters allow_all) in production stack 'prod'; set toolFilters to { type: "tool_keys", keys: [...] }`,
    ]);
    expect(await check(allowAll, { stack: "main", config: { productionConnections: ["*"] } })).toEqual([]);
  });

  it("reads only the production marks of the stack config, and never reports a key", async () => {
    expect(
      [
        ...markedProduction({ type: "pulumi:providers:pulumi-nodejs", name: "default", urn: "u", props: STACK_CONFIG }),
      ].sort(),
    ).toEqual(["legacy", "live"]);
    expect(markedProduction({ type: "t", name: "n", urn: "u", props: { "tcs:connections": "{not json" } }).size).toBe(
      0,
    );
    expect(
      markedProduction({
        type: "t",
        name: "n",
        urn: "u",
        props: { "tcs:connections": { live: { production: true } } },
      }),
    ).toEqual(new Set(["live"]));
    const messages = await check({ ...allowAll, connection: "live" }, { stack: "main" });
    expect(messages.join("\n")).not.toMatch(/service_sk_/);
  });
});
