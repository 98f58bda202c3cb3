// The plugin object (provider/engine/tcs-plugin.ts) owns what a run holds. The engine configures it
// once per resource type with the same config, so configure must keep what a connection already holds
// (its client, its key check, its take-overs) while the settings stay the same, and start afresh when
// they change: no key check or client outlives the key it was made with.
import * as net from "node:net";
import { TcsPlugin } from "../../../provider/engine/tcs-plugin";
import { SettingsOwner } from "../../../provider/settings";
import { sendWarningsTo } from "../../../provider/engine/warn";
import type { RunningEmulator } from "../../../emulator/index";
import { startPluginHarness, type PluginHarness } from "./plugin-harness";

const NEW_ROLE = { name: "Ops", slug: "ops", permissions: ["thread_read"] };

describe("the plugin object", () => {
  let harness: PluginHarness;
  let emulator: RunningEmulator;
  beforeAll(async () => {
    harness = await startPluginHarness();
    emulator = harness.emulator;
  });
  afterAll(() => harness.close());

  const requests = () => harness.requests();
  const config = (apiKey: string) => (key: string) => ({ "tcs:apiKey": apiKey, "tcs:baseUrl": emulator.url })[key];

  it("checks a connection's key once while configure hands it the same settings, and again when the key changes", async () => {
    const plugin = new TcsPlugin();
    plugin.configure(config(emulator.keys.development.secret));
    const roles = plugin.engineFor("Role");

    const start = await requests();
    // A new resource writes: its connection's key is checked with one request.
    await expect(roles.check({}, NEW_ROLE)).resolves.toMatchObject({ failures: [] });
    expect(await requests()).toBe(start + 1);

    // The engine configures the plugin again for the next resource type, with the same config.
    plugin.configure(config(emulator.keys.development.secret));
    await plugin.engineFor("Callback").check({}, { integrationProviderId: "intp_github00000000000000" });
    await roles.check({}, { ...NEW_ROLE, slug: "ops-2" });
    expect(await requests()).toBe(start + 1);

    // Another key: the check made with the old one does not stand for it.
    plugin.configure(config("service_sk_wrong_key_000000000000000000"));
    await expect(roles.check({}, NEW_ROLE)).rejects.toThrow(/the service refused tcs:apiKey/);
    expect(await requests()).toBe(start + 2);
  });

  it("keeps nothing between two plugin objects (two processes)", async () => {
    const first = new TcsPlugin();
    const second = new TcsPlugin();
    first.configure(config("service_sk_wrong_key_000000000000000000"));
    second.configure(config(emulator.keys.development.secret));
    await expect(first.engineFor("Role").check({}, NEW_ROLE)).rejects.toThrow(/refused tcs:apiKey/);
    await expect(second.engineFor("Role").check({}, NEW_ROLE)).resolves.toMatchObject({ failures: [] });
  });

  it("words an explicit provider's fixes as its inputs, not as the stack config's commands", async () => {
    const explicit = new TcsPlugin();
    explicit.configure(config("service_sk_wrong_key_000000000000000000"), SettingsOwner.provider("prod"));
    await expect(explicit.engineFor("Role").check({}, NEW_ROLE)).rejects.toThrow(
      /^tcs provider prod: the service refused apiKey \(401 unauthorized\)\. Set the provider's apiKey to a secret key \(service_sk_\.\.\.\) of the environment to manage\. See docs\/guide\.md#configuration$/,
    );
    const publishable = new TcsPlugin();
    publishable.configure(config(emulator.keys.production.publishable), SettingsOwner.provider("prod"));
    await expect(publishable.engineFor("Role").check({}, NEW_ROLE)).rejects.toThrow(
      "apiKey is a publishable key (service_pk_...), which cannot create or change objects. Set the provider's apiKey to service_sk_...",
    );
    const wrongUrl = new TcsPlugin();
    wrongUrl.configure(
      (key) => ({ "tcs:apiKey": emulator.keys.development.secret, "tcs:baseUrl": `${emulator.url}/v1` })[key],
      SettingsOwner.provider("prod"),
    );
    await expect(wrongUrl.engineFor("Role").check({}, NEW_ROLE)).rejects.toThrow(
      new RegExp(
        "^tcs provider prod: baseUrl does not reach the service: GET /v1/roles answered 404\\. Set the provider's baseUrl to the service's base URL \\(perhaps without /v1\\)\\. See docs/guide\\.md#configuration$",
      ),
    );
    // Neither key nor URL: both named at once, as the provider's inputs.
    const unset = new TcsPlugin();
    unset.configure(() => undefined, SettingsOwner.provider("prod"));
    await expect(unset.engineFor("Role").check({}, NEW_ROLE)).rejects.toThrow(
      "tcs provider prod has no API key and no base URL. Set the provider's apiKey (a secret key, service_sk_...) and baseUrl (the service's https://... URL). See docs/guide.md#configuration",
    );
    // The default connection of the stack config keeps its commands.
    const stackConfig = new TcsPlugin();
    stackConfig.configure(config("service_sk_wrong_key_000000000000000000"));
    await expect(stackConfig.engineFor("Role").check({}, NEW_ROLE)).rejects.toThrow(
      /pulumi config set --secret tcs:apiKey service_sk_\.\.\. See docs\/guide\.md#configuration$/,
    );
  });

  it("lets a write through a base URL where nothing answers, once, with a warning that says so", async () => {
    // A port that was free a moment ago: nothing listens there.
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const warnings: string[] = [];
    sendWarningsTo(({ message }) => warnings.push(message));
    try {
      const plugin = new TcsPlugin();
      plugin.configure(
        (key) => ({ "tcs:apiKey": emulator.keys.development.secret, "tcs:baseUrl": `http://127.0.0.1:${closed}` })[key],
      );
      const roles = plugin.engineFor("Role");
      await expect(roles.check({}, NEW_ROLE)).resolves.toMatchObject({ failures: [] });
      await expect(roles.check({}, { ...NEW_ROLE, slug: "ops-2" })).resolves.toMatchObject({ failures: [] });
      expect(warnings).toEqual([
        expect.stringMatching(
          new RegExp(
            `^the default connection \\(tcs:apiKey, tcs:baseUrl\\): its writes will fail: nothing answered GET /roles at http://127\\.0\\.0\\.1:${closed}/ \\(.*ECONNREFUSED.*\\)\\. Check the base URL and the network\\. See docs/guide\\.md#configuration$`,
          ),
        ),
      ]);
    } finally {
      sendWarningsTo(({ message }) => process.stderr.write(`warning: ${message}\n`));
    }
  });
});
