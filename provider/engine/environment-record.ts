// Which environment each resource lives in, on the dynamic door. The service names an environment by
// its oldest role's id (docs/contract-decisions.md, "Explicit providers: which environment a key
// reaches"); the native door records it once per provider, in the provider's inputs. The dynamic door
// has no provider state: every run reads the stack config afresh, so a key or base URL moved to another
// environment would find none of the recorded ids there (a refresh would drop them from state, an up
// would make them anew, and the old objects would stay, unmanaged). So each resource records, in its
// outputs, the environment it was made or last read in and a fingerprint of the settings that reached
// it. While the settings are the same nothing is asked (a preview with no changes sends nothing); once
// they changed, the service is asked once per connection per run, and a resource of another
// environment is refused before anything reads, writes or drops it. A key rotated within the
// environment reaches the same one: nothing is refused, and the next write or refresh records the new
// fingerprint.
import { createHmac } from "node:crypto";
import { SettingsOwner } from "../settings";
import { ENVIRONMENT_OUTPUT, SETTINGS_OUTPUT } from "../shapes/reserved";
import type { Props } from "./engine-inputs";

/** What a resource records: the environment's name and the settings that reached it. */
export interface EnvironmentRecord {
  readonly environment: string;
  readonly settings: string;
}

/** A one-way fingerprint of a key and base URL: tells whether they changed, and reveals neither. */
export function settingsFingerprint(apiKey: string, baseUrl: string): string {
  return createHmac("sha256", "pulumi-tcs settings").update(apiKey).update("\n").update(baseUrl).digest("base64url").slice(0, 22);
}

/** The record a resource's outputs hold; none for a resource recorded before this existed. */
export function recordedEnvironment(props: Props): EnvironmentRecord | undefined {
  const [environment, settings] = [props[ENVIRONMENT_OUTPUT], props[SETTINGS_OUTPUT]];
  return typeof environment === "string" && typeof settings === "string" ? { environment, settings } : undefined;
}

/** The outputs that record it. */
export function environmentOutputs(record: EnvironmentRecord): Props {
  return { [ENVIRONMENT_OUTPUT]: record.environment, [SETTINGS_OUTPUT]: record.settings };
}

const SECTION = "docs/troubleshooting.md#lives-in-another-environment";

/** The settings of a connection, as a message names them. */
function settingsOf(connection: string | undefined): string {
  return SettingsOwner.connection(connection).settings();
}

/** A resource whose connection's settings now reach another environment than the one it lives in. */
export function movedRefusal(kind: string, id: string, connection: string | undefined): string {
  return (
    `${kind} ${id} lives in another environment than ${settingsOf(connection)} now reach. To move it, pulumi destroy with the ` +
    `previous settings, then pulumi up with these; to keep it, set the previous ones back. See ${SECTION}`
  );
}

/** Settings that changed and the service could not say which environment they reach. */
export function unknownEnvironmentRefusal(kind: string, id: string, connection: string | undefined, reason: string): string {
  return (
    `${kind} ${id}: ${settingsOf(connection)} changed, and asking the service which environment they reach failed (${reason}). ` +
    `Run again when the service answers. See ${SECTION}`
  );
}
