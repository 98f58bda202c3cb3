import { formatRateLimitTier, missingSettings, parseRateLimitTier, readSettings } from "../../../provider/config";

describe("provider settings", () => {
  it("prefers stack config over the environment", () => {
    const settings = readSettings((key) => ({ "tcs:apiKey": "service_sk_config" })[key], { TCS_API_KEY: "service_sk_env", TCS_BASE_URL: "http://env" });
    expect(settings).toMatchObject({ apiKey: "service_sk_config", baseUrl: "http://env" });
  });

  it("says how to set what is missing, without echoing any value", () => {
    expect(missingSettings(readSettings(() => undefined, {}))).toMatch(/pulumi config set --secret tcs:apiKey/);
    expect(missingSettings(readSettings(() => undefined, { TCS_API_KEY: "service_sk_x" }))).toMatch(/tcs:baseUrl/);
    expect(missingSettings(readSettings(() => undefined, { TCS_API_KEY: "service_sk_x", TCS_BASE_URL: "http://x" }))).toBeUndefined();
  });

  it("rejects an unknown rate limit tier, naming the choices", () => {
    expect(() => readSettings((key) => (key === "tcs:rateLimitTier" ? "enterprise" : undefined), {})).toThrow(
      /development, production or a custom window such as 1000\/60s/,
    );
    expect(() => readSettings(() => undefined, { TCS_RATE_LIMIT_TIER: "0/60s" })).toThrow(/tcs:rateLimitTier/);
  });

  it("reads a negotiated window written <requests>/<seconds>s", () => {
    expect(readSettings(() => undefined, { TCS_RATE_LIMIT_TIER: "1000/60s" }).rateLimitTier).toEqual({ limit: 1000, windowMs: 60_000 });
    expect(readSettings((key) => (key === "tcs:rateLimitTier" ? "production" : undefined), {}).rateLimitTier).toBe("production");
  });

  it("writes a tier back the way tcs:rateLimitTier takes it (in the tier warning)", () => {
    for (const written of ["development", "production", "1000/60s", "5/1s"]) expect(formatRateLimitTier(parseRateLimitTier(written))).toBe(written);
  });
});
