// Which environment a key and base URL reach, as the service tells it: the id of its oldest role, which
// names the environment for its life (docs/contract-decisions.md, "Explicit providers: which environment a
// key reaches"). Both doors ask GET /roles oldest first and read its failure alike (failureOf): the
// engine's key check before a run writes, and the native door's CheckConfig and DiffConfig (provider.ts).
import type { ToolConnectivityClient } from "../../sdk";
import { quoted, render, type Diagnostic, type Refusal } from "../diagnostic";
import { SETTINGS, withoutCredentials } from "./declaration";
import type { SettingsOwner } from "./owner";
import { capitalized } from "./read";

const DOCS = "docs/guide.md#configuration";
type Warn = (warning: Diagnostic) => void;
type Failed = {
  status?: unknown;
  name?: unknown;
  code?: unknown;
  headers?: Record<string, string>;
  issues?: { path: unknown[]; message: string }[];
};

// What a failed GET /roles says of the settings, told apart without loading the SDK. The service answers
// it with a list for every secret key: a 404 means the path is wrong, a redirect that the base URL is not
// the API's own, a body that is not the list envelope another server (`answer`; none for a role the SDK
// cannot read inside the envelope, a newer service's answer). A 5xx or 429 says nothing of the URL.
function failureOf(
  error: unknown,
): { kind: "refused" | "status" | "no answer" | "other" } | { kind: "not the service"; answer?: string } {
  const { status, name, headers, issues } = (error ?? {}) as Failed;
  if (status === 401 || status === 403) return { kind: "refused" };
  if (status === 404) return { kind: "not the service", answer: "answered 404" };
  const location = headers?.location ? ` to ${quoted(headers.location)}` : "";
  if (typeof status === "number" && status >= 300 && status < 400)
    return { kind: "not the service", answer: `answered ${status}, a redirect${location}` };
  if (typeof status === "number") return { kind: "status" };
  if (name === "ResponseValidationError") {
    const envelope = (issues ?? []).filter(
      (issue) => !(issue.path[0] === "items" && typeof issue.path[1] === "number"),
    );
    if (envelope.length === 0) return { kind: "not the service" };
    const notJson = envelope.some((issue) => issue.message === "the body is not JSON");
    return {
      kind: "not the service",
      answer: `answered 200 with ${notJson ? "a body that is not JSON (a web page, say)" : "JSON that is not the list of roles the service sends"}`,
    };
  }
  return { kind: typeof name === "string" && name.startsWith("APIConnection") ? "no answer" : "other" };
}

/** A publishable key reads public data only: the provider writes, so it needs the secret key. */
export function publishableKeyRefusal(owner: SettingsOwner, apiKey: string | undefined): string | undefined {
  if (!apiKey?.startsWith("service_pk_")) return undefined;
  const summary = `${owner.describe()} has a publishable key (service_pk_...), which cannot create or change objects`;
  return render({ summary, fix: owner.setSecretKey("Set the environment's secret key"), docs: DOCS });
}

// Why the service refuses the key, or why the base URL does not reach it; undefined when it takes both, or
// failed otherwise (the step reports that). When nothing answers the run goes on, but `onNoAnswer` is told:
// a preview plans its writes without sending them, so nothing else would say so before the up.
export async function keyRefusal(
  client: ToolConnectivityClient,
  owner: SettingsOwner,
  onNoAnswer?: Warn,
  onEnvironment?: (id: string) => void,
) {
  try {
    // No retries: a refusal is final, and a service that does not answer is the step's to report.
    const page = await client.roles.list({ limit: 1, order: "asc" }, { maxRetries: 0 });
    if (page.items[0]) onEnvironment?.(page.items[0].id);
    return undefined;
  } catch (error) {
    const [failure, object, message] = [failureOf(error), owner.describe(), (error as Error | undefined)?.message];
    const [summary, fix] =
      (error as Failed | undefined)?.status === 401
        ? [`the service refused its API key (${message})`, "Set the key of that environment"]
        : [`the API key may not manage this environment's objects (${message})`, "Use a secret key with full access"];
    if (failure.kind === "refused") return render({ object, summary, fix: owner.setSecretKey(fix), docs: DOCS });
    if ("answer" in failure && failure.answer) return baseUrlRefusal(client.baseUrl, owner, failure.answer);
    if (failure.kind !== "no answer") return undefined;
    const nothing = `its writes will fail: nothing answered GET /roles at ${withoutCredentials(client.baseUrl)} (${quoted(message)})`;
    onNoAnswer?.({ object, summary: nothing, fix: "Check the base URL and the network", docs: DOCS });
    return undefined;
  }
}

