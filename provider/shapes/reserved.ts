// Names the program and the plugin agree on beyond the declared fields: both write or read them, so
// they live here, below both.
//
// The inputs that are the provider's own plumbing start with `__`, as Pulumi's `__provider` does: the
// CLI leaves every such key out of the plans, diffs and refreshes it shows (IsInternalPropertyKey in
// Pulumi's sdk/go/common/resource/properties.go), so a user sees only the fields they declared, while
// the provider is still handed them (only policy analyzers are not: the policy pack reads none).
// `connection` is a field the user declares, and keeps its plain name.

/** The input (and output) of a dynamic resource that holds its provider module (dynamic/shim.ts): Pulumi's name, which the plugin reads. */
export const PROVIDER_INPUT = "__provider";

/** The metadata key of the create marker (engine/create-marker.ts): reserved in declared metadata. */
export const MARKER_KEY = "pulumi_tcs_create_token";

/** The input that carries the resource's identity from the program to the plugin (create sees no URN). */
export const CREATE_KEY_INPUT = "__tcsCreateKey";

/**
 * The input that carries the resource's `replaceOnChanges` option to the plugin, which the engine does
 * not pass to a dynamic provider (see engine/replace-on-changes.ts).
 */
export const REPLACE_ON_CHANGES_INPUT = "__tcsReplaceOnChanges";

/**
 * The input (and output) that names the resource's connection (provider/settings/connections.ts): absent for
 * the default connection, so states written before connections existed read the same.
 */
export const CONNECTION_INPUT = "connection";

/**
 * The input check adds to inputs it passed: the fingerprint of the checks that passed them
 * (engine/validated-by.ts). A later check of the same inputs under the same checks skips
 * validating them again, so a preview with no changes never loads zod.
 */
export const VALIDATED_BY_INPUT = "__tcsValidatedBy";

/**
 * The input that names another resource of the program declaring the same natural key (the
 * program's side of one object, one owner: dynamic/one-owner.ts); absent when there is none. The
 * plugin's check refuses the resource naming both.
 */
export const SAME_KEY_AS_INPUT = "__tcsSameKeyAs";

/**
 * The environment the settings reach (the service's name for it: its oldest role's id). A dynamic resource
 * records it in this output with a fingerprint of the settings, as `<settings>@<environment>`
 * (engine/environment-record.ts); the native door once per provider, in this input of its (settings/provider.ts).
 */
export const ENVIRONMENT_PROPERTY = "__tcsEnvironment";

// A native provider's own URN, in its checked settings: the engine asks DiffConfig about a resource moved from one
// provider to another with the old provider's inputs under the new one's URN; this tells such a move apart.
export const PROVIDER_URN_INPUT = "__tcsProviderUrn";

/**
 * The names the plumbing inputs had before they took the `__` prefix, when every plan showed them.
 * States written then hold them in their recorded inputs, so the plugin reads them as well; the
 * program never sends them again. The create key keeps its value under its new name (dynamic/create-key.ts
 * derives it as before), so the create marker is the same, and an object that a run of an older
 * version made and did not record is still found.
 */
export const FORMER_CREATE_KEY_INPUT = "tcsCreateKey";
export const FORMER_REPLACE_ON_CHANGES_INPUT = "tcsReplaceOnChanges";
export const FORMER_VALIDATED_BY_INPUT = "tcsValidatedBy";

/** Every plumbing input, under its name today and its former one: never a declared field, never drift. */
export const PLUMBING_INPUTS: readonly string[] = [
  PROVIDER_INPUT,
  CREATE_KEY_INPUT,
  REPLACE_ON_CHANGES_INPUT,
  VALIDATED_BY_INPUT,
  SAME_KEY_AS_INPUT,
  FORMER_CREATE_KEY_INPUT,
  FORMER_REPLACE_ON_CHANGES_INPUT,
  FORMER_VALIDATED_BY_INPUT,
];
