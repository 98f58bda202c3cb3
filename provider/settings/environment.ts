// Which environment a key and base URL reach, as the service tells it: the id of its oldest role, which
// names the environment for its life (every environment has default roles, and the API cannot delete
// one: docs/contract-decisions.md, "Explicit providers: which environment a key reaches"). Both doors ask
// GET /roles oldest first and read a failure alike: the engine's key check (keyRefusal), before a run
// writes, and the native door's CheckConfig and DiffConfig (factOf, provider.ts). Loads no file of the SDK.
import type { ToolConnectivityClient } from "../../sdk";
import { quoted, render, type Diagnostic, type Refusal } from "../diagnostic";
import { SETTINGS } from "./declaration";
import type { SettingsOwner } from "./owner";
import { capitalized } from "./read";

const DOCS = "docs/guide.md#configuration";

/**
 * What a failed GET /roles says of the settings that sent it. The service answers it with a list for
 * every secret key, so a 404 means the path is wrong, a redirect that the base URL is not the API's own,
 * and a body that is not the list envelope another server. A role the SDK cannot read inside the
 * envelope is the service's (a newer version's) answer: `answer` is left out, and the key check leaves
 * it to the step that reads it. A 5xx or 429 (`status`) says nothing of the URL.
 */
type Failure =
  { kind: "refused"; status: number } | { kind: "not the service"; answer?: string } | { kind: "no answer" } | { kind: "status" } | { kind: "other" };

function failureOf(error: unknown): Failure {
  const { status, name, headers, issues } = (error ?? {}) as {
    status?: unknown;
    name?: unknown;
    headers?: Record<string, string>;
    issues?: { path: unknown[]; message: string }[];
  };
  if (status === 401 || status === 403) return { kind: "refused", status };
  if (status === 404) return { kind: "not the service", answer: "answered 404" };
  if (typeof status === "number" && status >= 300 && status < 400) {
    return { kind: "not the service", answer: `answered ${status}, a redirect${headers?.location ? ` to ${quoted(headers.location)}` : ""}` };
  }
  if (typeof status === "number") return { kind: "status" };
  if (name === "ResponseValidationError") {
    const envelope = (issues ?? []).filter((issue) => !(issue.path[0] === "items" && typeof issue.path[1] === "number"));
    if (envelope.length === 0) return { kind: "not the service" };
    const notJson = envelope.some((issue) => issue.message === "the body is not JSON");
    return {
      kind: "not the service",
      answer: notJson
        ? "answered 200 with a body that is not JSON (a web page, say)"
        : "answered 200 with JSON that is not the list of roles the service sends",
    };
  }
  return typeof name === "string" && name.startsWith("APIConnection") ? { kind: "no answer" } : { kind: "other" };
}

/** A publishable key reads public data only: the provider writes, so it needs the secret key. */
export function publishableKeyRefusal(owner: SettingsOwner, apiKey: string | undefined): string | undefined {
  if (!apiKey?.startsWith("service_pk_")) return undefined;
  const summary = `${owner.describe()} has a publishable key (service_pk_...), which cannot create or change objects`;
  return render({ summary, fix: owner.setSecretKey("Set the environment's secret key"), docs: DOCS });
}

/**
 * Why the service refuses this connection's key, or why its base URL does not reach the service; undefined
 * when it takes both, or failed otherwise (the step reports that). One request of one record, which also
 * names the environment (`onEnvironment`). When nothing answers, the run goes on but `onNoAnswer` is told:
 * a preview plans its writes without sending them, so nothing else would say so before the up.
 */
export async function keyRefusal(
  client: ToolConnectivityClient,
  owner: SettingsOwner,
  onNoAnswer?: (warning: Diagnostic) => void,
  onEnvironment?: (oldestRole: string) => void,
): Promise<string | undefined> {
  try {
    // No retries: a refusal is final, and a service that does not answer is the step's to report.
    const page = await client.roles.list({ limit: 1, order: "asc" }, { maxRetries: 0 });
    if (page.items[0]) onEnvironment?.(page.items[0].id);
    return undefined;
  } catch (error) {
    const failure = failureOf(error);
    const [object, message] = [owner.describe(), (error as Error).message];
    if (failure.kind === "refused" && failure.status === 401) {
      const summary = `the service refused its API key (${message})`;
      return render({ object, summary, fix: owner.setSecretKey("Set the key of that environment"), docs: DOCS });
    }
    if (failure.kind === "refused") {
      const summary = `the API key may not manage this environment's objects (${message})`;
      return render({ object, summary, fix: owner.setSecretKey("Use a secret key with full access"), docs: DOCS });
    }
    if (failure.kind === "not the service" && failure.answer) return baseUrlRefusal(client.baseUrl, owner, failure.answer);
    if (failure.kind === "no answer") {
      const summary = `its writes will fail: nothing answered GET /roles at ${withoutCredentials(client.baseUrl)} (${quoted(message)})`;
      onNoAnswer?.({ object, summary, fix: "Check the base URL and the network", docs: DOCS });
    }
    return undefined;
  }
}

