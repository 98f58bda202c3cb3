// The SDK as the engine uses it at run time: its public entry (pulumi-tcs/sdk), loaded on first use.
// A preview with no changes sends no request, so the plugin's process loads neither the SDK nor its
// HTTP client nor its record schemas (tcs-plugin.ts). What has an SDK error to classify or a create
// to retry has used a client, which loaded the SDK already: then this costs nothing.
type Sdk = typeof import("../../sdk");

export function sdk(): Sdk {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("../../sdk") as Sdk;
}
