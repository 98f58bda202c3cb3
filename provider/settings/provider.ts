// The native door's own calls (CheckConfig, DiffConfig, Configure) over plain values (server.ts translates the
// messages): its settings are stack config for the default provider, the same names as an explicit provider's
// inputs. Each provider is one environment, recorded in its inputs and asked of the service again only when the
// key or base URL changed, so a preview with no changes sends nothing. The first question loads the SDK.
import { DiagnosticError, PROVIDER_CONFIG_LIMIT, renderCheckReason, type Refusal } from "../diagnostic";
import type { LiveObject } from "../engine/binding";
import type { PageLike } from "../engine/read-batcher";
import type { TcsPlugin } from "../engine/tcs-plugin";
import { warn } from "../engine/warn";
import { asProviderSettings } from "../native/dynamic-door-move";
import { withSecrets, type Props } from "../native/properties";
import { SCAN_PAGE_SIZE } from "../page-size";
import { nameOfUrn } from "../shapes/identity";
import { UNKNOWN } from "../shapes/normalize";
import { ENVIRONMENT_PROPERTY, PROVIDER_URN_INPUT } from "../shapes/reserved";
import { ENVIRONMENT_SETTINGS, SECRET_SETTINGS, SETTING_NAMES, SETTINGS } from "./declaration";
import type { ProviderSettings, SettingName } from "./declaration";
import { factOf, type Answer, type EnvironmentFact, type Which } from "./environment";
import { configKey, SettingsOwner } from "./owner";
import { readSettings, settingRefusal, unknownSettings, unusableSettings } from "./read";
import type { ConfigSource } from "./read";

type Changes = { changed: string[]; replaces: string[] };
type Failure = { property: string; reason: string };
type Facts = { old: EnvironmentFact; new: EnvironmentFact };
export const withProviderUrn = (settings: Props, urn: string): Props => ({ ...settings, [PROVIDER_URN_INPUT]: urn });
/** The settings as config (`tcs:apiKey` is the input `apiKey`), for the plugin and the settings' reading. */
export const configSource =
  (settings: Props): ConfigSource =>
  (key) => {
    const name = SETTING_NAMES.find((setting) => configKey(setting) === key);
    return name && typeof settings[name] === "string" && settings[name] !== "" ? settings[name] : undefined;
  };
/** The default provider's URN ends in "default" (or "default_<version>"): its settings are stack config. */
export const providerOwner = (urn: string): SettingsOwner =>
  urn === "" || /::default(_[\w.-]+)?$/.test(urn)
    ? SettingsOwner.defaultProvider
    : SettingsOwner.provider(nameOfUrn(urn));

/** What is wrong with a provider's settings, as check failures (the engine prints the property and its value before each reason). */
export function settingFailures(settings: Props, owner: SettingsOwner): Failure[] {
  // `connections` is the dynamic door's, read from the same stack config: this door leaves it alone.
  const names = Object.keys(settings).filter(
    (key) => !key.startsWith("__") && key !== "version" && key !== "connections",
  );
  return names.flatMap((name) => {
    const refusal = !Object.hasOwn(SETTINGS, name)
      ? unknownSettings(owner, [name], SETTING_NAMES)
      : settings[name] !== "" &&
        settingRefusal(name as SettingName, settings[name], owner, { checked: true, valueShown: true });
    return refusal ? [{ property: name, reason: renderCheckReason(refusal) }] : [];
  });
}

export function changedSettings(olds: Props, news: Props): { changed: string[]; environment: string[] } {
  const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter(
    (key) => key !== PROVIDER_URN_INPUT && key !== ENVIRONMENT_PROPERTY,
  );
  const changed = keys.filter((key) => JSON.stringify(olds[key]) !== JSON.stringify(news[key]));
  return { changed, environment: changed.filter((key) => ENVIRONMENT_SETTINGS.includes(key as SettingName)) };
}

// One question per settings per process (the engine asks DiffConfig again for every resource of a provider it
// replaces), and the page of roles it listed, which the plugin configured with those settings starts its role reads from.
const answers = new Map<string, Promise<Answer>>();
const listedRoles = new Map<string, { page: PageLike<LiveObject>; listedAt: number }>();
const questionOf = (resolved: ProviderSettings) =>
  JSON.stringify([resolved.baseUrl, resolved.apiKey, resolved.serviceVersion]);

/**
 * CheckConfig: the settings' failures, or the settings with the provider's URN and the environment they reach: the
 * one state holds while the key and base URL stay the same, else the service's answer (none when it cannot tell).
 */
export async function checkedSettings(urn: string, olds: Props, news: Props) {
  const failures = settingFailures(news, providerOwner(urn));
  if (failures.length > 0) return { inputs: withSecrets(withProviderUrn(news, urn), SECRET_SETTINGS), failures };
  const { [ENVIRONMENT_PROPERTY]: _declared, ...settings } = news;
  const kept = changedSettings(olds, settings).environment.length === 0 ? olds[ENVIRONMENT_PROPERTY] : undefined;
  const fact = await environmentFact(urn, { ...settings, [ENVIRONMENT_PROPERTY]: kept }, "new");
  const inputs = "id" in fact ? { ...settings, [ENVIRONMENT_PROPERTY]: fact.id } : settings;
  return { inputs: withSecrets(withProviderUrn(inputs, urn), SECRET_SETTINGS), failures };
}

/**
 * DiffConfig: what changed from the recorded settings (a dynamic door's state among them) to the new ones, and
 * what that replaces, asking the environments only when the key or base URL changed.
 */
