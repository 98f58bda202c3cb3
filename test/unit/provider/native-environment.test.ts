// Which environment a provider's settings reach, on the native door: what CheckConfig records, what
// DiffConfig makes of the environments before and after a change of key or base URL, and how a
// failed question reads (the questions themselves, against the emulator, are in
// test/e2e/native-provider-environment.test.ts).
import { APIError, AuthenticationError, ResponseValidationError } from "../../../sdk/core/errors";
import {
  checkedSettings,
  providerSettingsDiff,
  providerConfigChange,
  providerOwner,
  withProviderUrn,
  environmentFact,
} from "../../../provider/settings/provider";
import { factOf, type EnvironmentFact } from "../../../provider/settings/environment";
import { UNKNOWN } from "../../../provider/shapes/normalize";
import { ENVIRONMENT_PROPERTY } from "../../../provider/shapes/reserved";
import { render, type Refusal } from "../../../provider/diagnostic";

const STAGING = "urn:pulumi:dev::p::pulumi:providers:tcs::staging";
const DEFAULT = "urn:pulumi:dev::p::pulumi:providers:tcs::default_0_1_0";
const settings = { apiKey: "service_sk_one", baseUrl: "https://api.example.com", rateLimitTier: "production" };
const recorded = { ...withProviderUrn(settings, STAGING), [ENVIRONMENT_PROPERTY]: "rol_oldest" };
const context = { headers: {}, method: "GET", path: "/roles" };
const DOCS = "docs/native-provider.md#settings-and-several-environments";
/** Why an environment cannot be told, as factOf says it. */
const why = (
  summary: string,
  fix = "Run pulumi preview again when the service answers",
  docs: Refusal["docs"] = DOCS,
): Refusal => ({
  summary,
  fix,
  docs,
});
/** The same, for a refused key or a base URL that is not the service's: worded as the dynamic door words it. */
const refusedAs = (summary: string, fix: string) => why(summary, fix, "docs/guide.md#configuration");

// The service's answer to the environment question, without a service: its oldest role.
jest.mock("../../../provider/settings/client", () => ({
  clientFromSettings: () => ({ roles: { list: () => Promise.resolve({ items: [{ id: "rol_asked" }] }) } }),
}));

describe("what CheckConfig records of the environment", () => {
  const environmentOf = async (olds: Record<string, unknown>, news: Record<string, unknown>) =>
    (await checkedSettings(STAGING, olds, news)).inputs[ENVIRONMENT_PROPERTY];

  it("keeps the recorded environment while the key and base URL stay, whatever else changes", async () => {
    expect(await environmentOf(recorded, { ...settings, rateLimitTier: "development" })).toBe("rol_oldest");
  });

  it("asks the service for a new provider, a new key or base URL, and state that records none", async () => {
    expect(await environmentOf({}, settings)).toBe("rol_asked");
    expect(await environmentOf(recorded, { ...settings, apiKey: "service_sk_two" })).toBe("rol_asked");
    expect(await environmentOf(recorded, { ...settings, baseUrl: "https://other.example.com" })).toBe("rol_asked");
    expect(await environmentOf(withProviderUrn(settings, STAGING), settings)).toBe("rol_asked");
  });
});

