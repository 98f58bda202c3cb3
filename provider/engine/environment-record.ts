// Which environment each resource lives in, on the dynamic door, which has no provider state: every run reads
// the stack config afresh, so settings moved to another environment would find none of the recorded ids, and
// a refresh or up would lose the old objects from sight. Each resource records, in one output, a fingerprint
// of the settings that reached it and, when the service said, the environment (named by its oldest role's id:
// docs/contract-decisions.md, "Explicit providers: which environment a key reaches"). environment-step.ts compares.
import { createHmac } from "node:crypto";
import { quoted, type Refusal } from "../diagnostic";
import { SettingsOwner } from "../settings";
import { ENVIRONMENT_PROPERTY } from "../shapes/reserved";
import type { Props } from "./engine-inputs";

/** What a resource records: the settings that reached it, and the environment's name when the service said. */
export interface EnvironmentRecord {
  readonly environment?: string;
  readonly settings: string;
}

/** A one-way fingerprint of a key and base URL: tells whether they changed, and reveals neither. */
export function settingsFingerprint(apiKey: string, baseUrl: string): string {
  return createHmac("sha256", "pulumi-tcs settings").update(`${apiKey}\n${baseUrl}`).digest("base64url").slice(0, 22);
}

// One output, `<settings>@<environment>` (the fingerprint alone while the environment is unknown), rather than
// two: the engine pays for every property of every resource in every preview (docs/performance.md, plumbing).
export function recordedEnvironment(props: Props): EnvironmentRecord | undefined {
  const record = props[ENVIRONMENT_PROPERTY];
  if (typeof record !== "string") return undefined; // recorded before this existed
  const [settings, environment] = record.split("@");
  return environment === undefined ? { settings } : { settings, environment };
}

export function environmentOutputs({ settings, environment }: EnvironmentRecord): Props {
  return { [ENVIRONMENT_PROPERTY]: environment === undefined ? settings : `${settings}@${environment}` };
}

/** Whether these settings are not those recorded, and the environment the resource lives in was never said: a 404 then proves nothing. */
export function environmentUnprovable(recorded: EnvironmentRecord | undefined, settings: string): boolean {
  return recorded !== undefined && recorded.environment === undefined && recorded.settings !== settings;
}

const about = (kind: string, id: string) =>
  ({ object: `${kind} ${id}`, docs: "docs/troubleshooting.md#lives-in-another-environment" }) as const;
const settingsOf = (connection: string | undefined) => SettingsOwner.connection(connection).settings();

/** A resource whose connection's settings now reach another environment than the one it lives in. */
export const moved = (kind: string, id: string, connection: string | undefined): Refusal => ({
  ...about(kind, id),
  summary: `lives in another environment than ${settingsOf(connection)} now reach`,
  fix: "To keep it, set the previous settings back; to move it, pulumi destroy with those, then pulumi up with these",
});

/** A resource whose environment was never recorded, not found with settings that changed since. */
export const notFoundSinceChange = (kind: string, id: string, connection: string | undefined): Refusal => ({
  ...about(kind, id),
  summary: `was not found with ${settingsOf(connection)}, which changed since it was made (its environment unrecorded)`,
  fix: "If moved, set the previous settings back; if deleted, pulumi state delete it",
});

/** Settings that changed and the service could not say which environment they reach. */
export const environmentUnknown = (kind: string, id: string, connection: string | undefined, reason: string) => ({
  ...about(kind, id),
  summary: `${settingsOf(connection)} changed, and the service could not say which environment they reach: ${quoted(reason)}`,
  fix: "Run again when the service answers",
});
