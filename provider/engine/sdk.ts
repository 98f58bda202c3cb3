// The SDK as the engine uses it at run time: its public entry (pulumi-tcs/sdk), loaded on first use.
// A preview with no changes sends no request, so the plugin's process loads neither the SDK nor its
// HTTP client nor its record schemas (tcs-plugin.ts). What has an SDK error to classify or a create
// to retry has used a client, which loaded the SDK already: then this costs nothing.
import { deferZodLocales } from "../shapes/zod";

type Sdk = typeof import("../../sdk");

let loaded: Sdk | undefined;

export function sdk(): Sdk {
  if (!loaded) {
    deferZodLocales();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require("../../sdk") as Sdk;
  }
  return loaded;
}
