// tcs.ProviderConfig's API binding (its shape: shapes/provider-config.ts).
import type { ProviderConfig as ConfigRecord } from "../../../sdk";
import { SCAN_PAGE_SIZE } from "../../page-size";
import { isUnknown, sameValue } from "../../shapes/normalize";
import { ALLOW_ALL, providerConfig, type ToolFilters } from "../../shapes/provider-config";
import { defineBinding, type ApiContext } from "../binding";
import { checkConfigValue } from "../config-schema-check";
import { keepMarker, withMarker, withoutMarker } from "../create-marker";
import { notFoundAsUndefined } from "../not-found";
import { createBody, updateBody } from "../request-body";
import { checkVaultProvider } from "../vault-provider-check";

function toolFiltersOf(record: ConfigRecord): ToolFilters {
  const filter = record.toolFilter;
  if (filter?.type === "tool_keys") return { type: "tool_keys", keys: filter.keys ?? [] };
  return ALLOW_ALL;
}

/** The scan of one provider's configs, or (no provider: an import knows only the id) of every config. */
const scopeOf = (providerId: string | undefined) => ({ kind: "ProviderConfig", within: providerId }) as const;

// No status filter: a deleted config is gone from the list by itself, and a status a newer service
// adds must not read as gone.
const listScope = (ctx: ApiContext, providerId: string | undefined) => () =>
  ctx.client.providerConfigs.list({ ...(providerId === undefined ? {} : { providerId }), limit: SCAN_PAGE_SIZE });

function readConfig(ctx: ApiContext, providerId: string | undefined, id: string): Promise<ConfigRecord | undefined> {
  return ctx.reads.find(scopeOf(providerId), id, listScope(ctx, providerId), (missing) =>
    notFoundAsUndefined(ctx.client.providerConfigs.retrieve(missing)),
  );
}

export const providerConfigBinding = defineBinding<typeof providerConfig.fields, ConfigRecord>(providerConfig, {
  async checkLive(ctx, news, olds) {
    // Only what changed is checked, so an unchanged program costs no API call: the vault when it or
    // the provider changed, the value when it, the deployment, the provider or the vault changed.
    if (isUnknown(news.providerId) || isUnknown(news.providerConfigVaultId)) return [];
    const vaultId = news.providerConfigVaultId;
    const failures =
      vaultId !== undefined && (olds.providerConfigVaultId !== vaultId || olds.providerId !== news.providerId)
        ? await checkVaultProvider(ctx, vaultId, news.providerId)
        : [];
    if (!news.value || isUnknown(news.value) || isUnknown(news.providerDeploymentId)) return failures;
    const unchanged =
      sameValue(olds.value, news.value) &&
      olds.providerDeploymentId === news.providerDeploymentId &&
      olds.providerId === news.providerId &&
      olds.providerConfigVaultId === news.providerConfigVaultId;
    if (unchanged) return failures;
    // With a vault, `value` overrides only some of the vault's settings; the API never returns the
    // vault's values, so settings it supplies cannot be required of `value` here (the service checks
    // the merged settings when it creates the config).
    const valueFailures = await checkConfigValue(ctx.client, news.providerId, news.providerDeploymentId, news.value, {
      partial: news.providerConfigVaultId !== undefined,
    });
    return [...failures, ...valueFailures];
  },

  create: (ctx, args, marker) =>
    ctx.client.providerConfigs.create(
      createBody(providerConfig, args, { overrides: { metadata: withMarker(args.metadata, marker) } }),
    ),

  markedIn: (ctx, args) => ({
    list: () =>
      ctx.client.providerConfigs.list({ providerId: args.providerId, status: "active", limit: SCAN_PAGE_SIZE }),
    listAll: () => ctx.client.providerConfigs.list({ status: "active", limit: SCAN_PAGE_SIZE }),
  }),

  read: (ctx, id, state) => readConfig(ctx, String(state.providerId), id),
  listedBeside: (ctx, state) =>
    ctx.reads.filterWhere(scopeOf(String(state.providerId)), listScope(ctx, String(state.providerId)), () => true),
  retrieve: (ctx, id) => notFoundAsUndefined(ctx.client.providerConfigs.retrieve(id)),
  readById: (ctx, id) => readConfig(ctx, undefined, id),

  update: (ctx, id, args, _state, marker) =>
    ctx.client.providerConfigs.update(
      id,
      updateBody(providerConfig, args, { overrides: { metadata: keepMarker(args.metadata, marker) } }),
    ),

  async delete(ctx, id) {
    await notFoundAsUndefined(ctx.client.providerConfigs.delete(id));
  },

  outputs: {
    // A config always has a deployment: a null preview says nothing.
    providerDeploymentId: (record) => record.deployment?.id ?? undefined,
    // Null: created from values alone.
    providerConfigVaultId: (record) => (record.fromVault === undefined ? undefined : (record.fromVault?.id ?? null)),
    // Never returned by the API: the declared value, kept from state.
    value: (_record, args) => args.value ?? null,
    // The spec lists tool_filter, the service's own client does not: when it is not sent, the
    // recorded filter stands (or what no declaration means).
    toolFilters: (record, args) =>
      record.toolFilter == null ? (args.toolFilters ?? ALLOW_ALL) : toolFiltersOf(record),
    metadata: (record) => (record.metadata === undefined ? undefined : withoutMarker(record.metadata)),
  },

  isGone: (record) => record.status === "deleted",
});
