// Which environment a provider's key and base URL reach, as the service tells it: the id of its oldest
// role, which names the environment for its life (every environment has default roles, and the API
// cannot delete one: docs/contract-decisions.md, "Explicit providers: which environment a key reaches").
// A whole page is asked, which the run's role reads then start from (docs/performance.md). Recorded in
// the provider's inputs and asked again only when the key or base URL changed, so a preview with no
// changes sends nothing; the SDK is loaded by the first question, not before.
import type { ToolConnectivityClient } from "../../sdk";
import { quoted } from "../diagnostic";
import { readSettings, SETTINGS, unusableSettings, type SettingsOwner } from "../settings";
import type { LiveObject } from "../engine/binding";
import type { PageLike } from "../engine/read-batcher";
import { SCAN_PAGE_SIZE } from "../page-size";
import { UNKNOWN } from "../shapes/normalize";
import { configSource, ENVIRONMENT_INPUT, environmentToRecord, providerOwner, type EnvironmentFact } from "./config";
import type { Props } from "./properties";

/** The service's answer to the question: the oldest role's id, none, or the request's failure. */
export type Answer = { id: string } | { error: unknown } | { empty: true };

/** Whose settings were asked about, whether they are the new ones or those state holds, and the provider's URN. */
interface FactNames {
  owner: SettingsOwner;
  which: "new" | "previous";
  urn: string;
}

/** One question per settings per process: the engine asks DiffConfig again for every resource of a provider it replaces. */
const answers = new Map<string, Promise<Answer>>();

/** The page of roles each question listed, and when, until the plugin configured with those settings takes it. */
const listedRoles = new Map<string, { page: PageLike<LiveObject>; listedAt: number }>();

/** The settings' question: the same for a provider's checked inputs and the arguments it is configured with. */
function questionOf(settings: Props): { key: string; resolved: ReturnType<typeof readSettings> } {
  const resolved = readSettings(configSource(settings));
  return { key: JSON.stringify([resolved.baseUrl, resolved.apiKey, resolved.serviceVersion]), resolved };
}

/** The roles the question about these settings listed, once: the configured plugin's first role scan starts from them. */
export function takeListedRoles(settings: Props): { page: PageLike<LiveObject>; listedAt: number } | undefined {
  const { key } = questionOf(settings);
  const listed = listedRoles.get(key);
  listedRoles.delete(key);
  return listed;
}

/**
 * A provider's checked settings with the environment they reach (CheckConfig): the one state records
 * while the key and base URL stay the same, else the service's answer. Nothing when the service
 * cannot tell: DiffConfig then says why, if the settings changed.
 */
export async function withEnvironment(urn: string, olds: Props, news: Props): Promise<Props> {
  const { [ENVIRONMENT_INPUT]: _declared, ...settings } = news;
  const record = environmentToRecord(olds, settings);
  const fact = record === "ask" ? await environmentOf(urn, settings, "new") : { id: record.keep };
  return "id" in fact ? { ...settings, [ENVIRONMENT_INPUT]: fact.id } : settings;
}

/** The environment some settings reach (DiffConfig): the one they record, else the service's answer. */
export function environmentFact(urn: string, settings: Props, which: "new" | "previous"): Promise<EnvironmentFact> | EnvironmentFact {
  const recorded = settings[ENVIRONMENT_INPUT];
  return typeof recorded === "string" ? { id: recorded } : environmentOf(urn, settings, which);
}

/** The environment these settings reach, asked of the service; the settings are judged good by CheckConfig already (settingFailures). */
async function environmentOf(urn: string, settings: Props, which: "new" | "previous"): Promise<EnvironmentFact> {
  if (settings.apiKey === UNKNOWN || settings.baseUrl === UNKNOWN) return { computed: true };
  const { key: question, resolved } = questionOf(settings);
  const missing = unusableSettings(resolved, providerOwner(urn));
  if (missing) return { unknown: missing };
  let answer = answers.get(question);
  if (!answer) {
    answer = ask(() => newClient(urn, settings), question);
    answers.set(question, answer);
  }
  return factOf(await answer, { owner: providerOwner(urn), which, urn });
}

