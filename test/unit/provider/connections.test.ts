// The stack config's named connections (provider/settings/connections.ts): what `pulumi config set --path`
// writes is read by name, and every mistake names the setting to fix.
import { render } from "../../../provider/diagnostic";
import {
  connectionNameProblem,
  readConnections,
  settingsFor,
  SettingsOwner,
  unusableSettings,
  type ProviderSettings,
} from "../../../provider/settings";

/** What the plugin throws when a connection's settings cannot be used. */
const missingConnectionSettings = (connection: string | undefined, settings: ProviderSettings) => {
  const refusal = unusableSettings(settings, SettingsOwner.connection(connection));
  return refusal && render(refusal);
};

const source = (values: Record<string, string>) => (key: string) => values[key];

describe("named connections", () => {
  const connections = {
    staging: { apiKey: "service_sk_staging", baseUrl: "http://staging", rateLimitTier: "development" },
    production: {
      apiKey: "service_sk_prod",
      baseUrl: "http://prod",
      serviceVersion: "2026-01-01",
      rateLimitTier: "1000/60s",
      production: true,
    },
  };
  const config = source({
    "tcs:connections": JSON.stringify(connections),
    "tcs:apiKey": "service_sk_default",
    "tcs:baseUrl": "http://default",
  });

  it("reads each connection by name, and the top-level settings when none is named", () => {
    expect(settingsFor("production", config, {})).toEqual({
      apiKey: "service_sk_prod",
      baseUrl: "http://prod",
      serviceVersion: "2026-01-01",
      rateLimitTier: { limit: 1000, windowMs: 60_000 },
      production: true,
    });
    expect(settingsFor("staging", config, {})).toMatchObject({
      apiKey: "service_sk_staging",
      rateLimitTier: "development",
    });
    expect(settingsFor(undefined, config, {})).toMatchObject({
      apiKey: "service_sk_default",
      baseUrl: "http://default",
    });
    // A program's config hands the structured value over as an object too.
    expect(readConnections(() => connections as unknown as string).get("staging")?.baseUrl).toBe("http://staging");
  });

  it("names the connection and how to restore it when config does not hold it", () => {
    expect(() => settingsFor("qa", config, {})).toThrow(
      /connection 'qa' is not in the stack config .*pulumi config set --path tcs:connections\.qa\.baseUrl .*--secret --path tcs:connections\.qa\.apiKey/,
    );
  });

  it("refuses malformed settings, naming the one to fix", () => {
    const bad = (value: unknown) => () => readConnections(source({ "tcs:connections": JSON.stringify(value) }));
    expect(bad({ staging: { apiKey: "k", baseUrl: "u", region: "eu" } })).toThrow(
      /tcs:connections\.staging: unknown setting 'region'/,
    );
    expect(bad({ staging: { rateLimitTier: "fast" } })).toThrow(
      /tcs:connections\.staging\.rateLimitTier must be development, production or/,
    );
    expect(bad({ staging: { baseUrl: 5 } })).toThrow(/tcs:connections\.staging\.baseUrl must be a string/);
    expect(bad({ staging: "http://x" })).toThrow(/tcs:connections\.staging must be an object/);
    expect(bad(["staging"])).toThrow(/tcs:connections must be an object of connections by name/);
    expect(bad({ "9lives": {} })).toThrow(/tcs:connections\.9lives: the connection's name must start with a letter/);
  });

  it("says what a connection lacks before any request, with the command that sets it", () => {
    expect(missingConnectionSettings("staging", { baseUrl: "http://x" })).toMatch(
      /connection 'staging' has no API key\. Run .*--secret --path tcs:connections\.staging\.apiKey/,
    );
    expect(missingConnectionSettings("staging", { apiKey: "k" })).toMatch(
      /connection 'staging' has no base URL\. Run .*--path tcs:connections\.staging\.baseUrl/,
    );
    expect(missingConnectionSettings("staging", {})).toBe(
      "connection 'staging' has no API key and no base URL. Run `pulumi config set --secret --path tcs:connections.staging.apiKey service_sk_...` " +
        "and `pulumi config set --path tcs:connections.staging.baseUrl https://...`. See docs/guide.md#configuration",
    );
    expect(missingConnectionSettings(undefined, {})).toMatch(/pulumi config set --secret tcs:apiKey/);
    expect(missingConnectionSettings("staging", { apiKey: "k", baseUrl: "https://staging.example" })).toBeUndefined();
  });

  // Issue 9: a bad value is reported the way a missing one is, naming the connection's setting.
  it("refuses a service version the service has not published, naming the connection's setting and the fix", () => {
    const staging = { apiKey: "k", baseUrl: "https://staging.example" };
    expect(missingConnectionSettings("staging", { ...staging, serviceVersion: "2026-13-45" })).toMatch(
      /^tcs:connections\.staging\.serviceVersion must be a published API version, dated 2026-01-01 or later \(got '2026-13-45': not a calendar date.*Run `pulumi config set --path tcs:connections\.staging\.serviceVersion 2026-01-01`\. See docs\/guide\.md#configuration$/,
    );
    expect(missingConnectionSettings("staging", { ...staging, serviceVersion: "2025-01-01" })).toMatch(
      /tcs:connections\.staging\.serviceVersion .*2026-01-01 or later \(got '2025-01-01': earlier than that/,
    );
    expect(missingConnectionSettings("staging", { ...staging, serviceVersion: "2026-01-01" })).toBeUndefined();
  });

  it("refuses plain http to a host that is not loopback, naming the connection's setting and the https URL to set", () => {
    expect(missingConnectionSettings("staging", { apiKey: "k", baseUrl: "http://staging.example.com" })).toBe(
      "tcs:connections.staging.baseUrl must use https (plain http only to a loopback host, such as 127.0.0.1), so the key never travels in clear " +
        "(got 'http://staging.example.com'). Run `pulumi config set --path tcs:connections.staging.baseUrl https://staging.example.com`. See docs/guide.md#configuration",
    );
    expect(missingConnectionSettings("staging", { apiKey: "k", baseUrl: "http://127.0.0.1:4010" })).toBeUndefined();
  });

  it("keeps 'default' for the top-level settings, as reports call them", () => {
    expect(connectionNameProblem("default")).toMatch(/reserved for the top-level tcs:\* settings/);
    expect(connectionNameProblem("staging-eu_2")).toBeUndefined();
  });
});
