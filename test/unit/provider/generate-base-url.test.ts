// `generate` judges its base URL by the provider's rule before any connection (issue 58): from
// --base-url (before the stack's config is even read), TCS_BASE_URL, or a stack's named connection.
// The refusal is cli/base-url.ts's, which asks settings/declaration.ts's baseUrlProblem, which asks the SDK's
// rule (key-transport.ts): the provider's check, the commands and the client agree on every URL.
import { baseUrlRefusal } from "../../../provider/cli/base-url";
import { resolveTarget, type StackConfigReader } from "../../../provider/cli/generate/target";
import { unusableSettings } from "../../../provider/settings";
import { ToolConnectivityClient } from "../../../sdk";

const KEY = "service_sk_neverSentInClear0123456789";
const INSECURE = "http://192.0.2.2:48123";

const stackWith = (baseUrl: string): StackConfigReader => {
  const config: Record<string, string> = { "tcs:connections": JSON.stringify({ staging: { apiKey: KEY, baseUrl } }) };
  return jest.fn(async () => (key: string) => config[key]);
};

describe("generate's base URL", () => {
  it("refuses --base-url in plain http to another host before the stack's config is read", async () => {
    const reader = stackWith("https://staging.example");
    await expect(resolveTarget({ connection: "staging", stack: "dev", baseUrl: INSECURE }, {}, reader)).rejects.toThrow(
      baseUrlRefusal(INSECURE, { flag: "--base-url" }),
    );
    expect(reader).not.toHaveBeenCalled();
    await expect(resolveTarget({ baseUrl: INSECURE }, { TCS_API_KEY: KEY }, reader)).rejects.toThrow(
      "--base-url is plain http to a host that is not loopback: the API key would travel in clear. " +
        "Use --base-url https://192.0.2.2:48123. See docs/guide.md#configuration",
    );
  });

  it("refuses TCS_BASE_URL and a stack's connection URL alike, naming where each came from", async () => {
    await expect(resolveTarget({}, { TCS_API_KEY: KEY, TCS_BASE_URL: INSECURE }, stackWith(""))).rejects.toThrow(
      baseUrlRefusal(INSECURE, { variable: "TCS_BASE_URL" }),
    );
    await expect(
      resolveTarget({ connection: "staging", stack: "dev", cwd: "infra" }, {}, stackWith(INSECURE)),
    ).rejects.toThrow(
      "Run pulumi config set --path tcs:connections.staging.baseUrl https://192.0.2.2:48123 --stack dev --cwd infra. See docs/guide.md#configuration",
    );
    // --base-url wins over the stack's URL: an unsafe one in the stack is not what generate would use.
    await expect(
      resolveTarget({ connection: "staging", stack: "dev", baseUrl: "https://ok.example" }, {}, stackWith(INSECURE)),
    ).resolves.toMatchObject({
      baseUrl: "https://ok.example",
    });
  });

  it("takes what the provider takes, and the SDK too", () => {
    const urls = [
      "https://api.example.com",
      "http://127.0.0.1:4010",
      "http://localhost:8080",
      "http://[::1]:4010",
      "http://127.9.9.9",
      INSECURE,
      "http://api.example.com",
      "http://[::2]",
      "http://user:secret@10.0.0.1",
      "ftp://api.example.com",
      "https://api.example.com/?x=1",
    ];
    for (const url of urls) {
      const provider = unusableSettings({ apiKey: KEY, baseUrl: url }) === undefined;
      const command = baseUrlRefusal(url, { flag: "--base-url" }) === undefined;
      let sdk = true;
      try {
        new ToolConnectivityClient({ apiKey: KEY, baseUrl: url });
      } catch {
        sdk = false;
      }
      expect({ url, command, sdk }).toEqual({ url, command: provider, sdk: provider });
    }
  });

  it("never echoes credentials written into the URL", () => {
    expect(baseUrlRefusal("http://user:hunter2@10.0.0.1", { variable: "TCS_BASE_URL" })).not.toContain("hunter2");
  });
});
