// Issue 9: settings the service would refuse (a service version that is not a published one), or that
// would send the API key in clear (plain http to a host that is not loopback), and a metadata key the
// service refuses, fail the plugin's check: the preview, naming the setting or field and the fix, with
// no request sent. Before, they passed the preview and failed at up (400 unsupported_version, 422).
// The emulator listens on http://127.0.0.1, which stays usable.
import type { RunningEmulator } from "../../../emulator/index";
import { startPluginHarness, type PluginHarness } from "./plugin-harness";

const NEW_ROLE = { name: "Ops", slug: "ops", permissions: ["thread_read"] };

describe("settings and inputs refused at check", () => {
  let harness: PluginHarness;
  let emulator: RunningEmulator;
  beforeAll(async () => {
    harness = await startPluginHarness();
    emulator = harness.emulator;
  });
  afterAll(() => harness.close());

  const requests = () => harness.requests();
  const pluginWith = (values: Record<string, string>) => harness.pluginWith(values);

  it("refuses tcs:serviceVersion that is not a date, or older than any published version, before any request", async () => {
    const before = await requests();
    await expect(
      pluginWith({ "tcs:serviceVersion": "2026-13-45" }).engineFor("Role").check({}, NEW_ROLE),
    ).rejects.toThrow(
      /tcs:serviceVersion must be a published API version, dated 2026-01-01 or later \(got '2026-13-45': not a calendar date.*pulumi config set tcs:serviceVersion 2026-01-01/,
    );
    await expect(
      pluginWith({ "tcs:serviceVersion": "2025-01-01" }).engineFor("Role").check({}, NEW_ROLE),
    ).rejects.toThrow(
      /tcs:serviceVersion .*2026-01-01 or later \(got '2025-01-01': earlier than that.*pulumi config set tcs:serviceVersion 2026-01-01/,
    );
    expect(await requests()).toBe(before);
  });

  it("refuses plain http to a host that is not loopback, and takes the emulator's http://127.0.0.1", async () => {
    await expect(
      pluginWith({ "tcs:baseUrl": "http://tcs.example.com" }).engineFor("Role").check({}, NEW_ROLE),
    ).rejects.toThrow(
      /tcs:baseUrl must use https \(plain http only to a loopback host, such as 127\.0\.0\.1\).*pulumi config set tcs:baseUrl https:\/\/tcs\.example\.com/,
    );
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    await expect(
      pluginWith({ "tcs:serviceVersion": "2026-01-01" }).engineFor("Role").check({}, NEW_ROLE),
    ).resolves.toMatchObject({ failures: [] });
  });

  it("refuses a named connection's bad settings the same way, naming the connection's setting", async () => {
    const connections = (staging: Record<string, string>) => ({
      "tcs:connections": JSON.stringify({
        staging: { apiKey: emulator.keys.development.secret, baseUrl: emulator.url, ...staging },
      }),
    });
    const before = await requests();
    await expect(
      pluginWith(connections({ baseUrl: "http://staging.example.com" }))
        .engineFor("Role")
        .check({}, { ...NEW_ROLE, connection: "staging" }),
    ).rejects.toThrow(
      /tcs:connections\.staging\.baseUrl must use https .*pulumi config set --path tcs:connections\.staging\.baseUrl https:\/\/staging\.example\.com/,
    );
    await expect(
      pluginWith(connections({ serviceVersion: "2025-01-01" }))
        .engineFor("Role")
        .check({}, { ...NEW_ROLE, connection: "staging" }),
    ).rejects.toThrow(
      /tcs:connections\.staging\.serviceVersion must be .*pulumi config set --path tcs:connections\.staging\.serviceVersion 2026-01-01/,
    );
    expect(await requests()).toBe(before);
  });

  it("refuses an empty metadata key as a check failure naming metadata, with no request", async () => {
    const plugin = pluginWith({});
    const before = await requests();
    const checked = await plugin
      .engineFor("Callback")
      .check({}, { integrationProviderId: "intp_github00000000000000", metadata: { "": "x" } });
    expect(checked.failures).toEqual([
      { property: "metadata", reason: "keys must not be empty (the service takes keys of 1 to 40 characters)" },
    ]);
    expect(await requests()).toBe(before);
  });
});
