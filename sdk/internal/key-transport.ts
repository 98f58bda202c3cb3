// The client's rule for the API key's transport: https, or plain http to a host whose traffic never
// leaves the machine (the emulator listens on http://127.0.0.1); the client refuses anything else at
// construction (resolve-options.ts). It is the provider's rule (provider/settings/declaration.ts, which its
// preview and its commands apply with their own messages), written again here because the SDK imports
// no file of the provider and a preview loads no file of the SDK; a unit test holds the two to the
// same answer for every URL (test/unit/provider/generate-base-url.test.ts).

/** The loopback hosts, as messages list them. */
export const LOOPBACK_HOSTS = "127.0.0.1, ::1, localhost";

/** Whether a URL's host (as `URL.hostname` gives it) is loopback: plain http to it exposes nothing. */
function isLoopbackHost(hostname: string): boolean {
  // URL normalizes the host: lower case, IPv4 in dotted form, IPv6 in brackets.
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Whether requests to this URL keep the key out of sight: https, or plain http to a loopback host. */
export function keepsKeySafe(url: URL): boolean {
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
}
