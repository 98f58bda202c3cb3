// tcs.ProviderConfig: settings for a provider deployment, from values or a saved config vault.
// In place: name, description, metadata, toolFilters. Replace: providerId, providerDeploymentId,
// providerConfigVaultId, value. `value` is secret and never returned by the API: it is kept from
// state and not drift-checked. Delete: DELETE (for good); 404 is gone.
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { ProviderConfig as ConfigRecord } from "../../sdk";
import type { ApiContext, LiveRecord, ResourceDescriptor } from "../engine/descriptor";
import { checkConfigValue } from "../engine/config-schema-check";
import { withMarker, withoutMarker } from "../engine/create-marker";
import { notFoundAsUndefined } from "../engine/not-found";
import { scopeKey, type PageLike } from "../engine/read-batcher";
import { isUnknown, sameValue } from "../engine/normalize";
import { dynamicProvider, resourceProps } from "../shim";
import { DECLARED_FIELDS } from "./declared-fields";
import * as f from "./fields";
import { SCAN_PAGE_SIZE } from "../engine/page-size";

export type ToolFilters = { type: "allow_all" } | { type: "tool_keys"; keys: string[] };

export interface ProviderConfigArgs {
  /** The provider (`prov_...`). */
  providerId: pulumi.Input<string>;
  /** The deployment (`pdep_...`); the provider's default deployment when absent. */
  providerDeploymentId?: pulumi.Input<string>;
  /** A saved config vault (`pcvt_...`) used as a template; `value` overrides its values. */
  providerConfigVaultId?: pulumi.Input<string>;
  /** Provider-specific settings, validated against the deployment's config schema. Stored as a secret. */
  value?: pulumi.Input<Record<string, pulumi.Input<unknown>>>;
  /** Which tools the config exposes: `{ type: "allow_all" }` (the default) or `{ type: "tool_keys", keys: [...] }`. */
  toolFilters?: pulumi.Input<ToolFilters>;
  name?: pulumi.Input<string>;
  description?: pulumi.Input<string>;
  metadata?: pulumi.Input<Record<string, pulumi.Input<unknown>>>;
  /** Take over an existing config (`pcfg_...`) instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

const toolFilters = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("allow_all") }).strict(),
    z
      .object({
        type: z.literal("tool_keys"),
        keys: z.array(z.string().min(1, "a tool key must not be empty")).min(1, "must list at least one tool key (or use { type: \"allow_all\" })"),
      })
      .strict(),
  ],
  { error: 'must be { type: "allow_all" } or { type: "tool_keys", keys: [...] }' },
);

const schema = z.object({
  providerId: f.idOf("prov", "a provider"),
  providerDeploymentId: f.idOf("pdep", "a provider deployment").optional(),
  providerConfigVaultId: f.idOf("pcvt", "a provider config vault").optional(),
  value: z.record(z.string(), z.unknown(), { error: "must be an object of provider settings" }).optional(),
  toolFilters: toolFilters.optional(),
  name: f.name.optional(),
  description: f.description.optional(),
  metadata: f.metadata.optional(),
  adoptId: f.adoptIdOf("pcfg", "a provider config"),
});
type Args = z.infer<typeof schema>;

function toolFiltersOf(record: ConfigRecord): ToolFilters {
  const filter = record.toolFilter as { type?: string; keys?: string[] } | null | undefined;
  if (filter?.type === "tool_keys") return { type: "tool_keys", keys: filter.keys ?? [] };
  return { type: "allow_all" };
}

function readConfig(ctx: ApiContext, providerId: string, id: string): Promise<ConfigRecord | undefined> {
  return ctx.reads.find(
    scopeKey("ProviderConfig", providerId),
    id,
    // No status filter: a deleted config is gone from the list by itself, and a status a newer service
    // adds must not read as gone.
    () => ctx.client.providerConfigs.list({ providerId, limit: SCAN_PAGE_SIZE }),
    (missing) => notFoundAsUndefined(ctx.client.providerConfigs.retrieve(missing)),
  );
}

export const providerConfigDescriptor: ResourceDescriptor<Args> = {
  kind: "ProviderConfig",
  schema,
  fields: DECLARED_FIELDS.ProviderConfig,

  checkChange(news, _olds, { isNew, createsObject }) {
    if (isNew && news.adoptId !== undefined && news.value !== undefined) {
      // The API never returns a config's settings: adopting with a value would record in state a
      // value the object may not hold, and nothing could ever tell.
      return [
        {
          property: "value",
          reason:
            `cannot be checked against ${news.adoptId}, which is being adopted: the API never returns a config's settings. ` +
            "Leave value out to adopt the config as it is; to give it this value afterwards, remove adoptId and declare value (the config is then replaced by a new one holding it)",
        },
      ];
    }
    // Only a create needs settings: an object that exists keeps its own, so removing adoptId from an
    // adopted config (whose settings the API never returns) is no change at all.
    if (!createsObject || news.adoptId !== undefined || news.value !== undefined || news.providerConfigVaultId !== undefined) return [];
    return [{ property: "value", reason: "set value, providerConfigVaultId, or both: this creates a new config, and the service needs at least one" }];
  },

  async checkLive(ctx, news, olds) {
    // Only a new or changed value (or deployment, or vault) is checked: an unchanged program costs no API call.
    if (!news.value || isUnknown(news.value) || isUnknown(news.providerDeploymentId) || isUnknown(news.providerId)) return [];
    if (isUnknown(news.providerConfigVaultId)) return [];
    const unchanged =
      sameValue(olds.value, news.value) &&
      olds.providerDeploymentId === news.providerDeploymentId &&
      olds.providerId === news.providerId &&
      olds.providerConfigVaultId === news.providerConfigVaultId;
    if (unchanged) return [];
    // With a vault, `value` overrides only some of the vault's settings; the API never returns the
    // vault's values, so settings it supplies cannot be required of `value` here (the service checks
    // the merged settings when it creates the config).
    return checkConfigValue(ctx.client, news.providerId, news.providerDeploymentId, news.value, {
      partial: news.providerConfigVaultId !== undefined,
    });
  },

  create: (ctx, args, marker) =>
    ctx.client.providerConfigs.create({
      providerId: args.providerId,
      providerDeploymentId: args.providerDeploymentId,
      providerConfigVaultId: args.providerConfigVaultId,
      value: args.value,
      toolFilters: args.toolFilters,
      name: args.name,
      description: args.description,
      metadata: withMarker(args.metadata, marker),
    }) as Promise<LiveRecord>,

  markedIn: (ctx, args) => ({
    key: scopeKey("ProviderConfig", args.providerId),
    list: () => ctx.client.providerConfigs.list({ providerId: args.providerId, status: "active", limit: SCAN_PAGE_SIZE }) as Promise<PageLike<LiveRecord>>,
  }),

  read: (ctx, id, state) => readConfig(ctx, String(state.providerId), id) as Promise<LiveRecord | undefined>,
  retrieve: (ctx, id) => notFoundAsUndefined(ctx.client.providerConfigs.retrieve(id)) as Promise<LiveRecord | undefined>,

  update: (ctx, id, args) =>
    ctx.client.providerConfigs.update(id, {
      name: args.name ?? null,
      description: args.description ?? null,
      metadata: args.metadata ?? null,
      toolFilters: args.toolFilters ?? { type: "allow_all" },
    }) as Promise<LiveRecord>,

  async delete(ctx, id) {
    await notFoundAsUndefined(ctx.client.providerConfigs.delete(id));
  },

  // `undefined` where the record leaves a field out: the engine keeps the recorded value (unknown, not changed).
  toOutputs(record, args) {
    const config = record as unknown as ConfigRecord;
    return {
      providerId: config.providerId,
      // A config always has a deployment: a null preview says nothing.
      providerDeploymentId: config.deployment?.id ?? undefined,
      // Null: created from values alone.
      providerConfigVaultId: config.fromVault === undefined ? undefined : (config.fromVault?.id ?? null),
      // Never returned by the API: the declared value, kept from state.
      value: args.value ?? null,
      // The spec lists tool_filter, the service's own client does not: when it is not sent, the
      // recorded filter stands (or what no declaration means).
      toolFilters: config.toolFilter == null ? (args.toolFilters ?? DECLARED_FIELDS.ProviderConfig.toolFilters.absentMeans) : toolFiltersOf(config),
      name: config.name,
      description: config.description,
      metadata: config.metadata === undefined ? undefined : withoutMarker(config.metadata),
      status: config.status ?? undefined,
      isDefault: config.isDefault ?? undefined,
      specificationId: config.specificationId ?? undefined,
      createdAt: config.createdAt ?? undefined,
      updatedAt: config.updatedAt ?? undefined,
    };
  },

  isGone: (record) => record.status === "deleted",
};

/** Settings for a provider deployment. `value` is stored as a secret and never shown. */
export class ProviderConfig extends pulumi.dynamic.Resource {
  declare readonly providerId: pulumi.Output<string>;
  declare readonly providerDeploymentId: pulumi.Output<string>;
  declare readonly providerConfigVaultId: pulumi.Output<string | null>;
  declare readonly value: pulumi.Output<Record<string, unknown> | null>;
  declare readonly toolFilters: pulumi.Output<ToolFilters>;
  declare readonly name: pulumi.Output<string | null>;
  declare readonly description: pulumi.Output<string | null>;
  declare readonly metadata: pulumi.Output<Record<string, unknown> | null>;
  declare readonly status: pulumi.Output<string>;
  declare readonly isDefault: pulumi.Output<boolean>;
  declare readonly specificationId: pulumi.Output<string | null>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;
  declare readonly adoptId: pulumi.Output<string | undefined>;

  constructor(name: string, args: ProviderConfigArgs, opts?: pulumi.CustomResourceOptions) {
    // The value is a secret in the inputs recorded in state too, not only in the outputs.
    const inputs = args.value === undefined ? args : { ...args, value: pulumi.secret(args.value) };
    super(
      dynamicProvider("ProviderConfig"),
      name,
      resourceProps("ProviderConfig", name, opts, 
        ["providerDeploymentId", "providerConfigVaultId", "value", "toolFilters", "name", "description", "metadata", "status", "isDefault", "specificationId", "createdAt", "updatedAt", "adoptId"],
        inputs,
      ),
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "value"] },
      "tcs",
      "ProviderConfig",
    );
  }
}
