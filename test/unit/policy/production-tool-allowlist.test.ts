import { productionToolAllowlist } from "../../../policy/rules/production-tool-allowlist";
import { messagesFor } from "./helpers";

const check = (props: Record<string, unknown>, stack: string, config?: Record<string, unknown>) =>
  messagesFor(
    productionToolAllowlist,
    "ProviderConfig",
    { providerId: "prov_1", ...props },
    { stack, name: "github", config },
  );

describe("tcs-production-tool-allowlist", () => {
  it("in a production stack, refuses a config exposing every tool: allow_all, or no toolFilters at all", async () => {
    expect(await check({}, "prod")).toEqual([
      `provider config 'github' exposes every tool (toolFilters absent, which means allow_all) in production stack 'prod'; set toolFilters to { type: "tool_keys", keys: [...] }`,
    ]);
    expect(await check({ toolFilters: { type: "allow_all" } }, "production")).toEqual([
      `provider config 'github' exposes every tool (toolFilters allow_all) in production stack 'production'; set toolFilters to { type: "tool_keys", keys: [...] }`,
    ]);
  });

  it("wants at least one tool key", async () => {
    const expected = [
      "provider config 'github' in production stack 'prod' must list at least one tool key in toolFilters.keys",
    ];
    expect(await check({ toolFilters: { type: "tool_keys", keys: [] } }, "prod")).toEqual(expected);
    expect(await check({ toolFilters: { type: "tool_keys" } }, "prod")).toEqual(expected);
    expect(await check({ toolFilters: { type: "tool_keys", keys: ["issues.list"] } }, "prod")).toEqual([]);
  });

  it("leaves other stacks alone", async () => {
    expect(await check({ toolFilters: { type: "allow_all" } }, "dev")).toEqual([]);
    expect(await check({}, "prod-eu")).toEqual([]); // not production under the defaults
  });

  it("takes production stacks from the config: exact names and * patterns, case-sensitive", async () => {
    const config = { productionStacks: ["live", "prod-*"] };
    expect(await check({}, "prod-eu", config)).toHaveLength(1);
    expect(await check({}, "live", config)).toHaveLength(1);
    expect(await check({}, "prod", config)).toEqual([]);
    expect(await check({}, "Live", config)).toEqual([]);
    // A pattern's other characters are literal: "prod.*" does not match "prodX-eu".
    expect(await check({}, "prodX-eu", { productionStacks: ["prod.*"] })).toEqual([]);
  });

  it("judges provider configs only", async () => {
    expect(
      await messagesFor(productionToolAllowlist, "Callback", { integrationProviderId: "intp_1" }, { stack: "prod" }),
    ).toEqual([]);
  });
});