function baseUrlRefusal(baseUrl: string, owner: SettingsOwner, answer: string): string {
  const shown = withoutCredentials(baseUrl);
  const url = new URL(shown);
  const path = url.pathname.replace(/\/+$/, "");
  // A path the service does not live under is the usual slip (a version segment, /api): its root is the likely fix.
  const guess = path === "" ? "" : ` (perhaps ${url.origin}, without ${path})`;
  const summary = `${owner.key("baseUrl")} (${shown.replace(/\/$/, "")}) does not reach the Tool Connectivity Service: GET ${path}/roles ${answer}`;
  const provider = owner.kind === "provider";
  const fix = provider ? `Set the provider's baseUrl to the service's base URL${guess}` : `${owner.fix("baseUrl", SETTINGS.baseUrl.fix, true)}${guess}`;
  return render({ object: provider ? owner.describe() : undefined, summary, fix: capitalized(fix), docs: DOCS });
}

const withoutCredentials = (href: string): string => Object.assign(new URL(href), { username: "", password: "" }).href;

/** The native door's answer to the question: the oldest role's id, none, or the request's failure. */
export type Answer = { id: string } | { error: unknown } | { empty: true };

/** What is known of the environment some settings reach: its id, unknown at preview, or why it cannot be told (a clause DiffConfig completes). */
export type EnvironmentFact = { id: string } | { computed: true } | { unknown: Refusal };

const NATIVE_DOCS = "docs/native-provider.md#settings-and-several-environments";

/**
 * The native door's answer as a fact; a failure as why the environment cannot be told and its fix. The new
 * settings are the user's to correct; the previous ones (`which`) only to put back for one up, which records their environment.
 */
export function factOf(answer: Answer, { owner, which, urn }: { owner: SettingsOwner; which: "new" | "previous"; urn: string }): EnvironmentFact {
  if ("id" in answer) return { id: answer.id };
  const unknown = (summary: string, fixNew: string, fixPrevious = "Put the previous settings back for one pulumi up, then change them"): EnvironmentFact => ({
    unknown: { summary, fix: which === "new" ? fixNew : fixPrevious, docs: NATIVE_DOCS },
  });
  const [apiKey, baseUrl] = [`the ${which} ${owner.key("apiKey")}`, `the ${which} ${owner.key("baseUrl")}`];
  const setBaseUrl = capitalized(owner.fix("baseUrl", SETTINGS.baseUrl.fix));
  if ("empty" in answer) return unknown(`${baseUrl} lists no role (every environment has some)`, setBaseUrl);
  const { error } = answer;
  const failure = failureOf(error);
  if (failure.kind === "refused") return unknown(`${apiKey} is refused (${briefly(error)})`, capitalized(owner.fix("apiKey", SETTINGS.apiKey.fix)));
  if (failure.kind === "not the service") return unknown(`${baseUrl} is not the service's (GET /roles: ${briefly(error)})`, setBaseUrl);
  const runAgain = "Run pulumi preview again when the service answers";
  if (failure.kind === "status") return unknown(`the ${which} settings got ${briefly(error)}`, runAgain, runAgain);
  // Settings that never answered (a first up with a mistyped base URL) made nothing, and Pulumi deletes a
  // provider's record only while no resource uses it: the command orphans nothing. Only this fix fits beside the URN.
  return unknown(`the ${which} settings got no answer (${briefly(error)})`, runAgain, `If they never answered: pulumi state delete '${urn}'`);
}

/** A failed request in a few words: its status and code, or the connection's error code, or what it said, cut short. */
function briefly(error: unknown): string {
  const { status, code, name } = (error ?? {}) as { status?: unknown; code?: unknown; name?: unknown };
  if (typeof status === "number") return typeof code === "string" ? `${status} ${code}` : `${status}`;
  if (name === "ResponseValidationError") return "not a list of roles";
  if (name === "APIConnectionTimeoutError") return "timed out";
  // The SDK's connection error: "Connection error: connect ECONNREFUSED 127.0.0.1:4999; the request did not reach the service [GET /roles]".
  const said = error instanceof Error ? error.message : String(error);
  return /\bE[A-Z]{3,}\b/.exec(said)?.[0] ?? quoted(said.replace(/^Connection error: /, "").replace(/(;| \[).*$/, ""));
}
