// The checks of a base URL and a service version, judged before any request: a version the service
// never published failed only at `up`, with a 400 that names no setting; a base URL in plain http sent
// the API key in clear. Values are echoed (neither setting is secret), credentials in a URL never. The
// SDK's client applies the same transport rule on its own (sdk/internal/key-transport.ts): a preview
// loads no file of the SDK, so test/unit/provider/generate-base-url.test.ts holds the two to one answer.
import { quoted } from "../diagnostic";

/** Why a value cannot be used (completing "<setting> ..."), and the value that fixes it. */
export interface Refusal {
  problem: string;
  fix: string;
}

/** The first version of the API, the only one the contract lists; later dates pass (the service answers for those). */
export const FIRST_SERVICE_VERSION = "2026-01-01";

export function serviceVersionRefusal(version: string): Refusal | undefined {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(version);
  const [year, month, day] = (parts ?? []).slice(1).map(Number);
  // Date.UTC rolls 2026-13-45 over into 2027: a real date reads back as written.
  const date = new Date(Date.UTC(year, month - 1, day));
  let which: string | undefined;
  if (!parts) which = "not a date YYYY-MM-DD";
  // YYYY-MM-DD strings order as their dates do.
  else if (version < FIRST_SERVICE_VERSION) which = "earlier than that";
  else if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) which = "not a calendar date";
  if (which === undefined) return undefined;
  const got = `got ${quoted(version)}: ${which}; the service answers 400 unsupported_version`;
  return { problem: `must be a published API version, dated ${FIRST_SERVICE_VERSION} or later (${got})`, fix: FIRST_SERVICE_VERSION };
}

// Loopback hosts' traffic never leaves the machine, so plain http exposes nothing (the emulator listens
// on 127.0.0.1). URL normalizes the host: lower case, IPv4 in dotted form, IPv6 in brackets.
const isLoopbackHost = (hostname: string) => hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);

/** Why a base URL cannot carry the API key, and whether it is the key travelling in clear (plain http to a host that is not loopback). */
export function baseUrlProblem(value: string): (Refusal & { inClear: boolean }) | undefined {
  const written = value.trim();
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    return { problem: `must be an absolute https:// URL such as https://api.example.com (got ${quoted(written)})`, fix: "https://...", inClear: false };
  }
  const shown = url.username || url.password ? Object.assign(new URL(url.href), { username: "", password: "" }).href : written;
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
    return {
      problem: `must use https (plain http only to a loopback host, such as 127.0.0.1), so the key never travels in clear (got ${quoted(shown)})`,
      fix: shown.replace(/^[A-Za-z][A-Za-z0-9+.-]*:/, "https:"),
      inClear: url.protocol === "http:",
    };
  }
  // The SDK refuses these too, but only when the first request is made.
  if (url.search || url.hash)
    return { problem: `must not carry a query string or fragment (got ${quoted(shown)})`, fix: shown.replace(/[?#].*$/, ""), inClear: false };
  return undefined;
}
