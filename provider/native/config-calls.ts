// What the provider's own calls mean (CheckConfig, DiffConfig, Configure), over plain values: server.ts
// translates their messages, as it does the resource calls' for resource-calls.ts.
import type { TcsPlugin } from "../engine/tcs-plugin";
import { SECRET_SETTINGS } from "../settings";
import { changedSettings, configSource, providerConfigChange, providerOwner, settingFailures, withProviderUrn } from "./config";
import { asProviderSettings } from "./dynamic-door-move";
import { environmentFact, takeListedRoles, withEnvironment } from "./environment";
import { withSecrets, type Props } from "./properties";

export interface ConfigCheck {
  inputs: Props;
  failures: { property: string; reason: string }[];
}

export interface ConfigDiff {
  changed: string[];
  replaces: string[];
}

export class ConfigCalls {
  constructor(private readonly plugin: TcsPlugin) {}

  /** The provider's settings checked, with the environment they reach recorded for DiffConfig. */
  async check(urn: string, olds: Props, news: Props): Promise<ConfigCheck> {
    const failures = settingFailures(news, providerOwner(urn));
    // Asked only of settings that may be used.
    const checked = failures.length > 0 ? news : await withEnvironment(urn, olds, news);
    return { inputs: withSecrets(withProviderUrn(checked, urn), SECRET_SETTINGS), failures };
  }

  /** What changed between the recorded settings (a dynamic door's state included) and the new ones, and what that replaces. */
  async diff(urn: string, recorded: Props, news: Props): Promise<ConfigDiff> {
    const olds = asProviderSettings(recorded);
    // The environments are asked about only when the key or base URL changed (and state does not record them).
    const facts =
      changedSettings(olds, news).environment.length === 0
        ? undefined
        : { old: await environmentFact(urn, olds, "previous"), new: await environmentFact(urn, news, "new") };
    return providerConfigChange(urn, olds, news, facts);
  }

  /**
   * The plugin configured with the provider's settings: `args`, or from older engines, which send only
   * the variables map, its entries keyed `tcs:config:<name>`. Engines before 3.1xx send no URN: advice
   * then names the config key.
   */
  configure(args: Props, variables: ReadonlyArray<[string, string]>, urn: string): void {
    const settings = Object.keys(args).length > 0 ? args : Object.fromEntries(variables.map(([key, value]) => [key.replace(/^tcs:config:/, ""), value]));
    this.plugin.configure(configSource(settings), providerOwner(urn));
    // The roles CheckConfig's environment question listed: the run's first role scan needs no request.
    const roles = takeListedRoles(settings);
    if (roles) this.plugin.offerListed({ kind: "Role" }, roles.page, roles.listedAt);
  }
}
