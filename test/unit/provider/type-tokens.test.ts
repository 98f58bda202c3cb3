// The type tokens existing states hold: each resource class, declared in a program run under Pulumi's
// mocks, reaches the engine with the token the policy pack, the drift tool and existing states know it
// by, and provider/type-tokens.ts says the same. The tokens are written out here, not read from
// type-tokens.ts: a token changed there must fail this test, since every state recorded under the old
// one would no longer match its resource.
import * as pulumi from "@pulumi/pulumi";
import { kindOfToken, NATIVE_TYPE_TOKENS, TYPE_TOKENS } from "../../../provider/type-tokens";

/** The tokens of every existing state: never edited. */
const RECORDED_TOKENS = {
  Callback: "pulumi-nodejs:dynamic/tcs:Callback",
  CallbackInstance: "pulumi-nodejs:dynamic/tcs:CallbackInstance",
  ProviderConfig: "pulumi-nodejs:dynamic/tcs:ProviderConfig",
  Role: "pulumi-nodejs:dynamic/tcs:Role",
  IntegrationSetupSession: "pulumi-nodejs:dynamic/tcs:IntegrationSetupSession",
};

/** The native provider's tokens (provider/native/schema.json), which its states hold: never edited either. */
const NATIVE_TOKENS = {
  Callback: "tcs:index:Callback",
  CallbackInstance: "tcs:index:CallbackInstance",
  ProviderConfig: "tcs:index:ProviderConfig",
  Role: "tcs:index:Role",
  IntegrationSetupSession: "tcs:index:IntegrationSetupSession",
};

describe("type tokens", () => {
  const registered: { type: string; name: string }[] = [];

  beforeAll(() => {
    pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          registered.push({ type: args.type, name: args.name });
          return { id: `${args.name}-id`, state: args.inputs };
        },
        call: (args) => args.inputs,
      },
      "project",
      "stack",
      true,
    );
  });

  it("are the tokens the resource classes register, one per kind", async () => {
    // Loaded after the mocks are set, as Pulumi's unit-testing guide says.
    const tcs = await import("../../../provider/index");
    const resources = [
      new tcs.Callback("a-callback", { integrationProviderId: "intp_1" }),
      new tcs.CallbackInstance("an-instance", { callbackId: "cb_1", providerConfigId: "pcfg_1" }),
      new tcs.ProviderConfig("a-config", { providerId: "prov_1", value: { key: "v" } }),
      new tcs.Role("a-role", { name: "R", slug: "r", permissions: ["thread_read"] }),
      new tcs.IntegrationSetupSession("a-session", { integrationId: "intg_1", name: "S" }),
    ];
    await Promise.all(resources.map((resource) => new Promise((resolve) => resource.urn.apply(resolve))));
    const byName = Object.fromEntries(registered.map((r) => [r.name, r.type]));
    expect(byName).toEqual({
      "a-callback": RECORDED_TOKENS.Callback,
      "an-instance": RECORDED_TOKENS.CallbackInstance,
      "a-config": RECORDED_TOKENS.ProviderConfig,
      "a-role": RECORDED_TOKENS.Role,
      "a-session": RECORDED_TOKENS.IntegrationSetupSession,
    });
  });

  it("are the ones provider/type-tokens.ts lists, and no other", () => {
    expect(TYPE_TOKENS).toEqual(RECORDED_TOKENS);
  });

  it("of the native provider are tcs:index:<Kind>, and both doors' tokens name their kind (the policy pack and pulumi-tcs drift read either)", () => {
    expect(NATIVE_TYPE_TOKENS).toEqual(NATIVE_TOKENS);
    for (const [kind, token] of [...Object.entries(RECORDED_TOKENS), ...Object.entries(NATIVE_TOKENS)])
      expect(kindOfToken(token)).toBe(kind);
    expect(kindOfToken("tcs:index:Unknown")).toBeUndefined();
    expect(kindOfToken("aws:s3:Bucket")).toBeUndefined();
  });
});
