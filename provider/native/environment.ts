// Which environment a provider's key and base URL reach, as the service tells it: the id of its oldest
// role, which names the environment for its life (every environment has default roles, and the API
// cannot delete one: docs/contract-decisions.md, "Explicit providers: which environment a key reaches").
// A whole page is asked, which the run's role reads then start from (docs/performance.md). Recorded in
// the provider's inputs and asked again only when the key or base URL changed, so a preview with no
// changes sends nothing; the SDK is loaded by the first question, not before.
import type { ToolConnectivityClient } from "../../sdk";
import { missingSettings, readSettings, type SettingsOwner } from "../settings";
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
  const missing = missingSettings(resolved, providerOwner(urn));
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

/** The answer as a fact, a failure as its reason and fix: a refused key, a base URL that is not the service's, or a service that did not answer. */
export function factOf(answer: Answer, names: FactNames): EnvironmentFact {
  if ("id" in answer) return { id: answer.id };
  const { owner } = names;
  const asked = `GET /roles with the ${names.which} ${owner.key("apiKey")} and ${owner.key("baseUrl")}`;
  const setKey = owner.setSecretKey("Set a secret key of the environment to manage");
  const setBaseUrl = owner.setBaseUrl("Set the service's base URL");
  if ("empty" in answer) {
    return {
      unknown: `${asked} listed no role, and every environment of the service has its default roles. ${names.which === "new" ? setBaseUrl : previousFix(names)}`,
    };
  }
  const error = answer.error;
  const status = typeof (error as { status?: unknown })?.status === "number" ? ((error as { status: number }).status as number) : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (status === 401 || status === 403) return { unknown: `${asked} was refused (${message}). ${names.which === "new" ? setKey : previousFix(names)}` };
  const notTheService =
    status === 404 || (status !== undefined && status >= 300 && status < 400) || (error as { name?: unknown })?.name === "ResponseValidationError";
  if (notTheService) return { unknown: `${asked} did not reach the service (${message}). ${names.which === "new" ? setBaseUrl : previousFix(names)}` };
  if (names.which === "new") return { unknown: `${asked} failed (${message}). Run again when the service answers.` };
  return { unknown: `${asked} failed (${message}). Run again when the service answers. ${neverAnsweredFix(names)}` };
}

/**
 * The way out when the previous settings will never answer because they never reached the service (a
 * first `up` with a mistyped base URL, say): such a provider created nothing, and Pulumi deletes a
 * provider's record only while no resource uses it, so the command cannot orphan anything.
 */
function neverAnsweredFix(names: FactNames): string {
  return (
    `If the previous ${names.owner.key("baseUrl")} never reached the service, nothing was created with it: remove that provider's record with ` +
    `\`pulumi state delete '${names.urn}'\` (Pulumi refuses while a resource still uses it), then run again.`
  );
}

/** The fix when the settings state holds no longer tell their environment (a key revoked since, say), and state does not record it. */
function previousFix(names: FactNames): string {
  return (
    "State does not record the environment these settings reached (it was written by an earlier version of the provider): " +
    `put the previous ${names.owner.key("apiKey")} and ${names.owner.key("baseUrl")} back for one \`pulumi up\`, which records it, then change them.`
  );
}
