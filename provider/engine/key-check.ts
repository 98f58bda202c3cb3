// A connection's key and base URL, checked before a run writes with them: a wrong key (or one of the
// wrong kind), or a base URL that does not reach the service, is reported at preview, naming the
// connection and the setting to fix, instead of failing halfway through the up on the first create.
import type { ToolConnectivityClient } from "../../sdk";
import { sdk } from "./sdk";
import type { SettingsOwner } from "../settings";

/** A publishable key reads public data only: the provider writes, so it needs the secret key. */
export function publishableKeyRefusal(owner: SettingsOwner, apiKey: string | undefined): string | undefined {
  if (!apiKey?.startsWith("service_pk_")) return undefined;
  const refused = `${owner.describe()} has a publishable key (service_pk_...), which cannot create or change objects`;
  if (owner.kind === "provider") return `${refused}. ${owner.setSecretKey("")}`;
  return `${refused}: set the environment's secret key with ${owner.set("apiKey", "service_sk_...")}`;
}

/**
 * Why the service refuses this connection's key, or why its base URL does not reach the service;
 * undefined when the service takes both. One list request of one record; any other failure (the
 * service overloaded, say) is left for the step itself to report. When nothing answers at all, the
 * run goes on but `onNoAnswer` is told: a preview plans its writes without sending them, so nothing
 * else would say so before the up.
 */
export async function keyRefusal(
  client: ToolConnectivityClient,
  owner: SettingsOwner,
  onNoAnswer?: (message: string) => void,
  /** Told the oldest role's id, which names the environment the key reaches (environment-record.ts): one request answers both. */
  onEnvironment?: (oldestRole: string) => void,
): Promise<string | undefined> {
  try {
    // No retries: a refusal is final, and a service that does not answer is the step's to report.
    const page = await client.roles.list({ limit: 1, order: "asc" }, { maxRetries: 0 });
    if (page.items[0]) onEnvironment?.(page.items[0].id);
    return undefined;
  } catch (error) {
    const { APIConnectionError, AuthenticationError, PermissionDeniedError } = sdk();
    if (error instanceof AuthenticationError) {
      return `${owner.describe()}: the service refused its API key (${error.message}). ${owner.setSecretKey("Set the key of that environment")}`;
    }
    if (error instanceof PermissionDeniedError) {
      return `${owner.describe()}: the API key may not manage this environment's objects (${error.message}). ${owner.setSecretKey("Use a secret key with full access")}`;
    }
    const answer = notTheService(error);
    if (answer !== undefined) return baseUrlRefusal(client.baseUrl, owner, answer);
    if (error instanceof APIConnectionError) {
      onNoAnswer?.(
        `${owner.describe()}: nothing answered GET /roles at ${withoutCredentials(client.baseUrl)} (${error.message}). ` +
          "The writes this run plans will fail unless the service answers; check the base URL and the network.",
      );
    }
    return undefined;
  }
}

/**
 * How the answer to GET /roles shows that whatever answered is not the service, or undefined. The
 * service defines GET /roles for every secret key and answers it with a list, so a 404 means the path
 * is wrong, a redirect that the base URL is not the API's own, and a success that is not the list
 * envelope (an HTML page, other JSON) another server. Anything else (a 5xx from a proxy during an
 * outage, a 429) says nothing about the URL.
 */
function notTheService(error: unknown): string | undefined {
  const { APIError, ResponseValidationError } = sdk();
  if (error instanceof APIError) {
    if (error.status === 404) return `answered 404 (${error.message})`;
    if (error.status >= 300 && error.status < 400) {
      const location = error.headers.location;
      return `answered ${error.status}, a redirect${location ? ` to ${location}` : ""} (the service answers its own paths directly)`;
    }
    return undefined;
  }
  if (error instanceof ResponseValidationError) {
    // A role the SDK cannot read inside the service's list envelope is the service's (perhaps a newer
    // version's) answer: the step that reads it reports it, naming the field. Only a body that is not
    // the envelope itself says the URL reaches something else.
    const envelope = error.issues.filter((issue) => !(issue.path[0] === "items" && typeof issue.path[1] === "number"));
    if (envelope.length === 0) return undefined;
    if (envelope.some((issue) => issue.message === "the body is not JSON")) return "answered 200 with a body that is not JSON (a web page, say)";
    return `answered 200 with JSON that is not the list of roles the service sends (${error.message})`;
  }
  return undefined;
}

/** The message for a base URL that reaches something other than the service: the setting, the URL, and the command that fixes it. */
function baseUrlRefusal(baseUrl: string, owner: SettingsOwner, answer: string): string {
  const shown = withoutCredentials(baseUrl);
  const setting = owner.key("baseUrl");
  const variable = owner.variable("baseUrl");
  const url = new URL(shown);
  const path = url.pathname.replace(/\/+$/, "");
  // A path the service does not live under is the usual slip (a version segment, /api): its root is the likely fix.
  const guess = path === "" ? "" : ` (perhaps ${url.origin}, without ${path})`;
  const reaches = `(${shown.replace(/\/$/, "")}) does not reach the Tool Connectivity Service: GET ${path}/roles ${answer}.`;
  const hangFrom = "the address the service's paths (/roles, /callbacks, ...) hang from";
  if (owner.kind === "provider") return `${owner.describe()}: ${setting} ${reaches} ${owner.setSentence("baseUrl", "", "", `${hangFrom}${guess}`)}`;
  const label = owner.kind === "default" ? "" : `${owner.describe()}: `;
  const where = variable === undefined ? setting : `${setting} (or ${variable})`;
  return `${label}${setting} ${reaches} Set ${where} to ${hangFrom}: ${owner.set("baseUrl", "<the service's base URL>")}${guess}`;
}

/** A URL as a message may show it: credentials written into it are dropped. */
function withoutCredentials(href: string): string {
  const url = new URL(href);
  url.username = "";
  url.password = "";
  return url.href;
}
