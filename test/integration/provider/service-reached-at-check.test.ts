// Issue 9, the part that needs the service: settings and inputs that pass the offline checks but that
// the service refuses failed only at `up` (a 404 naming no setting, a 422 on the create). They now fail
// the plugin's check, the preview, naming the setting or field and the fix:
// - a base URL that does not reach the service (a wrong path, or another server entirely), found by the
//   key check a writing run already sends (GET /roles?limit=1, provider/settings/environment.ts);
// - a config vault of another provider, found from the configs made from that vault
//   (provider/engine/vault-provider-check.ts).
// A preview whose inputs did not change still sends no request.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningEmulator } from "../../../emulator/index";
import { startPluginHarness, type PluginHarness } from "./plugin-harness";
import { fixtureId } from "../../../emulator/ids";

const NEW_ROLE = { name: "Ops", slug: "ops", permissions: ["thread_read"] };
const GITHUB = fixtureId("prov_", "github");
const LINEAR = fixtureId("prov_", "linear");
const GITHUB_VAULT = fixtureId("pcvt_", "githubdefault");
const LINEAR_VAULT = fixtureId("pcvt_", "lineardefault");

/** A server that is not the service: answers every request with this status, content type and body. */
async function otherServer(
  status: number,
  contentType: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(status, { "content-type": contentType, ...headers });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("settings and inputs the service would refuse, refused at check", () => {
  let harness: PluginHarness;
  let emulator: RunningEmulator;
  beforeAll(async () => {
    harness = await startPluginHarness();
    emulator = harness.emulator;
  });
  afterAll(() => harness.close());

  const requests = () => harness.requests();
  const pluginWith = (values: Record<string, string>) => harness.pluginWith(values);

  describe("a base URL that does not reach the service", () => {
    it.each(["/v9", "/api"])(
      "refuses tcs:baseUrl with the wrong path %s, naming the setting and the fix",
      async (path) => {
        await expect(
          pluginWith({ "tcs:baseUrl": `${emulator.url}${path}` })
            .engineFor("Role")
            .check({}, NEW_ROLE),
        ).rejects.toThrow(
          new RegExp(
            `tcs:baseUrl does not reach the service: GET ${path}/roles answered 404\\. ` +
              `Run \`pulumi config set tcs:baseUrl https://\\.\\.\\.\` or set TCS_BASE_URL \\(perhaps without ${path}\\)`,
          ),
        );
      },
    );

    it("names a connection's base URL setting", async () => {
      const connections = {
        "tcs:connections": JSON.stringify({
          staging: { apiKey: emulator.keys.development.secret, baseUrl: `${emulator.url}/api` },
        }),
      };
      await expect(
        pluginWith(connections)
          .engineFor("Role")
          .check({}, { ...NEW_ROLE, connection: "staging" }),
      ).rejects.toThrow(
        /^tcs:connections\.staging\.baseUrl does not reach the service: GET \/api\/roles .*pulumi config set --path tcs:connections\.staging\.baseUrl /,
      );
    });

    it("refuses a server that answers HTML, or JSON that is not a list of roles", async () => {
      for (const [contentType, body, why] of [
        ["text/html", "<html><body>Welcome</body></html>", /answered 200 with a body that is not JSON/],
        ["application/json", JSON.stringify({ status: "ok" }), /not the list of roles the service sends/],
      ] as const) {
        const other = await otherServer(200, contentType, body);
        try {
          const check = pluginWith({ "tcs:baseUrl": other.url }).engineFor("Role").check({}, NEW_ROLE);
          await expect(check).rejects.toThrow(/tcs:baseUrl does not reach the service: GET \/roles answered 200/);
          await expect(check).rejects.toThrow(why);
          await expect(check).rejects.toThrow(/pulumi config set tcs:baseUrl https:\/\/\.\.\.` or set TCS_BASE_URL/);
        } finally {
          await other.close();
        }
      }
    });

    it("refuses a base URL that redirects (http to https, a web front end), naming where to", async () => {
      const other = await otherServer(308, "text/html", "", { location: "https://tcs.example.com/roles?limit=1" });
      try {
        await expect(
          pluginWith({ "tcs:baseUrl": `${other.url}/` })
            .engineFor("Role")
            .check({}, NEW_ROLE),
        ).rejects.toThrow(
          /tcs:baseUrl does not reach the service: GET \/roles answered 308, a redirect to 'https:\/\/tcs\.example\.com\/roles\?limit=1'\. .*pulumi config set tcs:baseUrl https:\/\/\.\.\.` or set TCS_BASE_URL\. See docs\/guide\.md#configuration$/,
        );
      } finally {
        await other.close();
      }
    });

    it("leaves to the step a list whose envelope is the service's but whose role the SDK cannot read", async () => {
      // That is the service (or a newer version of it): the base URL is right, and the read that
      // needs the record reports it, naming the field.
      const odd = JSON.stringify({
        items: [{ id: "rol_odd00000000000000000", name: 5 }],
        pagination: { has_more_after: false },
      });
      const other = await otherServer(200, "application/json", odd);
      try {
        await expect(
          pluginWith({ "tcs:baseUrl": other.url }).engineFor("Role").check({}, NEW_ROLE),
        ).resolves.toMatchObject({ failures: [] });
      } finally {
        await other.close();
      }
    });

    it("sends nothing, and so reports nothing, for a preview with unchanged inputs", async () => {
      const before = await requests();
      const same = { ...NEW_ROLE, slug: "unchanged" };
      await expect(
        pluginWith({ "tcs:baseUrl": `${emulator.url}/v9` })
          .engineFor("Role")
          .check(same, same),
      ).resolves.toMatchObject({ failures: [] });
      expect(await requests()).toBe(before);
    });
  });

  describe("a config vault of another provider", () => {
    const config = { name: "Team GitHub", providerId: GITHUB };

    it("refuses providerConfigVaultId naming a vault of another provider, naming that provider", async () => {
      const result = await pluginWith({})
        .engineFor("ProviderConfig")
        .check({}, { ...config, providerConfigVaultId: LINEAR_VAULT });
      expect(result.failures).toEqual([
        {
          property: "providerConfigVaultId",
          reason: expect.stringMatching(
            new RegExp(
              `^is a config vault of provider ${LINEAR} \\(.*\\), not of providerId ${GITHUB}: name a vault of ${GITHUB}, or leave providerConfigVaultId out`,
            ),
          ),
        },
      ]);
    });

    it("takes a vault of the declared provider, with one request per vault per run", async () => {
      const plugin = pluginWith({});
      const configs = plugin.engineFor("ProviderConfig");
      await expect(configs.check({}, { ...config, providerConfigVaultId: GITHUB_VAULT })).resolves.toMatchObject({
        failures: [],
      });
      const before = await requests();
      await expect(
        configs.check({}, { ...config, name: "Other", providerConfigVaultId: GITHUB_VAULT }),
      ).resolves.toMatchObject({ failures: [] });
      expect(await requests()).toBe(before);
    });

    it("checks again when the provider changes, and sends nothing when neither changed", async () => {
      const configs = pluginWith({}).engineFor("ProviderConfig");
      const before = { ...config, providerConfigVaultId: LINEAR_VAULT, providerId: LINEAR };
      const start = await requests();
      await expect(configs.check(before, before)).resolves.toMatchObject({ failures: [] });
      expect(await requests()).toBe(start);
      const moved = await configs.check(before, { ...before, providerId: GITHUB });
      expect(moved.failures).toEqual([
        {
          property: "providerConfigVaultId",
          reason: expect.stringContaining(`is a config vault of provider ${LINEAR}`),
        },
      ]);
    });
  });
});
