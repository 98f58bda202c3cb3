import { DEFAULT_DYNAMIC_PROVIDER_TYPE, TYPE_TOKENS } from "../../../provider/type-tokens";
import { apiKeySecret } from "../../../policy/rules/api-key-secret";
import { SECRET_KEYS } from "../../../policy/secret-inputs";
import { runStackPolicy, stackResource } from "./helpers";

/** The default provider's props as the pack sees them once secret tracking noted which keys were secret. */
function providerProps(
  config: Record<string, unknown>,
  secretKeys: string[] | undefined,
): Record<string | symbol, unknown> {
  const props = { ...config };
  if (secretKeys)
    Object.defineProperty(props, SECRET_KEYS, { value: Object.freeze(new Set(secretKeys)), enumerable: false });
  return props;
}

const provider = (config: Record<string, unknown>, secretKeys: string[] | undefined) =>
  stackResource(DEFAULT_DYNAMIC_PROVIDER_TYPE, providerProps(config, secretKeys), { stack: "prod", name: "default" });
const KEY = "service_sk_0123456789abcdef";

describe("tcs-api-key-secret", () => {
  it("passes a stack whose tcs:apiKey is a secret, or that has none (the key from TCS_API_KEY)", async () => {
    expect(
      await runStackPolicy(apiKeySecret, [provider({ "tcs:apiKey": KEY, "tcs:baseUrl": "http://x" }, ["tcs:apiKey"])]),
    ).toEqual([]);
    expect(await runStackPolicy(apiKeySecret, [provider({ "tcs:baseUrl": "http://x" }, [])])).toEqual([]);
  });

  it("refuses a plain-text tcs:apiKey, on the default provider, without echoing the key", async () => {
    const resource = provider({ "tcs:apiKey": KEY, "tcs:baseUrl": "http://x" }, []);
    const violations = await runStackPolicy(apiKeySecret, [resource]);
    expect(violations).toEqual([
      {
        message:
          "stack config tcs:apiKey of stack 'prod' is plain text; store it with `pulumi config set --secret tcs:apiKey <key>`",
        urn: resource.urn,
      },
    ]);
    expect(JSON.stringify(violations)).not.toContain(KEY);
  });

  it("refuses a named connection's key stored in plain text, naming the connection and not the key", async () => {
    const connections = JSON.stringify({
      staging: { apiKey: KEY, baseUrl: "http://x" },
      production: { baseUrl: "http://y" },
    });
    expect(
      await runStackPolicy(apiKeySecret, [provider({ "tcs:connections": connections }, ["tcs:connections"])]),
    ).toEqual([]);
    const resource = provider({ "tcs:connections": connections }, []);
    const violations = await runStackPolicy(apiKeySecret, [resource]);
    expect(violations).toEqual([
      {
        message:
          "stack config tcs:connections of stack 'prod' holds API keys in plain text ('staging'); store each with " +
          "`pulumi config set --secret --path tcs:connections.<name>.apiKey <key>`",
        urn: resource.urn,
      },
    ]);
    expect(JSON.stringify(violations)).not.toContain(KEY);
  });

  it("says it cannot tell, rather than passing, when secret markers were not tracked", async () => {
    expect(await runStackPolicy(apiKeySecret, [provider({ "tcs:apiKey": KEY }, undefined)])).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/^cannot tell whether the stack config's API keys are secrets/),
      }),
    ]);
  });

  it("reads only the default dynamic provider's inputs", async () => {
    const callback = stackResource(TYPE_TOKENS.Callback, providerProps({ "tcs:apiKey": KEY }, []));
    expect(await runStackPolicy(apiKeySecret, [callback])).toEqual([]);
  });
});
