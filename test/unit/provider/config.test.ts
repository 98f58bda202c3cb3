import { missingSettings, readSettings } from "../../../provider/config";

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
    expect(() => readSettings((key) => (key === "tcs:rateLimitTier" ? "enterprise" : undefined), {})).toThrow(/development, production/);
  });
});
