// Which environment each resource lives in, on the dynamic door. The service names an environment by
// its oldest role's id (docs/contract-decisions.md, "Explicit providers: which environment a key
// reaches"); the native door records it once per provider, in the provider's inputs. The dynamic door
// has no provider state: every run reads the stack config afresh, so a key or base URL moved to another
// environment would find none of the recorded ids there (a refresh would drop them from state, an up
// would make them anew, and the old objects would stay, unmanaged). So each resource records, in one
// output, the environment it was made or last read in and a fingerprint of the settings that reached
// it. While the settings are the same nothing is asked (a preview with no changes sends nothing); once
// they changed, the service is asked once per connection per run, and a resource of another
// environment is refused before anything reads, writes or drops it. A key rotated within the
// environment reaches the same one: nothing is refused, and the next write or refresh records the new
// fingerprint. When the service did not say which environment it reaches (it was unavailable), the
// fingerprint is recorded alone: once the settings changed, a 404 for such a resource is no proof
// that its object is gone (it may live where the previous settings reached), so it is refused rather
// than dropped from state, and an object found records its environment. This file holds the record and
// its refusals; environment-step.ts compares it, once, before each call on a resource.
import { createHmac } from "node:crypto";
import { quoted, type Diagnostic } from "../diagnostic";
import { SettingsOwner } from "../settings";
import { ENVIRONMENT_OUTPUT } from "../shapes/reserved";
import type { Props } from "./engine-inputs";

/** What a resource records: the settings that reached it, and the environment's name when the service said. */
export interface EnvironmentRecord {
  readonly environment?: string;
  readonly settings: string;
}

/** A one-way fingerprint of a key and base URL: tells whether they changed, and reveals neither. */
export function settingsFingerprint(apiKey: string, baseUrl: string): string {
  return createHmac("sha256", "pulumi-tcs settings")
    .update(apiKey)
    .update("\n")
    .update(baseUrl)
    .digest("base64url")
    .slice(0, 22);
}

/**
 * The record as one output, `<settings>@<environment>`, or the fingerprint alone while the environment
 * is unknown (a fingerprint has no `@`). One property rather than two: the engine pays for every
 * property of every resource in every preview (its Check and Diff messages, the outputs it sends the
 * program): a second one cost a no-change preview 1 to 2% at 500 resources (docs/performance.md).
 */
const SEPARATOR = "@";

/** The record a resource's outputs hold; none for a resource recorded before this existed. */
export function recordedEnvironment(props: Props): EnvironmentRecord | undefined {
  const record = props[ENVIRONMENT_OUTPUT];
  if (typeof record !== "string") return undefined;
  const at = record.indexOf(SEPARATOR);
  return at < 0 ? { settings: record } : { settings: record.slice(0, at), environment: record.slice(at + 1) };
}

/** The outputs that record it. */
export function environmentOutputs(record: EnvironmentRecord): Props {
  return {
    [ENVIRONMENT_OUTPUT]:
      record.environment === undefined ? record.settings : `${record.settings}${SEPARATOR}${record.environment}`,
  };
}

/** Whether these settings are not those recorded, and the environment the resource lives in was never said: a 404 then proves nothing. */
export function environmentUnprovable(recorded: EnvironmentRecord | undefined, settings: string): boolean {
  return recorded !== undefined && recorded.environment === undefined && recorded.settings !== settings;
}

/** A refusal of the environment step (environment-step.ts): it always names the way out. */
export type EnvironmentRefusal = Diagnostic & { readonly fix: string };

const SECTION = "docs/troubleshooting.md#lives-in-another-environment";
const refusal = (kind: string, id: string, summary: string, fix: string): EnvironmentRefusal => ({
  object: `${kind} ${id}`,
  summary,
  fix,
  docs: SECTION,
});
const settingsOf = (connection: string | undefined) => SettingsOwner.connection(connection).settings();

/** A resource whose connection's settings now reach another environment than the one it lives in. */
export function moved(kind: string, id: string, connection: string | undefined): EnvironmentRefusal {
  const fix =
    "To keep it, set the previous settings back; to move it, pulumi destroy with those, then pulumi up with these";
  return refusal(kind, id, `lives in another environment than ${settingsOf(connection)} now reach`, fix);
}

/** A resource whose environment was never recorded, not found with settings that changed since. */
export function notFoundSinceChange(kind: string, id: string, connection: string | undefined): EnvironmentRefusal {
  const summary = `was not found with ${settingsOf(connection)}, which changed since it was made (its environment unrecorded)`;
  return refusal(kind, id, summary, "If moved, set the previous settings back; if deleted, pulumi state delete it");
}

/** Settings that changed and the service could not say which environment they reach. */
export function environmentUnknown(
  kind: string,
  id: string,
  connection: string | undefined,
  reason: string,
): EnvironmentRefusal {
  const summary = `${settingsOf(connection)} changed, and the service could not say which environment they reach: ${quoted(reason)}`;
  return refusal(kind, id, summary, "Run again when the service answers");
}
