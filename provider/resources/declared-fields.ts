// The declared inputs of every resource and how each one changes: the one list that both the engine
// (through each descriptor's `fields`) and tcs-drift read. Every other output is the service's own
// (status, timestamps, triggers, ...), so tcs-drift tells drift (a declared input differs from the
// service) from lifecycle (the service moved one of its own fields) with this list alone. Kept free
// of runtime imports so that tcs-drift loads it without the SDK or the descriptors.
import type { FieldRule, ResourceKind } from "../engine/descriptor";

export const DECLARED_FIELDS = {
  Callback: {
    integrationProviderId: { onChange: "replace" },
    name: { onChange: "update" },
    description: { onChange: "update" },
    metadata: { onChange: "update", carriesCreateMarker: true },
  },
  CallbackInstance: {
    callbackId: { onChange: "replace" },
    providerConfigId: { onChange: "replace" },
    providerAuthConfigId: { onChange: "replace" },
  },
  ProviderConfig: {
    providerId: { onChange: "replace" },
    providerDeploymentId: { onChange: "replace", serverDefault: true },
    providerConfigVaultId: { onChange: "replace" },
    value: { onChange: "replace", writeOnly: true },
    toolFilters: { onChange: "update", absentMeans: { type: "allow_all" } },
    name: { onChange: "update" },
    description: { onChange: "update" },
    metadata: { onChange: "update", carriesCreateMarker: true },
  },
  Role: {
    name: { onChange: "update" },
    slug: { onChange: "update" },
    permissions: { onChange: "update", unordered: true },
    description: { onChange: "update" },
  },
  IntegrationSetupSession: {
    integrationId: { onChange: "replace" },
    name: { onChange: "replace" },
    description: { onChange: "replace" },
    metadata: { onChange: "replace", carriesCreateMarker: true },
    identityActorId: { onChange: "replace" },
    identityId: { onChange: "replace" },
    expiresAt: { onChange: "replace", serverDefault: true, timestamp: true },
    redirectUrl: { onChange: "replace" },
    configuration: { onChange: "replace" },
  },
} satisfies Record<ResourceKind, Record<string, FieldRule>>;

/**
 * Live statuses that only someone's action outside Pulumi reaches and that make the provider replace
 * the object: drift, although `status` is the service's own field. A callback is archived when
 * callbacks are disabled on its integration provider (the API cannot undo it). Statuses that make an
 * object count as gone (deleted, detached) need no entry: the engine reports those as deleted.
 */
export const OUT_OF_BAND_STATUSES: Partial<Record<ResourceKind, Record<string, string>>> = {
  Callback: { archived: "archived outside Pulumi (callbacks disabled on its integration provider; the API cannot undo that): the next `up --refresh` replaces it" },
};

/** The resource kind of a type token (`tcs:Callback`, or the engine's `pulumi-nodejs:dynamic/tcs:Callback`). */
export function kindOfType(type: string): ResourceKind | undefined {
  const match = /^(?:pulumi-nodejs:dynamic\/)?tcs:(\w+)$/.exec(type);
  return match && Object.hasOwn(DECLARED_FIELDS, match[1]) ? (match[1] as ResourceKind) : undefined;
}
