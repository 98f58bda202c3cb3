// Issue 59: ids a callback instance names that the service would refuse at create (a callback that is
// not there or not active, a provider config that is not there, not active, or another provider's)
// passed the preview, and `up` failed on the POST after making the objects before it. They now fail
// the plugin's check, naming the field, the value and the fix, from one list of the live objects of
// each kind per run (provider/engine/reference-check.ts). A preview whose references did not change,
// or whose references are not known yet (another resource's output), sends nothing for them.
import type { RunningEmulator } from "../../../emulator/index";
import { fixtureId } from "../../../emulator/ids";
import { UNKNOWN } from "../../../provider/shapes/normalize";
import { CREATE_KEY_INPUT } from "../../../provider/shapes/reserved";
import { startPluginHarness, type PluginHarness } from "./plugin-harness";

const GITHUB = fixtureId("prov_", "github");
const LINEAR = fixtureId("prov_", "linear");
const GITHUB_INTP = fixtureId("intp_", "github");
// Well formed (a prefix and 20 base62 characters), so only the service can say they name nothing.
const NO_CALLBACK = fixtureId("cb_", "doesnotexist");
const NO_CONFIG = fixtureId("pcfg_", "doesnotexist");

describe("ids a callback instance references, checked against the live objects at check", () => {
  let harness: PluginHarness;
  let emulator: RunningEmulator;
  let callbackId: string;
  let deletedCallbackId: string;
  let archivedCallbackId: string;
  let githubConfig: string;
  let linearConfig: string;

  async function api(method: string, path: string, body?: unknown): Promise<any> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${emulator.keys.development.secret}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  }

  /** GET requests served per route since the last call. */
  async function listsSince(): Promise<Record<string, number>> {
    const counts = (await (await fetch(`${emulator.url}/_emulator/requests`)).json()) as {
      by_route: Record<string, number>;
    };
    await fetch(`${emulator.url}/_emulator/requests`, { method: "DELETE" });
    return counts.by_route;
  }

  beforeAll(async () => {
    harness = await startPluginHarness();
    emulator = harness.emulator;
    // A callback deleted, then one active for the same integration provider (one active at a time).
    deletedCallbackId = (await api("POST", "/callbacks", { integration_provider_id: GITHUB_INTP })).id;
    await api("DELETE", `/callbacks/${deletedCallbackId}`);
    callbackId = (await api("POST", "/callbacks", { integration_provider_id: GITHUB_INTP, name: "GitHub events" })).id;
    // Archived as the service does when callbacks are disabled on its integration provider.
    archivedCallbackId = (await api("POST", "/callbacks", { integration_provider_id: fixtureId("intp_", "jira") })).id;
    await fetch(`${emulator.url}/_emulator/callbacks/${archivedCallbackId}/archive`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    githubConfig = (
      await api("POST", "/provider-configs", {
        provider_id: GITHUB,
        provider_config_vault_id: fixtureId("pcvt_", "githubdefault"),
      })
    ).id;
    linearConfig = (
      await api("POST", "/provider-configs", {
        provider_id: LINEAR,
        provider_config_vault_id: fixtureId("pcvt_", "lineardefault"),
      })
    ).id;
  });
  afterAll(() => harness.close());

  const instances = () => harness.pluginWith({}).engineFor("CallbackInstance");

  it("refuses a well-formed callbackId that names no callback, naming the field and the fix (the engine prints the value)", async () => {
    expect(NO_CALLBACK).toMatch(/^cb_[A-Za-z0-9]{20}$/);
    const result = await instances().check({}, { callbackId: NO_CALLBACK, providerConfigId: githubConfig });
    expect(result.failures).toEqual([
      {
        property: "callbackId",
        reason: expect.stringMatching(
          /^names no active callback of this environment \(.*\)\. Pass a tcs\.Callback's id\. See docs\/troubleshooting\.md#/,
        ),
      },
    ]);
  });

  it.each([
    ["a deleted", () => deletedCallbackId],
    ["an archived", () => archivedCallbackId],
  ])("refuses a callbackId of %s callback (instances attach only to an active one)", async (_status, id) => {
    const result = await instances().check({}, { callbackId: id(), providerConfigId: githubConfig });
    expect(result.failures).toEqual([
      { property: "callbackId", reason: expect.stringMatching(/^names no active callback .*deleted or archived/) },
    ]);
  });

  it("refuses a well-formed providerConfigId that names no active config", async () => {
    const result = await instances().check({}, { callbackId, providerConfigId: NO_CONFIG });
    expect(result.failures).toEqual([
      {
        property: "providerConfigId",
        reason: expect.stringMatching(
          /^names no active provider config of this environment\. Pass a tcs\.ProviderConfig's id, of the callback's provider/,
        ),
      },
    ]);
  });

  it("refuses a config of another provider than the callback's, naming both providers", async () => {
    const result = await instances().check({}, { callbackId, providerConfigId: linearConfig });
    expect(result.failures).toEqual([
      {
        property: "providerConfigId",
        reason: expect.stringMatching(
          new RegExp(`^is of ${LINEAR}, not the callback's ${GITHUB}\\. Pass a config of that provider\\. `),
        ),
      },
    ]);
  });

  it("takes live references, with one list of callbacks and one of configs for any number of instances", async () => {
    const engine = instances();
    await listsSince();
    await Promise.all([
      expect(engine.check({}, { callbackId, providerConfigId: githubConfig })).resolves.toMatchObject({ failures: [] }),
      expect(
        engine.check(
          {},
          { callbackId, providerConfigId: githubConfig, providerAuthConfigId: fixtureId("pac_", "githuboauth") },
        ),
      ).resolves.toMatchObject({
        failures: [],
      }),
    ]);
    await expect(engine.check({}, { callbackId: NO_CALLBACK, providerConfigId: githubConfig })).resolves.toMatchObject({
      failures: [{ property: "callbackId" }],
    });
    const lists = await listsSince();
    expect(lists["GET /callbacks"]).toBe(1);
    expect(lists["GET /provider-configs"]).toBe(1);
  });

  it("sends nothing for references that did not change, or that are not known yet", async () => {
    const engine = instances();
    await engine.check({}, { callbackId, providerConfigId: githubConfig }); // the key check, once per run
    await listsSince();
    const declared = { callbackId, providerConfigId: githubConfig };
    await expect(harness.pluginWith({}).engineFor("CallbackInstance").check(declared, declared)).resolves.toMatchObject(
      { failures: [] },
    );
    await expect(engine.check({}, { callbackId: UNKNOWN, providerConfigId: UNKNOWN })).resolves.toMatchObject({
      failures: [],
    });
    const lists = await listsSince();
    expect(lists["GET /callbacks"] ?? 0).toBe(0);
    expect(lists["GET /provider-configs"] ?? 0).toBe(0);
  });

  it("adds no list to an up that creates objects of the kinds: their creates' scans serve it, and what they made is taken", async () => {
    const plugin = harness.pluginWith({});
    await listsSince();
    // Each create lists the live objects of its kind first (its orphan scan, once per run), then makes one.
    const made = await plugin
      .engineFor("Callback")
      .create({ integrationProviderId: fixtureId("intp_", "linear"), [CREATE_KEY_INPUT]: "linear-events" });
    const config = await plugin.engineFor("ProviderConfig").create({
      providerId: LINEAR,
      providerConfigVaultId: fixtureId("pcvt_", "lineardefault"),
      [CREATE_KEY_INPUT]: "linear-config",
    });
    const creates = await listsSince();
    expect(creates["GET /callbacks"]).toBe(1);
    expect(creates["GET /provider-configs"]).toBe(1);
    const engine = plugin.engineFor("CallbackInstance");
    // Made by this run, after those scans: known to exist without listing again.
    await expect(engine.check({}, { callbackId: made.id, providerConfigId: config.id })).resolves.toMatchObject({
      failures: [],
    });
    // Made before this run: in the scans.
    await expect(engine.check({}, { callbackId, providerConfigId: githubConfig })).resolves.toMatchObject({
      failures: [],
    });
    const checks = await listsSince();
    expect(checks["GET /callbacks"] ?? 0).toBe(0);
    expect(checks["GET /provider-configs"] ?? 0).toBe(0);
  });
});
