// The client lookups use in the program process: the same settings as the provider plugin (stack
// config `tcs:*`, then TCS_* environment), one client per process.
import * as pulumi from "@pulumi/pulumi";
import { ToolConnectivityClient } from "../../sdk";
import { missingSettings, readSettings } from "../config";

let client: ToolConnectivityClient | undefined;

export function lookupClient(): ToolConnectivityClient {
  if (!client) {
    // runtime.getConfig reads the raw value: Config.get would warn that tcs:apiKey is a secret.
    const settings = readSettings((key) => pulumi.runtime.getConfig(key));
    const problem = missingSettings(settings);
    if (problem) throw new Error(problem);
    client = new ToolConnectivityClient({
      apiKey: settings.apiKey,
      baseUrl: settings.baseUrl,
      serviceVersion: settings.serviceVersion,
      rateLimit: settings.rateLimitTier ?? "development",
    });
  }
  return client;
}
