// The native door's own translations: provider settings as CheckConfig judges them, and secrets on the
// wire (unwrapped for the engine core, wrapped again for every property a shape declares secret).
import {
  configSource,
  providerConfigChange,
  providerSettingsDiff,
  settingFailures,
  withProviderUrn,
} from "../../../provider/settings/provider";
import { PROVIDER_URN_INPUT } from "../../../provider/shapes/reserved";
import { SettingsOwner } from "../../../provider/settings";
import { kindOfNativeToken } from "../../../provider/type-tokens";
import { NaturalKeys } from "../../../provider/native/identity";
import { createKeyOfUrn } from "../../../provider/shapes/identity";
import { propsOf, secret, unwrapSecrets, withSecrets } from "../../../provider/native/properties";
import { SHAPES } from "../../../provider/shapes";
import { CREATE_KEY_INPUT, SAME_KEY_AS_INPUT } from "../../../provider/shapes/reserved";
import type { ResourceKind, ShapeRules } from "../../../provider/shapes/shape";
import type { ProviderMethods } from "../../../provider/engine/resource-engine";
import { ResourceCalls } from "../../../provider/native/resource-calls";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";

describe("provider settings (CheckConfig)", () => {
  it("passes good settings, and leaves the dynamic door's named connections alone", () => {
    expect(
      settingFailures(
        {
          apiKey: "service_sk_x",
          baseUrl: "https://api.example.com",
          serviceVersion: "2026-01-01",
          rateLimitTier: "production",
          connections: "{}",
        },
        SettingsOwner.defaultProvider,
      ),
    ).toEqual([]);
  });

  it("names an unknown setting, a bad version and a bad tier, each with its fix, as stack config or as the explicit provider's property", () => {
    expect(settingFailures({ apikey: "x" }, SettingsOwner.provider("staging"))).toEqual([
      {
        property: "apikey",
        reason: expect.stringMatching(
          /^unknown setting 'apikey' \(it takes apiKey, baseUrl.*\. Remove it, or correct its name\./,
        ),
      },
    ]);
    // A publishable key, refused at CheckConfig, before any resource's call.
    expect(settingFailures({ apiKey: "service_pk_x" }, SettingsOwner.defaultProvider)[0].reason).toMatch(
      /^tcs:apiKey is a publishable key \(service_pk_\.\.\.\), which cannot create or change objects\. Run `pulumi config set --secret tcs:apiKey service_sk_\.\.\.`\./,
    );
    const [version] = settingFailures({ serviceVersion: "2026-13-45" }, SettingsOwner.defaultProvider);
    expect(version.property).toBe("serviceVersion");
    // The engine prints the value before the reason: the reason says what is wrong with it, not the value again.
    expect(version.reason).toMatch(
      /^tcs:serviceVersion must be a published version, 2026-01-01 or later: not a calendar date\. Run `pulumi config set tcs:serviceVersion 2026-01-01`/,
    );
    expect(settingFailures({ serviceVersion: "2025-01-01" }, SettingsOwner.provider("staging"))[0].reason).toMatch(
      /^serviceVersion .*\. Set the provider's serviceVersion to 2026-01-01\./,
    );
    expect(settingFailures({ baseUrl: "http://api.example.com" }, SettingsOwner.provider("staging"))[0].property).toBe(
      "baseUrl",
    );
    expect(settingFailures({ rateLimitTier: "fast" }, SettingsOwner.defaultProvider)).toEqual([
      {
        property: "rateLimitTier",
        reason: expect.stringMatching(
          /^tcs:rateLimitTier must be development, production or a custom window.*\. Run `pulumi config set tcs:rateLimitTier production`\. See docs\/guide\.md#configuration$/,
        ),
      },
    ]);
    // An explicit provider's tier is its input, as its other settings are: no config command.
    expect(settingFailures({ rateLimitTier: "fast" }, SettingsOwner.provider("staging"))).toEqual([
      {
        property: "rateLimitTier",
        reason: expect.stringMatching(
          /^rateLimitTier must be development, .*\. Set the provider's rateLimitTier to production\. See docs\/guide\.md#configuration$/,
        ),
      },
    ]);
  });

  it("reads a provider's settings as the plugin's config source, tcs:<name>, and nothing else", () => {
    const source = configSource({
      apiKey: "service_sk_x",
      baseUrl: "https://api.example.com",
      other: "x",
      rateLimitTier: "",
    });
    expect([
      source("tcs:apiKey"),
      source("tcs:baseUrl"),
      source("tcs:other"),
      source("tcs:rateLimitTier"),
      source("tcs:connections"),
    ]).toEqual(["service_sk_x", "https://api.example.com", undefined, undefined, undefined]);
  });
});

describe("a change of provider settings (DiffConfig)", () => {
  const [defaults, prod] = [
    "urn:pulumi:dev::p::pulumi:providers:tcs::default",
    "urn:pulumi:dev::p::pulumi:providers:tcs::prod",
  ];
  const dev = withProviderUrn({ apiKey: "service_sk_dev", baseUrl: "https://dev.example.com" }, defaults);

  const [inDev, inProd] = [{ id: "rol_devoldest" }, { id: "rol_prodoldest" }];

  it("replaces a resource moved to a provider of another environment", () => {
    const moved = withProviderUrn({ apiKey: "service_sk_prod", baseUrl: "https://prod.example.com" }, prod);
    expect(providerConfigChange(prod, dev, moved, { old: inDev, new: inProd })).toEqual({
      changed: ["apiKey", "baseUrl"],
      replaces: ["apiKey", "baseUrl"],
    });
  });

  it("keeps the resources of one provider whose key was rotated, and of a move to a provider with the same settings", async () => {
    expect(
      providerConfigChange(defaults, dev, withProviderUrn({ ...dev, apiKey: "service_sk_rotated" }, defaults), {
        old: inDev,
        new: inDev,
      }),
    ).toEqual({
      changed: ["apiKey"],
      replaces: [],
    });
    expect(
      await providerSettingsDiff(
        prod,
        dev,
        withProviderUrn({ apiKey: "service_sk_dev", baseUrl: "https://dev.example.com" }, prod),
      ),
    ).toEqual({
      changed: [],
      replaces: [],
    });
    expect(dev[PROVIDER_URN_INPUT]).toBe(defaults);
  });
});

describe("secrets on the wire", () => {
  it("unwraps secrets at any depth, and wraps every secret property again, whatever the program sent", () => {
    const wire = Struct.fromJavaScript({ value: secret({ token: secret("t") }) as never, name: "n" });
    expect(propsOf(wire)).toEqual({ value: { token: "t" }, name: "n" });
    expect(unwrapSecrets([secret(1), { a: secret(2) }])).toEqual([1, { a: 2 }]);
    const outs = withSecrets(
      { value: { base_url: "https://x" }, name: "n", gone: undefined, empty: null },
      SHAPES.ProviderConfig.secretOutputs,
    );
    expect(outs).toEqual({ value: secret({ base_url: "https://x" }), name: "n", empty: null });
  });

  it("Read returns every property a shape marks secret as secret, in its outputs and its inputs, refreshed or as state held them (issue 58)", async () => {
    const value = { base_url: "https://x" };
    // The engine core's answer to a refresh whose inputs changed by hand, to one whose did not, and to an import.
    const engine = (kind: string) =>
      ({
        read: async (id: string, props: Record<string, unknown>) =>
          props.name === "changed"
            ? {
                id,
                props: { value, url: kind === "IntegrationSetupSession" ? "https://setup/x" : undefined },
                inputs: { value, name: "n" },
              }
            : { id, props: { value } },
        readForImport: async (id: string) => ({ id, props: { value, url: "https://setup/x" }, inputs: { name: "n" } }),
      }) as unknown as ProviderMethods;
    const calls = new ResourceCalls(engine as (kind: ResourceKind) => ProviderMethods);
    const urn = "urn:pulumi:dev::p::tcs:index:ProviderConfig::c";
    const refreshed = await calls.read("tcs:index:ProviderConfig", urn, "pcfg_1", { name: "changed" }, {});
    expect(refreshed).toMatchObject({ outputs: { value: secret(value) }, inputs: { value: secret(value), name: "n" } });
    const kept = await calls.read("tcs:index:ProviderConfig", urn, "pcfg_1", { name: "same" }, { value, name: "n" });
    expect(kept).toMatchObject({ outputs: { value: secret(value) }, inputs: { value: secret(value), name: "n" } });
    const session = await calls.read(
      "tcs:index:IntegrationSetupSession",
      urn.replace("ProviderConfig::c", "IntegrationSetupSession::s"),
      "iss_1",
      {},
      {},
      true,
    );
    expect(session.outputs).toMatchObject({ url: secret("https://setup/x") });
  });
});

describe("identity from the URN", () => {
  const role = SHAPES.Role as unknown as ShapeRules<Record<string, unknown>>;
  const urn = (name: string) => `urn:pulumi:dev::project::tcs:index:Role::${name}`;

  it("gives each resource a create key stable across runs, and another to another resource", () => {
    expect(createKeyOfUrn(urn("a"))).toBe(createKeyOfUrn(urn("a")));
    expect(createKeyOfUrn(urn("a"))).not.toBe(createKeyOfUrn(urn("b")));
  });

  it("names the first resource that declared a natural key to any other declaring it; a value not known yet claims nothing", () => {
    const keys = new NaturalKeys();
    const first = keys.identify(urn("a"), "Role", role, { slug: "triage" });
    expect(first[CREATE_KEY_INPUT]).toBe(createKeyOfUrn(urn("a")));
    expect(first[SAME_KEY_AS_INPUT]).toBeUndefined();
    expect(keys.identify(urn("b"), "Role", role, { slug: "triage" })[SAME_KEY_AS_INPUT]).toBe(urn("a"));
    expect(keys.identify(urn("a"), "Role", role, { slug: "triage" })[SAME_KEY_AS_INPUT]).toBeUndefined();
    expect(
      keys.identify(urn("c"), "Role", role, { slug: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" })[SAME_KEY_AS_INPUT],
    ).toBeUndefined();
  });

  it("knows the five native tokens and refuses any other, listing them", () => {
    expect(kindOfNativeToken("tcs:index:CallbackInstance")).toBe("CallbackInstance");
    expect(() => kindOfNativeToken("tcs:index:Nope")).toThrow(
      /unknown resource type tcs:index:Nope: the tcs provider serves tcs:index:Callback, /,
    );
  });
});
