// What the plugin object's integration tests share: an emulator in process, the number of public
// API requests it served, and a plugin configured as the engine configures it.
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../../emulator/index";
import { TcsPlugin } from "../../../provider/engine/tcs-plugin";
import { closeSharedAgents } from "../../../sdk/internal/agents";

export interface PluginHarness {
  readonly emulator: RunningEmulator;
  /** Public API requests served so far (faults and 429s included). */
  requests(): Promise<number>;
  /** A plugin configured with the emulator's development key and URL, unless `values` says otherwise. */
  pluginWith(values?: Record<string, string>): TcsPlugin;
  close(): Promise<void>;
}

export async function startPluginHarness(options: EmulatorOptions = {}): Promise<PluginHarness> {
  const emulator = await startEmulator(options);
  return {
    emulator,
    requests: async () =>
      ((await (await fetch(`${emulator.url}/_emulator/requests`)).json()) as { total: number }).total,
    pluginWith(values = {}) {
      const plugin = new TcsPlugin();
      const config: Record<string, string> = {
        "tcs:apiKey": emulator.keys.development.secret,
        "tcs:baseUrl": emulator.url,
        ...values,
      };
      plugin.configure((key) => config[key]);
      return plugin;
    },
    async close() {
      await closeSharedAgents();
      await emulator.close();
    },
  };
}
