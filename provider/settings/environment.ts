// Which environment a key and base URL reach, as the service tells it: the id of its oldest role, which names the
// environment for its life ("Explicit providers: which environment a key reaches" in docs/contract-decisions.md).
// Both doors ask GET /roles oldest first, and word its refusals alike (settingsRefused).
import type { ToolConnectivityClient } from "../../sdk";
import { quoted, type Diagnostic, type Refusal } from "../diagnostic";
import { SETTINGS, withoutCredentials } from "./declaration";
import type { SettingsOwner } from "./owner";
import { capitalized } from "./read";

const DOCS = "docs/guide.md#configuration";
type Failed = {
  status?: unknown;
  name?: unknown;
  code?: unknown;
  headers?: Record<string, string>;
  issues?: { path: unknown[]; message: string }[];
};

// What a failed GET /roles says of the settings, told apart without loading the SDK, and what it got, briefly.
// The service answers it with a list for every secret key: a 404 means the path is wrong, a redirect that the
// base URL is not the API's own, a body that is not the list envelope another server. A 5xx or 429 says nothing
// of the URL, nor do roles the SDK cannot read inside the envelope (a newer service's answer).
type Failure = { kind: "refused" | "status" | "no answer" | "other" } | { kind: "not the service"; answer: string };
function failureOf(error: unknown): Failure & { brief: string } {
  const { status, code, name, headers, issues } = (error ?? {}) as Failed;
  if (typeof status === "number") {
    const brief = typeof code === "string" ? `${status} ${code}` : `${status}`;
    const redirect = `answered ${status}, a redirect${headers?.location ? ` to ${quoted(headers.location)}` : ""}`;
    if (status === 401 || status === 403) return { kind: "refused", brief };
    if (status === 404 || (status >= 300 && status < 400))
      return { kind: "not the service", brief, answer: status === 404 ? "answered 404" : redirect };
    return { kind: "status", brief };
  }
  if (name === "ResponseValidationError") {
    const brief = "an answer it cannot read";
    const envelope = (issues ?? []).filter(({ path }) => !(path[0] === "items" && typeof path[1] === "number"));
    if (envelope.length === 0) return { kind: "status", brief };
    const body = envelope.some((issue) => issue.message === "the body is not JSON")
      ? "a body that is not JSON (a web page, say)"
      : "JSON that is not the list of roles the service sends";
    return { kind: "not the service", brief, answer: `answered 200 with ${body}` };
  }
  if (name === "APIConnectionTimeoutError") return { kind: "no answer", brief: "timed out" };
  // The SDK's connection error: "Connection error: connect ECONNREFUSED 127.0.0.1:4999; the request did not reach the service [GET /roles]".
  const said = error instanceof Error ? error.message : String(error);
  const brief =
    /\bE[A-Z]{3,}\b/.exec(said)?.[0] ?? quoted(said.replace(/^Connection error: /, "").replace(/(;| \[).*$/, ""));
  return { kind: typeof name === "string" && name.startsWith("APIConnection") ? "no answer" : "other", brief };
}

/**
 * Why the service refused `owner`'s key, or why its base URL does not reach the service, of the settings `which`
 * names ("the new ", or none); undefined when the failure says neither.
 */
export function settingsRefused(
  error: unknown,
  owner: SettingsOwner,
  baseUrl: string,
  which = "",
): Refusal | undefined {
  const [failure, object] = [failureOf(error), owner.kind === "provider" ? owner.describe() : undefined];
  const [apiKey, brief] = [`${which}${owner.key("apiKey")}`, failure.brief];
  if (failure.kind === "refused") {
    const [summary, fix] =
      (error as Failed).status === 401
        ? [`the service refused ${apiKey} (${brief})`, "Set the key of that environment"]
        : [`${apiKey} may not manage the environment's objects (${brief})`, "Use a secret key with full access"];
    return { object, summary, fix: owner.setSecretKey(fix), docs: DOCS };
  }
  if (failure.kind !== "not the service") return undefined;
  const path = new URL(baseUrl).pathname.replace(/\/+$/, "");
  // A path the service does not live under is the usual slip (a version segment, /api): its root is the likely fix.
  const guess = path === "" ? "" : ` (perhaps without ${path})`;
  const summary = `${which}${owner.key("baseUrl")} does not reach the service: GET ${path}/roles ${failure.answer}`;
  const fix =
    owner.kind === "provider"
      ? `Set the provider's baseUrl to the service's base URL${guess}`
      : `${owner.fix("baseUrl", SETTINGS.baseUrl.fix, true)}${guess}`;
  return { object, summary, fix: capitalized(fix), docs: DOCS };
}

// The dynamic door's check before a run writes: the refusal, or none when the service takes the settings or
// failed otherwise (the step reports that). When nothing answers the run goes on, but `onNoAnswer` is told:
// a preview plans its writes without sending them, so nothing else would say so before the up.
export async function keyRefusal(
  client: ToolConnectivityClient,
  owner: SettingsOwner,
  onNoAnswer?: (warning: Diagnostic) => void,
  onEnvironment?: (id: string) => void,
): Promise<Refusal | undefined> {
  try {
    // No retries: a refusal is final, and a service that does not answer is the step's to report.
    const page = await client.roles.list({ limit: 1, order: "asc" }, { maxRetries: 0 });
    if (page.items[0]) onEnvironment?.(page.items[0].id);
    return undefined;
  } catch (error) {
    if (failureOf(error).kind === "no answer") {
      const summary = `its writes will fail: nothing answered GET /roles at ${withoutCredentials(client.baseUrl)} (${quoted((error as Error).message)})`;
      onNoAnswer?.({ object: owner.describe(), summary, fix: "Check the base URL and the network", docs: DOCS });
    }
    return settingsRefused(error, owner, client.baseUrl);
  }
}
export type Answer = { id: string } | { error: unknown } | { empty: true };
/** What is known of the environment some settings reach: its id, unknown at preview, or why it cannot be told (a clause DiffConfig completes). */
export type EnvironmentFact = { id: string } | { computed: true } | { unknown: Refusal };
export type Which = "new" | "previous";

/** The native door's answer as a fact. The new settings are the user's to correct; the previous ones only to put back for one up. */
export function factOf(
  answer: Answer,
  { owner, which, urn, baseUrl }: { owner: SettingsOwner; which: Which; urn: string; baseUrl: string },
): EnvironmentFact {
  if ("id" in answer) return { id: answer.id };
  const section = "docs/native-provider.md#settings-and-several-environments" as const;
  const unknown = (
    { summary, fix, docs = section }: Omit<Refusal, "docs"> & Partial<Refusal>,
    previous = "Put the previous settings back for one pulumi up, then change them",
  ) => ({ unknown: which === "new" ? { summary, fix, docs } : { summary, fix: previous, docs: section } });
  if ("empty" in answer) {
    const summary = `the ${which} ${owner.key("baseUrl")} lists no role (every environment has some)`;
    return unknown({ summary, fix: capitalized(owner.fix("baseUrl", SETTINGS.baseUrl.fix)) });
  }
  const refused = settingsRefused(answer.error, owner, baseUrl, `the ${which} `);
  if (refused) return unknown(refused);
  const [runAgain, { kind, brief }] = ["Run pulumi preview again when the service answers", failureOf(answer.error)];
  if (kind === "status") return unknown({ summary: `the ${which} settings got ${brief}`, fix: runAgain }, runAgain);
  // Settings that never answered (a first up with a mistyped base URL) made nothing, and Pulumi deletes a
  // provider's record only while no resource uses it: the command orphans nothing. Only this fix fits beside the URN.
  const summary = `the ${which} settings got no answer (${brief})`;
  return unknown({ summary, fix: runAgain }, `Never answered? pulumi state delete '${urn}'`);
}
