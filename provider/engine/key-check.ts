// A connection's key and base URL, checked before a run writes with them: a wrong key (or one of the
// wrong kind), or a base URL that does not reach the service, is reported at preview, naming the
// connection and the setting to fix, instead of failing halfway through the up on the first create.
import type { ToolConnectivityClient } from "../../sdk";
import { quoted, render, type Diagnostic } from "../diagnostic";
import { SETTINGS, type SettingsOwner } from "../settings";
import { sdk } from "./sdk";

const DOCS = "docs/guide.md#configuration";

/** A publishable key reads public data only: the provider writes, so it needs the secret key. */
export function publishableKeyRefusal(owner: SettingsOwner, apiKey: string | undefined): string | undefined {
  if (!apiKey?.startsWith("service_pk_")) return undefined;
  return render({
    summary: `${owner.describe()} has a publishable key (service_pk_...), which cannot create or change objects`,
    fix: owner.setSecretKey("Set the environment's secret key"),
    docs: DOCS,
  });
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
  /** Given the warning as a diagnostic, rendered once by whoever says it (engine/warn.ts, within its prefix). */
  onNoAnswer?: (warning: Diagnostic) => void,
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
    const object = owner.describe();
    if (error instanceof AuthenticationError) {
      return render({
        object,
        summary: `the service refused its API key (${error.message})`,
        fix: owner.setSecretKey("Set the key of that environment"),
        docs: DOCS,
      });
    }
    if (error instanceof PermissionDeniedError) {
      const summary = `the API key may not manage this environment's objects (${error.message})`;
      return render({ object, summary, fix: owner.setSecretKey("Use a secret key with full access"), docs: DOCS });
    }
    const answer = notTheService(error);
    if (answer !== undefined) return baseUrlRefusal(client.baseUrl, owner, answer);
    if (error instanceof APIConnectionError) {
      const summary = `its writes will fail: nothing answered GET /roles at ${withoutCredentials(client.baseUrl)} (${quoted(error.message)})`;
      onNoAnswer?.({ object, summary, fix: "Check the base URL and the network", docs: DOCS });
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
    if (error.status === 404) return "answered 404";
    if (error.status >= 300 && error.status < 400) {
      const location = error.headers.location;
      // The service answers its own paths directly.
      return `answered ${error.status}, a redirect${location ? ` to ${quoted(location)}` : ""}`;
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
    return "answered 200 with JSON that is not the list of roles the service sends";
  }
  return undefined;
}

/** The refusal of a base URL that reaches something other than the service: the setting, the URL, and the command that fixes it. */
function baseUrlRefusal(baseUrl: string, owner: SettingsOwner, answer: string): string {
  const shown = withoutCredentials(baseUrl);
  const url = new URL(shown);
  const path = url.pathname.replace(/\/+$/, "");
  // A path the service does not live under is the usual slip (a version segment, /api): its root is the likely fix.
  const guess = path === "" ? "" : ` (perhaps ${url.origin}, without ${path})`;
  const summary = `${owner.key("baseUrl")} (${shown.replace(/\/$/, "")}) does not reach the Tool Connectivity Service: GET ${path}/roles ${answer}`;
  const fix =
    owner.kind === "provider" ? `Set the provider's baseUrl to the service's base URL${guess}` : `${owner.fix("baseUrl", SETTINGS.baseUrl.fix, true)}${guess}`;
  return render({ object: owner.kind === "provider" ? owner.describe() : undefined, summary, fix: fix.charAt(0).toUpperCase() + fix.slice(1), docs: DOCS });
}

/** A URL as a message may show it: credentials written into it are dropped. */
function withoutCredentials(href: string): string {
  const url = new URL(href);
  url.username = "";
  url.password = "";
  return url.href;
}
