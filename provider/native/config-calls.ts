// The provider's own calls (CheckConfig, DiffConfig, Configure) over plain values (settings/provider.ts):
// server.ts translates their messages, as it does the resource calls' for resource-calls.ts.
import type { TcsPlugin } from "../engine/tcs-plugin";
import { SECRET_SETTINGS } from "../settings";
import {
  checkedSettings,
  configSource,
  providerOwner,
  providerSettingsDiff,
  takeListedRoles,
} from "../settings/provider";
import { asProviderSettings } from "./dynamic-door-move";
import { withSecrets, type Props } from "./properties";

export class ConfigCalls {
  constructor(private readonly plugin: TcsPlugin) {}
  /** The settings checked, with the environment they reach recorded for DiffConfig (asked only of settings that may be used). */
  async check(urn: string, olds: Props, news: Props) {
    const { inputs, failures } = await checkedSettings(urn, olds, news);
    return { inputs: withSecrets(inputs, SECRET_SETTINGS), failures };
  }
  /** What changed between the recorded settings (a dynamic door's state included) and the new ones, and what that replaces. */
  diff(urn: string, recorded: Props, news: Props): Promise<{ changed: string[]; replaces: string[] }> {
    return providerSettingsDiff(urn, asProviderSettings(recorded), news);
  }
  /** The plugin configured with `args`, or (older engines) the variables map, keys `tcs:config:<name>`; engines before 3.1xx send no URN. */
  configure(args: Props, variables: ReadonlyArray<[string, string]>, urn: string): void {
    const settings =
      Object.keys(args).length > 0
        ? args
        : Object.fromEntries(variables.map(([key, value]) => [key.replace(/^tcs:config:/, ""), value]));
    this.plugin.configure(configSource(settings), providerOwner(urn));
    // The roles CheckConfig's environment question listed: the run's first role scan needs no request.
    const roles = takeListedRoles(settings);
    if (roles) this.plugin.offerListed({ kind: "Role" }, roles.page, roles.listedAt);
  }
}
