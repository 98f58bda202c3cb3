// Which environment each resource lives in, on the dynamic door, which has no provider state: every run reads
// the stack config afresh, so settings moved to another environment would find none of the recorded ids, and
// a refresh or up would lose the old objects from sight. Each resource records, in one output, a fingerprint of
// the settings that reached it and, when the service said, the environment (its oldest role's id: "Explicit
// providers: which environment a key reaches" in docs/contract-decisions.md). environment-step.ts compares.
import { createHmac } from "node:crypto";
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
