// The client lookups use in the program process: the same settings as the provider plugin (stack
// config `tcs:*` and `tcs:connections`, then TCS_* environment for the default connection) and the
// same client (../../client.ts). One client per distinct settings: an Automation API process runs
// many programs, for stacks with different keys, URLs and versions, and each connection has its own
// limiter.
import * as pulumi from "@pulumi/pulumi";
import type { ToolConnectivityClient } from "../../../sdk";
import { assertUsableSettings, settingsFor, SettingsOwner } from "../../settings";

/** What every lookup takes: the named connection to read from (`tcs:connections`), or none for the default one. */
export interface OnConnection {
  connection?: string;
}

const clients = new Map<string, ToolConnectivityClient>();

export async function lookupClient(connection?: string): Promise<ToolConnectivityClient> {
  // runtime.getConfig reads the raw value: Config.get would warn that tcs:apiKey is a secret.
  const settings = settingsFor(connection, (key) => pulumi.runtime.getConfig(key));
  assertUsableSettings(settings, SettingsOwner.connection(connection));
  // The key is part of the cache key only inside this process's memory, never logged.
  const key = JSON.stringify([settings.apiKey, settings.baseUrl, settings.serviceVersion, settings.rateLimitTier]);
  let client = clients.get(key);
  if (!client) {
    // Loaded by the first lookup: a program that only declares resources never loads the SDK.
    const { clientFromSettings } = await import("../../settings/client");
    // No tier advice from here: the plugin gives it, once per connection, for the run whose requests
    // it makes. The program's process and the plugin's have no channel between them, so both giving
    // it showed it twice in one run (issue 52); a program of lookups alone sends a few requests, which
    // no tier paces noticeably.
    client = clients.get(key) ?? clientFromSettings(settings, () => {}, SettingsOwner.connection(connection));
    clients.set(key, client);
  }
  return client;
}
