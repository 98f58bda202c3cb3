// The checks of a base URL and a service version, judged before any request: a version the service
// never published failed only at `up`, with a 400 that names no setting; a base URL in plain http sent
// the API key in clear. Values are echoed (neither setting is secret), credentials in a URL never. The
// SDK's client applies the same transport rule on its own (sdk/internal/key-transport.ts): a preview
// loads no file of the SDK, so test/unit/provider/generate-base-url.test.ts holds the two to one answer.
import { quoted } from "../diagnostic";

/** Why a value cannot be used (completing "<setting> ..."), and the value that fixes it. */
export interface Refusal {
  problem: string;
  /** The problem without the value, for a message printed beside it (a check failure's reason, after `value {...}`). */
  unvalued?: string;
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
  const rule = `must be a published API version, dated ${FIRST_SERVICE_VERSION} or later`;
  const why = `${which}; the service answers 400 unsupported_version`;
  // Beside the value, in a check failure's reason (at most 180 characters with the fix), what is wrong only.
  return {
    problem: `${rule} (got ${quoted(version)}: ${why})`,
    unvalued: `must be a published version, ${FIRST_SERVICE_VERSION} or later: ${which}`,
    fix: FIRST_SERVICE_VERSION,
  };
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
    return { ...withValue("must be an absolute https:// URL such as https://api.example.com", written), fix: "https://...", inClear: false };
  }
  const shown = url.username || url.password ? Object.assign(new URL(url.href), { username: "", password: "" }).href : written;
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
    return {
      ...withValue(
        "must use https (plain http only to a loopback host, such as 127.0.0.1), so the key never travels in clear",
        shown,
        "must use https, so the key never travels in clear",
      ),
      fix: shown.replace(/^[A-Za-z][A-Za-z0-9+.-]*:/, "https:"),
      inClear: url.protocol === "http:",
    };
  }
  // The SDK refuses these too, but only when the first request is made.
  if (url.search || url.hash) return { ...withValue("must not carry a query string or fragment", shown), fix: shown.replace(/[?#].*$/, ""), inClear: false };
  return undefined;
}

/** A problem that names the value it refuses, and the same without it (shorter still, if given). */
export function withValue(rule: string, value: string, unvalued = rule): { problem: string; unvalued: string } {
  return { problem: `${rule} (got ${quoted(value)})`, unvalued };
}