describe("what DiffConfig makes of a change of key or base URL", () => {
  const rotated = { ...settings, apiKey: "service_sk_two" };
  const change = (facts: { old: EnvironmentFact; new: EnvironmentFact }, news = rotated, urn = STAGING) =>
    providerConfigChange(urn, withProviderUrn(recorded, urn), withProviderUrn(news, urn), facts);

  it("keeps the resources when the new settings reach the same environment (a rotated key)", () => {
    expect(change({ old: { id: "rol_oldest" }, new: { id: "rol_oldest" } })).toEqual({
      changed: ["apiKey"],
      replaces: [],
    });
  });

  it("replaces them when the new settings reach another environment, naming the settings that changed", () => {
    expect(change({ old: { id: "rol_oldest" }, new: { id: "rol_other" } })).toEqual({
      changed: ["apiKey"],
      replaces: ["apiKey"],
    });
    const moved = { ...settings, baseUrl: "https://eu.example.com", apiKey: "service_sk_eu" };
    expect(change({ old: { id: "rol_oldest" }, new: { id: "rol_eu" } }, moved)).toEqual({
      changed: ["apiKey", "baseUrl"],
      replaces: ["apiKey", "baseUrl"],
    });
  });

  it("replaces them at a preview whose new key is not known yet, as Pulumi plans an unknown that may replace", () => {
    expect(change({ old: { id: "rol_oldest" }, new: { computed: true } }, { ...settings, apiKey: UNKNOWN })).toEqual({
      changed: ["apiKey"],
      replaces: ["apiKey"],
    });
  });

  it("refuses a change whose environment cannot be told, naming the provider, the setting and the reason with its fix", () => {
    expect(() =>
      change({ old: { id: "rol_oldest" }, new: { unknown: why("the new settings got 503 service_unavailable") } }),
    ).toThrow(
      "tcs provider staging: apiKey changed, but the new settings got 503 service_unavailable: nothing is kept or replaced. " +
        `Run pulumi preview again when the service answers. See ${DOCS}`,
    );
    expect(() =>
      change(
        {
          old: { unknown: why("the previous tcs:apiKey is refused (401 unauthorized)", "Put them back") },
          new: { id: "rol_oldest" },
        },
        rotated,
        DEFAULT,
      ),
    ).toThrow(
      `the default tcs provider: the previous tcs:apiKey is refused (401 unauthorized), unrecorded in state: nothing is kept or replaced. Put them back. See ${DOCS}`,
    );
  });

  describe("settings that are gone, as in a stack moved to another backend without its config file (issue 59)", () => {
    const saved = { apiKey: process.env.TCS_API_KEY, baseUrl: process.env.TCS_BASE_URL };
    beforeEach(() => {
      delete process.env.TCS_API_KEY;
      delete process.env.TCS_BASE_URL;
    });
    afterEach(() => {
      for (const [name, value] of [
        ["TCS_API_KEY", saved.apiKey],
        ["TCS_BASE_URL", saved.baseUrl],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });
    const gone = (urn: string, news: Record<string, unknown>) =>
      providerConfigChange(urn, withProviderUrn(recorded, urn), withProviderUrn(news, urn), {
        old: { id: "rol_oldest" },
        new: { unknown: why("no API key and no base URL for the Tool Connectivity Service", "Run ...") },
      });

    it("says they are missing, names the config file and the docs section on moving a stack", () => {
      expect(() => gone(DEFAULT, { rateLimitTier: "production" })).toThrow(
        "the default tcs provider: tcs:apiKey and tcs:baseUrl are missing, but state holds resources made with them: nothing is kept " +
          "or replaced. Set them again: a moved stack needs its Pulumi.dev.yaml. See docs/guide.md#moving-a-stack-to-another-backend",
      );
      expect(() => gone(STAGING, { baseUrl: settings.baseUrl })).toThrow(
        /^tcs provider staging: apiKey is missing, .* Set the provider's apiKey again\. See docs\/guide\.md#moving-a-stack-to-another-backend$/,
      );
    });

    it("counts a setting the environment variable still gives as there, and says changed for settings that differ", () => {
      process.env.TCS_API_KEY = "service_sk_from_env";
      expect(() => gone(DEFAULT, { baseUrl: settings.baseUrl })).toThrow(
        /^the default tcs provider: tcs:apiKey changed, but no API key and no base URL for the Tool Connectivity Service: nothing is kept or replaced/,
      );
    });
  });

  it("replaces a resource moved to another provider whose environment cannot be told, as a move always did", () => {
    const prod = "urn:pulumi:dev::p::pulumi:providers:tcs::prod";
    expect(
      providerConfigChange(prod, recorded, withProviderUrn(rotated, prod), {
        old: { id: "rol_oldest" },
        new: { unknown: why("the new settings got 503 service_unavailable") },
      }),
    ).toEqual({
      changed: ["apiKey"],
      replaces: ["apiKey"],
    });
    expect(
      providerConfigChange(prod, recorded, withProviderUrn(rotated, prod), {
        old: { id: "rol_oldest" },
        new: { id: "rol_oldest" },
      }),
    ).toEqual({
      changed: ["apiKey"],
      replaces: [],
    });
  });

  it("does not count the recorded environment as a change of settings", async () => {
    expect(
      await providerSettingsDiff(STAGING, recorded, {
        ...withProviderUrn(settings, STAGING),
        [ENVIRONMENT_PROPERTY]: "rol_oldest",
      }),
    ).toEqual({
      changed: [],
      replaces: [],
    });
  });
});

describe("a question the service could not answer", () => {
  const names = (urn: string, which: "new" | "previous") => ({
    owner: providerOwner(urn),
    which,
    urn,
    baseUrl: "https://api.example.com",
  });

  it("reads the oldest role's id as the environment", () => {
    expect(factOf({ id: "rol_oldest" }, names(STAGING, "new"))).toEqual({ id: "rol_oldest" });
  });

  it("names the setting to fix: a refused new key, a base URL that is not the service's", () => {
    const refused = new AuthenticationError({
      ...context,
      status: 401,
      body: { code: "unauthorized", message: "The API key is unknown." },
    });
    expect(factOf({ error: refused }, names(STAGING, "new"))).toEqual({
      unknown: refusedAs(
        "the service refused the new apiKey (401 unauthorized)",
        "Set the provider's apiKey to a secret key (service_sk_...) of the environment to manage.",
      ),
    });
    expect(factOf({ error: refused }, names(DEFAULT, "new"))).toEqual({
      unknown: refusedAs(
        "the service refused the new tcs:apiKey (401 unauthorized)",
        "Set the key of that environment: pulumi config set --secret tcs:apiKey service_sk_...",
      ),
    });
    const page = new ResponseValidationError("list of roles", [{ path: [], message: "the body is not JSON" }], context);
    expect(factOf({ error: page }, names(STAGING, "new"))).toEqual({
      unknown: refusedAs(
        "the new baseUrl does not reach the service: GET /roles answered 200 with a body that is not JSON (a web page, say)",
        "Set the provider's baseUrl to the service's base URL",
      ),
    });
    expect(factOf({ empty: true }, names(STAGING, "new"))).toEqual({
      unknown: why(
        "the new baseUrl lists no role (every environment has some)",
        "Set the provider's baseUrl to https://...",
      ),
    });
  });

  it("asks to put the previous settings back for one up when state does not record their environment and they no longer answer", () => {
    const refused = new AuthenticationError({
      ...context,
      status: 401,
      body: { code: "unauthorized", message: "revoked" },
    });
    expect(factOf({ error: refused }, names(DEFAULT, "previous"))).toEqual({
      unknown: why(
        "the service refused the previous tcs:apiKey (401 unauthorized)",
        "Put the previous settings back for one pulumi up, then change them",
      ),
    });
  });

  it("asks to run again when the service did not answer", () => {
    const outage = APIError.generate({
      ...context,
      status: 503,
      body: { code: "service_unavailable", message: "down" },
    });
    expect(factOf({ error: outage }, names(STAGING, "new"))).toEqual({
      unknown: why("the new settings got 503 service_unavailable"),
    });
  });

  it("when the previous settings do not answer, names the way out for settings that never reached the service", () => {
    const refusedConnection = Object.assign(new Error("Connection error: connect ECONNREFUSED 127.0.0.1:4999"), {
      name: "APIConnectionError",
    });
    expect(factOf({ error: refusedConnection }, names(DEFAULT, "previous"))).toEqual({
      unknown: why(
        "the previous settings got no answer (ECONNREFUSED)",
        `Never answered? pulumi state delete '${DEFAULT}'`,
      ),
    });
  });

  it("tells the default provider from an explicit one by its URN", () => {
    expect(
      [DEFAULT, "urn:pulumi:dev::p::pulumi:providers:tcs::default", STAGING].map((urn) => providerOwner(urn).kind),
    ).toEqual(["default", "default", "provider"]);
  });

  it("says what settings that cannot be asked lack, as the provider's inputs or the stack config", async () => {
    const lacking = async (urn: string, settings: Record<string, unknown>) =>
      render(((await environmentFact(urn, settings, "new")) as { unknown: Refusal }).unknown);
    expect(await lacking(STAGING, {})).toBe(
      "tcs provider staging has no API key and no base URL. Set the provider's apiKey (a secret key, service_sk_...) and baseUrl (the service's https://... URL). See docs/guide.md#configuration",
    );
    expect(await lacking(DEFAULT, { baseUrl: "https://api.example.com" })).toMatch(
      /^No API key for the Tool Connectivity Service\. Run `pulumi config set --secret tcs:apiKey/,
    );
  });
});
