// What is wrong with the shape of `tcs:connections` (connections.ts reads it), as diagnostics: the
// setting to fix, the `pulumi config` command that fixes it, and the guide's section on named
// connections. A connection's name may be 63 characters: a fix names it whole, and drops its second
// command rather than have the line cut.
import { quoted, render, type Refusal } from "../diagnostic";
import type { SettingName } from "./declaration";
import { CONNECTIONS_KEY, SettingsOwner } from "./owner";

const DOCS = "docs/guide.md#named-connections-several-environments-in-one-program";

/** How one connection is set, its name a placeholder. */
const SET_ONE = SettingsOwner.connection("<name>").set("baseUrl", "<url>");

/** `tcs:connections` holds something other than connections by name (a string, a list). */
export function connectionsNotAnObject(): Refusal {
  return {
    summary: `${CONNECTIONS_KEY} must be an object of connections by name`,
    fix: `Run pulumi config rm ${CONNECTIONS_KEY}, then ${SET_ONE}`,
    docs: DOCS,
  };
}

/** A connection named as `--path` cannot address, or as the top-level settings are called. */
export function connectionNameRefused(name: string, problem: string): Refusal {
  const key = `${CONNECTIONS_KEY}.${name}`;
  return wholeFix({ object: key, summary: `the connection's name ${problem}`, docs: DOCS }, `Run pulumi config rm --path ${key}`, SET_ONE);
}

/**
 * The refusal with a fix of two commands, or of only the first when with both the line would be cut (a
 * connection's name, in each, may be 63 characters, and a cut command cannot be run).
 */
function wholeFix(refusal: Omit<Refusal, "fix">, first: string, then: string): Refusal {
  const both = { ...refusal, fix: `${first}, then ${then}` };
  return render(both).includes("…") ? { ...refusal, fix: first } : both;
}

/** A connection whose value is not an object of settings. */
export function connectionNotAnObject(owner: SettingsOwner): Refusal {
  const summary = `${owner.settings()} must be an object with apiKey and baseUrl`;
  return wholeFix({ summary, docs: DOCS }, `Run pulumi config rm --path ${owner.settings()}`, owner.set("baseUrl", "<url>"));
}

/** Keys a connection does not take (a misspelled setting, say). */
export function unknownConnectionSettings(owner: SettingsOwner, keys: string[], known: string[]): Refusal {
  return {
    object: owner.settings(),
    summary: `unknown setting ${keys.map(quoted).join(", ")} (settings: ${known.join(", ")})`,
    fix: `Remove ${keys.length > 1 ? "each" : "it"}: pulumi config rm --path ${owner.key(keys[0])}`,
    docs: DOCS,
  };
}

/** A setting written as something other than text (a number, a list). */
export function connectionSettingNotText(owner: SettingsOwner, setting: SettingName, type: string, placeholder: string): Refusal {
  return { summary: `${owner.key(setting)} must be a string (got ${type})`, fix: `Run ${owner.set(setting, placeholder)}`, docs: DOCS };
}

/** `production` written as something other than a boolean. */
export function connectionProductionNotBoolean(owner: SettingsOwner): Refusal {
  return { summary: `${owner.key("production")} must be true or false`, fix: `Run ${owner.set("production", "true")} (or false)`, docs: DOCS };
}

/** A resource or lookup names a connection the stack config does not hold (removed, or misspelled). */
export function connectionNotInConfig(owner: SettingsOwner): Refusal {
  const summary = `${owner.describe()} is not in the stack config (${CONNECTIONS_KEY})`;
  return wholeFix({ summary, docs: DOCS }, `Restore it: ${owner.set("baseUrl", "<url>")}`, owner.set("apiKey", "<key>"));
}
