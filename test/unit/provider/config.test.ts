import {
  formatRateLimitTier,
  readSettings,
  SettingsOwner,
  unusableSettings,
  type ProviderSettings,
} from "../../../provider/settings";
import { render } from "../../../provider/diagnostic";

/** The refusal the plugin throws for settings it cannot use, as it prints it. */
const missingSettings = (settings: ProviderSettings) => {
  const refusal = unusableSettings(settings);
  return refusal && render(refusal);
};
import { tierBelowServiceAdvice } from "../../../provider/settings/client";

describe("provider settings", () => {
  it("prefers stack config over the environment", () => {
    const settings = readSettings((key) => ({ "tcs:apiKey": "service_sk_config" })[key], {
      TCS_API_KEY: "service_sk_env",
      TCS_BASE_URL: "http://env",
    });
    expect(settings).toMatchObject({ apiKey: "service_sk_config", baseUrl: "http://env" });
  });

  it("says how to set what is missing, without echoing any value", () => {
    expect(missingSettings(readSettings(() => undefined, {}))).toMatch(/pulumi config set --secret tcs:apiKey/);
    expect(missingSettings(readSettings(() => undefined, { TCS_API_KEY: "service_sk_x" }))).toMatch(/tcs:baseUrl/);
    expect(
      missingSettings(
        readSettings(() => undefined, { TCS_API_KEY: "service_sk_x", TCS_BASE_URL: "https://x.example" }),
      ),
    ).toBeUndefined();
  });

  it("names both the key and the base URL when both are missing, so one run tells every fix", () => {
    expect(missingSettings(readSettings(() => undefined, {}))).toBe(
      "No API key and no base URL for the Tool Connectivity Service. Run `pulumi config set --secret tcs:apiKey service_sk_...` and " +
        "`pulumi config set tcs:baseUrl https://...` or set TCS_API_KEY and TCS_BASE_URL. See docs/guide.md#configuration",
    );
  });

  // Issue 9: values the service would refuse, or that would send the key in clear, fail the preview
  // (the plugin's check reports what missingSettings says) instead of the up.
  const withSetting = (values: Record<string, string>) =>
    missingSettings(
      readSettings(
        (key) => ({ "tcs:apiKey": "service_sk_x", "tcs:baseUrl": "https://api.example.com", ...values })[key],
        {},
      ),
    );

  it("refuses a service version that is not a date, naming the setting and the fix", () => {
    for (const version of ["2026-13-45", "2026-02-30", "20260101", "latest", ""]) {
      expect(withSetting({ "tcs:serviceVersion": version })).toMatch(
        /^tcs:serviceVersion must be a published API version, dated 2026-01-01 or later \(got '.*': not a (calendar date|date YYYY-MM-DD); the service answers 400 unsupported_version\)\. Run `pulumi config set tcs:serviceVersion 2026-01-01` or set TCS_SERVICE_VERSION=2026-01-01\. See docs\/guide\.md#configuration$/,
      );
    }
  });

  it("refuses a service version before the first one the service published", () => {
    expect(withSetting({ "tcs:serviceVersion": "2025-01-01" })).toMatch(
      /^tcs:serviceVersion must be .* 2026-01-01 or later \(got '2025-01-01': earlier than that; the service answers 400 unsupported_version\)\. Run `pulumi config set tcs:serviceVersion 2026-01-01`/,
    );
    // From the environment too: the message says both ways to set it.
    expect(
      missingSettings(
        readSettings(() => undefined, {
          TCS_API_KEY: "k",
          TCS_BASE_URL: "https://x.example",
          TCS_SERVICE_VERSION: "1999-01-01",
        }),
      ),
    ).toMatch(/tcs:serviceVersion .*TCS_SERVICE_VERSION/);
  });

  it("takes the published version and later dates (versions the service may have published since)", () => {
    expect(withSetting({ "tcs:serviceVersion": "2026-01-01" })).toBeUndefined();
    expect(withSetting({ "tcs:serviceVersion": "2026-06-30" })).toBeUndefined();
    expect(withSetting({})).toBeUndefined();
  });

  it("refuses plain http for a host that is not loopback: the API key would travel in clear", () => {
    expect(withSetting({ "tcs:baseUrl": "http://api.example.com/v1" })).toBe(
      "tcs:baseUrl must use https (plain http only to a loopback host, such as 127.0.0.1), so the key never travels in clear " +
        "(got 'http://api.example.com/v1'). Run `pulumi config set tcs:baseUrl https://api.example.com/v1` or set TCS_BASE_URL=https://api.example.com/v1. " +
        "See docs/guide.md#configuration",
    );
    for (const url of [
      "http://127.0.0.1.example.com",
      "http://localhost.example.com:8080",
      "http://10.0.0.1",
      "ftp://api.example.com",
    ]) {
      expect(withSetting({ "tcs:baseUrl": url })).toMatch(
        /^tcs:baseUrl must use https \(plain http only to a loopback host/,
      );
    }
  });

  it("takes https anywhere and plain http on loopback hosts (the emulator listens on http://127.0.0.1)", () => {
    for (const url of [
      "https://api.example.com",
      "http://127.0.0.1:4010",
      "http://127.0.0.2:1/api",
      "http://localhost:8080",
      "http://[::1]:9000/",
      " https://api.example.com ",
    ]) {
      expect({ url, problem: withSetting({ "tcs:baseUrl": url }) }).toEqual({ url, problem: undefined });
    }
  });

  it("refuses a base URL that is not an absolute URL, or carries a query or fragment", () => {
    expect(withSetting({ "tcs:baseUrl": "api.example.com" })).toMatch(
      /^tcs:baseUrl must be an absolute https:\/\/ URL such as https:\/\/api\.example\.com \(got 'api\.example\.com'\)\. Run `pulumi config set tcs:baseUrl https:\/\/\.\.\.`/,
    );
    expect(withSetting({ "tcs:baseUrl": "https://api.example.com/?env=prod" })).toMatch(
      /^tcs:baseUrl must not carry a query string or fragment \(got 'https:\/\/api\.example\.com\/\?env=prod'\)\. Run `pulumi config set tcs:baseUrl https:\/\/api\.example\.com\/`/,
    );
  });

  it("never echoes credentials written into a base URL", () => {
    const message = withSetting({ "tcs:baseUrl": "http://user:hunter2@api.example.com" });
    expect(message).toMatch(/must use https/);
    expect(message).not.toMatch(/hunter2/);
  });

  it("rejects an unknown rate limit tier, naming the choices", () => {
    expect(() => readSettings((key) => (key === "tcs:rateLimitTier" ? "enterprise" : undefined), {})).toThrow(
      /development, production or a custom window such as 1000\/60s/,
    );
    expect(() => readSettings(() => undefined, { TCS_RATE_LIMIT_TIER: "0/60s" })).toThrow(/tcs:rateLimitTier/);
  });

  it("reads a negotiated window written <requests>/<seconds>s", () => {
    expect(readSettings(() => undefined, { TCS_RATE_LIMIT_TIER: "1000/60s" }).rateLimitTier).toEqual({
      limit: 1000,
      windowMs: 60_000,
    });
    expect(readSettings((key) => (key === "tcs:rateLimitTier" ? "production" : undefined), {}).rateLimitTier).toBe(
      "production",
    );
  });

  it("writes a tier back the way tcs:rateLimitTier takes it (in the tier warning)", () => {
    for (const written of ["development", "production", "1000/60s", "5/1s"])
      expect(
        formatRateLimitTier(
          readSettings((key) => (key === "tcs:rateLimitTier" ? written : undefined), {}).rateLimitTier!,
        ),
      ).toBe(written);
  });
});

describe("the tier advice (issue 59: advice only when the user can act on it)", () => {
  const notice = (serviceLimit: number, limit: number, windowMs = 600_000) => ({
    serviceLimit,
    tier: { limit, windowMs },
  });
  const advice = (...args: Parameters<typeof tierBelowServiceAdvice>) => render(tierBelowServiceAdvice(...args));

  it("advises production for a production key left on development", () => {
    expect(advice({}, notice(5000, 100))).toBe(
      "the service allows this API key 5000 requests per 10 minutes, but tcs:rateLimitTier (not set: development) paces this run to 100 per 600 s. " +
        "For a production key run `pulumi config set tcs:rateLimitTier production`. See docs/guide.md#configuration",
    );
  });

  it("never advises setting production again: with production set, the key's own window", () => {
    const production = advice({ rateLimitTier: "production" }, notice(20000, 5000));
    expect(production).not.toContain("tcs:rateLimitTier production");
    expect(production).toContain(
      "tcs:rateLimitTier (production) paces this run to 5000 per 600 s. To use them all, run `pulumi config set tcs:rateLimitTier 20000/600s`.",
    );
    const provider = advice({ rateLimitTier: "production" }, notice(20000, 5000), SettingsOwner.provider("prod"));
    expect(provider).toContain(
      "the rateLimitTier input of tcs provider prod (production) paces this run to 5000 per 600 s. To use them all, set it to `20000/600s`.",
    );
  });

  it("advises production over a negotiated window below it, and the key's window over one above", () => {
    expect(advice({ rateLimitTier: { limit: 10, windowMs: 60_000 } }, notice(5000, 10, 60_000))).toContain(
      "(10/60s) paces this run to 10 per 60 s. For a production key run `pulumi config set tcs:rateLimitTier production`",
    );
    expect(advice({ rateLimitTier: { limit: 1000, windowMs: 60_000 } }, notice(12000, 1000, 60_000))).toContain(
      "run `pulumi config set tcs:rateLimitTier 12000/600s`",
    );
  });
});
