// The client lookups use in the program process: the same settings as the provider plugin (stack
// config `tcs:*`, then TCS_* environment) and the same client (../../client.ts). One client per
// distinct settings: an Automation API process runs many programs, for stacks with different keys,
// URLs and versions.
import * as pulumi from "@pulumi/pulumi";
import type { ToolConnectivityClient } from "../../../sdk";
import { readSettings } from "../../config";

const clients = new Map<string, ToolConnectivityClient>();

export async function lookupClient(): Promise<ToolConnectivityClient> {
  // runtime.getConfig reads the raw value: Config.get would warn that tcs:apiKey is a secret.
  const settings = readSettings((key) => pulumi.runtime.getConfig(key));
  // The key is part of the cache key only inside this process's memory, never logged.
  const key = JSON.stringify([settings.apiKey, settings.baseUrl, settings.serviceVersion, settings.rateLimitTier]);
  let client = clients.get(key);
  if (!client) {
    // Loaded by the first lookup: a program that only declares resources never loads the SDK.
    const { clientFromSettings } = await import("../../client");
    // In the program: a warning of the stack, naming the stack setting (not the SDK's option).
    client = clients.get(key) ?? clientFromSettings(settings, (message) => void pulumi.log.warn(message));
    clients.set(key, client);
  }
  return client;
}