async function ask(client: () => ToolConnectivityClient, question: string): Promise<Answer> {
  try {
    const listedAt = Date.now();
    const page = await client().roles.list({ limit: SCAN_PAGE_SIZE, order: "asc" });
    const oldest = page.items[0];
    if (oldest) listedRoles.set(question, { page, listedAt });
    return oldest ? { id: oldest.id } : { empty: true };
  } catch (error) {
    return { error };
  }
}

/** The settings' client: the first question loads the SDK (see the top of this file). */
function newClient(urn: string, settings: Props): ToolConnectivityClient {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { clientFromSettings } = require("../settings/client") as typeof import("../settings/client");
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { warn } = require("../engine/warn") as typeof import("../engine/warn");
  return clientFromSettings(readSettings(configSource(settings)), warn, providerOwner(urn));
}

/**
 * The answer as a fact; a failure as why the environment cannot be told (a clause DiffConfig completes,
 * config.ts) and its fix: a refused key, a base URL that is not the service's, no role listed, or no answer.
 */
export function factOf(answer: Answer, names: FactNames): EnvironmentFact {
  if ("id" in answer) return { id: answer.id };
  const { owner, which } = names;
  const [apiKey, baseUrl] = [`the ${which} ${owner.key("apiKey")}`, `the ${which} ${owner.key("baseUrl")}`];
  // The new settings are the user's to correct; the previous ones only to put back for one up.
  const unknown = (summary: string, fixNew: string, fixPrevious = PUT_PREVIOUS_BACK): EnvironmentFact => ({
    unknown: { summary, fix: which === "new" ? fixNew : fixPrevious, docs: DOCS },
  });
  const setBaseUrl = capitalized(owner.fix("baseUrl", SETTINGS.baseUrl.fix));
  if ("empty" in answer) return unknown(`${baseUrl} lists no role (every environment has some)`, setBaseUrl);
  const error = answer.error;
  const status = (error as { status?: unknown })?.status;
  if (status === 401 || status === 403) return unknown(`${apiKey} is refused (${briefly(error)})`, capitalized(owner.fix("apiKey", SETTINGS.apiKey.fix)));
  const notTheService =
    status === 404 || (typeof status === "number" && status >= 300 && status < 400) || (error as { name?: unknown })?.name === "ResponseValidationError";
  if (notTheService) return unknown(`${baseUrl} is not the service's (GET /roles: ${briefly(error)})`, setBaseUrl);
  const runAgain = "Run pulumi preview again when the service answers";
  if (typeof status === "number") return unknown(`the ${which} settings got ${briefly(error)}`, runAgain, runAgain);
  // No answer at all may be settings that never reached the service (a first up with a mistyped base URL).
  return unknown(`the ${which} settings got no answer (${briefly(error)})`, runAgain, neverAnsweredFix(names));
}

/** Where the native door says how a provider tells the environment its settings reach, and why it refuses when it cannot. */
const DOCS = "docs/native-provider.md#settings-and-several-environments";

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A failed request in a few words: its status and code, or the connection's error code, or what it said, cut short. */
function briefly(error: unknown): string {
  const { status, code, name } = (error ?? {}) as { status?: unknown; code?: unknown; name?: unknown };
  if (typeof status === "number") return typeof code === "string" ? `${status} ${code}` : `${status}`;
  if (name === "ResponseValidationError") return "not a list of roles";
  // The SDK's connection error: "Connection error: connect ECONNREFUSED 127.0.0.1:4999; the request did not reach the service [GET /roles]".
  const said = error instanceof Error ? error.message : String(error);
  if (name === "APIConnectionTimeoutError") return "timed out";
  return /\bE[A-Z]{3,}\b/.exec(said)?.[0] ?? quoted(said.replace(/^Connection error: /, "").replace(/(;| \[).*$/, ""));
}

/**
 * The way out when the previous settings get no answer: if they never reached the service (a first
 * `up` with a mistyped base URL, say), such a provider created nothing, and Pulumi deletes a
 * provider's record only while no resource uses it, so the command cannot orphan anything (and after
 * an outage it is refused: running again then is the way). Only this fix fits the line beside the URN.
 */
function neverAnsweredFix(names: FactNames): string {
  return `If they never answered: pulumi state delete '${names.urn}'`;
}

/** The fix when the settings state holds no longer tell their environment (a key revoked since, say), and state does not record it: that up records it. */
const PUT_PREVIOUS_BACK = "Put the previous settings back for one pulumi up, then change them";
