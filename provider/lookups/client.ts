// The client lookups use in the program process: the same settings as the provider plugin (stack
// config `tcs:*`, then TCS_* environment). One client per distinct settings: an Automation API
// process runs many programs, for stacks with different keys, URLs and versions.
import * as pulumi from "@pulumi/pulumi";
import { ToolConnectivityClient } from "../../sdk";
import { missingSettings, readSettings, tierBelowServiceAdvice } from "../config";

const clients = new Map<string, ToolConnectivityClient>();

export function lookupClient(): ToolConnectivityClient {
  // runtime.getConfig reads the raw value: Config.get would warn that tcs:apiKey is a secret.
  const settings = readSettings((key) => pulumi.runtime.getConfig(key));
  const problem = missingSettings(settings);
  if (problem) throw new Error(problem);
  // The key is part of the cache key only inside this process's memory, never logged.
  const key = JSON.stringify([settings.apiKey, settings.baseUrl, settings.serviceVersion, settings.rateLimitTier]);
  let client = clients.get(key);
  if (!client) {
    client = new ToolConnectivityClient({
      apiKey: settings.apiKey,
      baseUrl: settings.baseUrl,
      serviceVersion: settings.serviceVersion,
      rateLimit: settings.rateLimitTier ?? "development",
      // In the program: a warning of the stack, naming the stack setting (not the SDK's option).
      onTierBelowService: (notice) => void pulumi.log.warn(tierBelowServiceAdvice(settings, notice)),
    });
    clients.set(key, client);
  }
  return client;
}
