// Names the program and the plugin agree on beyond the declared fields: both write or read them, so
// they live here, below both.

/** The input (and output) of a dynamic resource that holds its provider module (program/shim.ts): Pulumi's name, which the plugin reads. */
export const PROVIDER_INPUT = "__provider";

/** The metadata key of the create marker (plugin/engine/create-marker.ts): reserved in declared metadata. */
export const MARKER_KEY = "pulumi_tcs_create_token";

/** The input that carries the resource's identity from the program to the plugin (create sees no URN). */
export const CREATE_KEY_INPUT = "tcsCreateKey";

/**
 * The input that carries the resource's `replaceOnChanges` option to the plugin, which the engine does
 * not pass to a dynamic provider (see plugin/engine/replace-on-changes.ts).
 */
export const REPLACE_ON_CHANGES_INPUT = "tcsReplaceOnChanges";

/**
 * The input (and output) that names the resource's connection (provider/connections.ts): absent for
 * the default connection, so states written before connections existed read the same.
 */
export const CONNECTION_INPUT = "connection";

/**
 * The input check adds to inputs it passed: the fingerprint of the checks that passed them
 * (plugin/engine/validated-by.ts). A later check of the same inputs under the same checks skips
 * validating them again, so a preview with no changes never loads zod.
 */
export const VALIDATED_BY_INPUT = "tcsValidatedBy";