function baseUrlRefusal(baseUrl: string, owner: SettingsOwner, answer: string): string {
  const url = new URL(withoutCredentials(baseUrl));
  const path = url.pathname.replace(/\/+$/, "");
  // A path the service does not live under is the usual slip (a version segment, /api): its root is the likely fix.
  const guess = path === "" ? "" : ` (perhaps ${url.origin}, without ${path})`;
  const summary = `${owner.key("baseUrl")} (${url.href.replace(/\/$/, "")}) does not reach the Tool Connectivity Service: GET ${path}/roles ${answer}`;
  const provider = owner.kind === "provider";
  const fix = provider
    ? `Set the provider's baseUrl to the service's base URL${guess}`
    : `${owner.fix("baseUrl", SETTINGS.baseUrl.fix, true)}${guess}`;
  return render({ object: provider ? owner.describe() : undefined, summary, fix: capitalized(fix), docs: DOCS });
}
export type Answer = { id: string } | { error: unknown } | { empty: true };
/** What is known of the environment some settings reach: its id, unknown at preview, or why it cannot be told (a clause DiffConfig completes). */
export type EnvironmentFact = { id: string } | { computed: true } | { unknown: Refusal };

/** The native door's answer as a fact. The new settings are the user's to correct; the previous ones only to put back for one up. */
export function factOf(
  answer: Answer,
  { owner, which, urn }: { owner: SettingsOwner; which: "new" | "previous"; urn: string },
): EnvironmentFact {
  if ("id" in answer) return { id: answer.id };
  const unknown = (
    summary: string,
    fixNew: string,
    fixPrevious = "Put the previous settings back for one pulumi up, then change them",
  ) => ({
    unknown: {
      summary,
      fix: which === "new" ? fixNew : fixPrevious,
      docs: "docs/native-provider.md#settings-and-several-environments" as const,
    },
  });
  const [apiKey, baseUrl] = [`the ${which} ${owner.key("apiKey")}`, `the ${which} ${owner.key("baseUrl")}`];
  const setBaseUrl = capitalized(owner.fix("baseUrl", SETTINGS.baseUrl.fix));
  if ("empty" in answer) return unknown(`${baseUrl} lists no role (every environment has some)`, setBaseUrl);
  const [error, { kind }, runAgain] = [
    answer.error,
    failureOf(answer.error),
    "Run pulumi preview again when the service answers",
  ];
  if (kind === "refused")
    return unknown(`${apiKey} is refused (${briefly(error)})`, capitalized(owner.fix("apiKey", SETTINGS.apiKey.fix)));
  if (kind === "not the service")
    return unknown(`${baseUrl} is not the service's (GET /roles: ${briefly(error)})`, setBaseUrl);
  if (kind === "status") return unknown(`the ${which} settings got ${briefly(error)}`, runAgain, runAgain);
  // Settings that never answered (a first up with a mistyped base URL) made nothing, and Pulumi deletes a
  // provider's record only while no resource uses it: the command orphans nothing. Only this fix fits beside the URN.
  return unknown(
    `the ${which} settings got no answer (${briefly(error)})`,
    runAgain,
    `Never answered? pulumi state delete '${urn}'`,
  );
}

function briefly(error: unknown): string {
  const { status, code, name } = (error ?? {}) as Failed;
  if (typeof status === "number") return typeof code === "string" ? `${status} ${code}` : `${status}`;
  if (name === "ResponseValidationError") return "not a list of roles";
  if (name === "APIConnectionTimeoutError") return "timed out";
  // The SDK's connection error: "Connection error: connect ECONNREFUSED 127.0.0.1:4999; the request did not reach the service [GET /roles]".
  const said = error instanceof Error ? error.message : String(error);
  return /\bE[A-Z]{3,}\b/.exec(said)?.[0] ?? quoted(said.replace(/^Connection error: /, "").replace(/(;| \[).*$/, ""));
}