export async function providerSettingsDiff(urn: string, recorded: Props, news: Props): Promise<Changes> {
  const olds = asProviderSettings(recorded);
  const { changed, environment } = changedSettings(olds, news);
  if (environment.length === 0) return { changed, replaces: [] };
  return providerConfigChange(urn, olds, news, {
    old: await environmentFact(urn, olds, "previous"),
    new: await environmentFact(urn, news, "new"),
  });
}

/** The environment `settings` reach: the one they record, or the service's answer (asked once per settings). */
export async function environmentFact(urn: string, settings: Props, which: Which): Promise<EnvironmentFact> {
  if (typeof settings[ENVIRONMENT_PROPERTY] === "string") return { id: settings[ENVIRONMENT_PROPERTY] };
  if (settings.apiKey === UNKNOWN || settings.baseUrl === UNKNOWN) return { computed: true };
  const [owner, resolved] = [providerOwner(urn), readSettings(configSource(settings))];
  const missing = unusableSettings(resolved, owner);
  if (missing) return { unknown: missing };
  const question = questionOf(resolved);
  if (!answers.has(question)) answers.set(question, ask(question, resolved, owner));
  return factOf(await answers.get(question)!, { owner, which, urn, baseUrl: resolved.baseUrl! });
}

async function ask(question: string, settings: ProviderSettings, owner: SettingsOwner): Promise<Answer> {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { clientFromSettings } = require("./client") as typeof import("./client");
    const listedAt = Date.now();
    const page = await clientFromSettings(settings, warn, owner).roles.list({ limit: SCAN_PAGE_SIZE, order: "asc" });
    if (page.items[0]) listedRoles.set(question, { page, listedAt });
    return page.items[0] ? { id: page.items[0].id } : { empty: true };
  } catch (error) {
    return { error };
  }
}

// What DiffConfig says of a change of the key or base URL, given the environments the old and new settings reach.
// Settings that reach another environment replace the provider's resources (as a change of the dynamic door's
// `connection` does), the same one (a rotated key) keeps them. A change whose environment cannot be told is
// refused, naming why: kept, the resources would be lost from sight; replaced, made twice in the same
// environment. A resource moved to another provider is replaced then.
export function providerConfigChange(urn: string, olds: Props, news: Props, facts: Facts): Changes {
  const { changed, environment } = changedSettings(olds, news);
  const [before, after, owner] = [facts.old, facts.new, providerOwner(urn)];
  const moved = typeof olds[PROVIDER_URN_INPUT] === "string" && olds[PROVIDER_URN_INPUT] !== urn;
  if ("id" in before && "id" in after) return { changed, replaces: before.id === after.id ? [] : environment };
  if ("computed" in before || "computed" in after || moved) return { changed, replaces: environment };
  const refuse = (refusal: Refusal, summary: string, named = true) => {
    const object = named ? owner.describe() : undefined;
    const diagnostic = { ...refusal, object, summary: `${summary}: nothing is kept or replaced` };
    throw new DiagnosticError(diagnostic, { limit: PROVIDER_CONFIG_LIMIT });
  };
  // State written before the provider recorded the environment, whose settings no longer answer. A fix that
  // names the provider's URN names the provider: the line keeps its room for the rest.
  if (!("unknown" in after)) {
    const { unknown } = before as { unknown: Refusal };
    return refuse(unknown, `${unknown.summary}, unrecorded in state`, !unknown.fix.includes(urn));
  }
  // Gone rather than changed: usually a stack moved to another backend without its Pulumi.<stack>.yaml (which
  // `pulumi stack rm` deletes). Said as "changed", it sent users looking for a change they never made.
  const resolved = readSettings(configSource(news));
  const missing = ENVIRONMENT_SETTINGS.filter((name) => !resolved[name]);
  if (missing.length > 0) {
    const [them, are] = missing.length > 1 ? ["them", "are"] : ["it", "is"];
    const stack = urn.split("::")[0].replace(/^urn:pulumi:/, "");
    const fix =
      owner.kind === "provider"
        ? `Set the provider's ${missing.join(" and ")} again`
        : `Set ${them} again: a moved stack needs its Pulumi.${stack}.yaml`;
    const summary = `${missing.map((name) => owner.key(name)).join(" and ")} ${are} missing, but state holds resources made with ${them}`;
    return refuse({ summary, fix, docs: "docs/guide.md#moving-a-stack-to-another-backend" }, summary);
  }
  // The new settings' reason first: they are what the user just changed.
  const keys = environment.map((key) => owner.key(key)).join(" and ");
  return refuse(after.unknown, `${keys} changed, but ${after.unknown.summary}`);
}

/** Configure: the plugin with `args`, or (older engines) the variables map, keys `tcs:config:<name>`; engines before 3.1xx send no URN. */
export function configureProvider(plugin: TcsPlugin, args: Props, variables: [string, string][], urn: string): void {
  const settings =
    Object.keys(args).length > 0
      ? args
      : Object.fromEntries(variables.map(([key, value]) => [key.replace(/^tcs:config:/, ""), value]));
  plugin.configure(configSource(settings), providerOwner(urn));
  // The roles CheckConfig's environment question listed: the run's first role scan needs no request.
  const question = questionOf(readSettings(configSource(settings)));
  const roles = listedRoles.get(question);
  listedRoles.delete(question);
  if (roles) plugin.offerListed({ kind: "Role" }, roles.page, roles.listedAt);
}
