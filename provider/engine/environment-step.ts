// The environment step of a call on a resource, taken once, before the call, and only here. On the
// dynamic door each resource records the environment it lives in (environment-record.ts): before a
// diff, read, update or delete touches the object, the record is compared with the environment its
// connection reaches now. An object of another environment, or settings whose environment the
// service cannot say, is refused before anything reads, writes or drops it. Otherwise the call goes on
// with what the step settled: whether a 404 proves the object gone, and the environment to record in
// the outputs it returns. A create has no record to compare: its step only records. The native door
// records the environment once per provider instead (settings/provider.ts): there the step passes.
import { DiagnosticError, quoted, type Refusal } from "../diagnostic";
import { SettingsOwner } from "../settings";
import type { ApiContext } from "./binding";
import type { Props } from "./engine-inputs";
import { environmentOutputs, environmentUnprovable, recordedEnvironment } from "./environment-record";
import type { EnvironmentRecord } from "./environment-record";

/** What a call goes on with once its environment is settled. */
export interface EnvironmentStep {
  /** The refusal a 404 gets instead of dropping the object from state; none where a 404 proves it gone. */
  readonly ifNotFound?: Refusal;
  /** The call's outputs, with the environment the object lives in. */
  recorded(outs: Props): Promise<Props>;
}

/** The object a call touches: its id and what state holds of it (the outputs recorded, or a diff's and update's olds). */
export interface RecordedObject {
  readonly id: string;
  readonly state: Props;
}

/** The step of a call on connection `connection`: on `object`, or none for a create. Throws the refusal. */
export type EnvironmentCheck = (connection: string | undefined, object?: RecordedObject) => Promise<EnvironmentStep>;

const PASSES: EnvironmentStep = { recorded: (outs) => Promise.resolve(outs) };

/**
 * The step for resources of `kind`: a pass where resources record no environment (the native door).
 * Settings as recorded cost nothing; changed ones, one question per connection per run (ApiContext.environment).
 */
export function environmentCheck(
  kind: string,
  api: (connection?: string) => ApiContext,
  recordsEnvironment: boolean,
): EnvironmentCheck {
  if (!recordsEnvironment) return () => Promise.resolve(PASSES);
  return async (connection, object) => {
    const recorded = object && recordedEnvironment(object.state);
    // Nothing recorded (a create, or a resource recorded before this existed): the service says where it lives.
    if (!object || recorded === undefined) return asking(() => api(connection));
    const ctx = api(connection);
    const settings = ctx.settingsFingerprint;
    if (recorded.environment === undefined) {
      // Never said: the service is asked after the call, and with other settings a 404 proves nothing.
      const ifNotFound = environmentUnprovable(recorded, settings)
        ? notFoundSinceChange(kind, object.id, connection)
        : undefined;
      return { ...asking(() => ctx), ifNotFound };
    }
    if (recorded.settings === settings) return keeping(recorded);
    const now = await ctx.environment().catch((error: unknown) => {
      throw new DiagnosticError(
        environmentUnknown(kind, object.id, connection, error instanceof Error ? error.message : String(error)),
      );
    });
    if (now !== recorded.environment) throw new DiagnosticError(moved(kind, object.id, connection));
    // The same environment through other settings (a rotated key): the new fingerprint is recorded.
    return keeping({ environment: now, settings });
  };
}

/** Records the environment as it is known already. */
function keeping(record: EnvironmentRecord): EnvironmentStep {
  return { recorded: (outs) => Promise.resolve({ ...outs, ...environmentOutputs(record) }) };
}

/** Records the environment the service says after the call; unknown (the service did not answer): the settings alone, and the environment by a later write or refresh. */
function asking(api: () => ApiContext): EnvironmentStep {
  return {
    async recorded(outs) {
      const ctx = api();
      const environment = await ctx.environment().catch(() => undefined);
      return { ...outs, ...environmentOutputs({ environment, settings: ctx.settingsFingerprint }) };
    },
  };
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
