// tcs.CallbackInstance's API binding (its shape: shapes/callback-instance.ts).
import type { CallbackInstance as InstanceRecord } from "../../../sdk";
import { SCAN_PAGE_SIZE } from "../../page-size";
import { callbackInstance } from "../../shapes/callback-instance";
import { defineBinding, type ApiContext } from "../binding";
import { notFoundAsUndefined } from "../not-found";
import type { PageLike } from "../read-batcher";
import { checkReferences, configOfAnotherProvider } from "../reference-check";
import { createBody } from "../request-body";

const CREATE_INPUTS = ["callbackId", "providerConfigId", "providerAuthConfigId"] as const;

const EMPTY_PAGE: PageLike<InstanceRecord> = { items: [], hasMoreAfter: false, nextPage: async () => null };

function readInstance(ctx: ApiContext, callbackId: string, id: string): Promise<InstanceRecord | undefined> {
  // The instance list is scoped to its callback: one scan per callback serves all its instances.
  return ctx.reads.find(
    { kind: "CallbackInstance", within: callbackId },
    id,
    // A callback that is gone has no instances left to read.
    () =>
      notFoundAsUndefined(ctx.client.callbacks.instances.list(callbackId, { limit: SCAN_PAGE_SIZE })).then(
        (page) => page ?? EMPTY_PAGE,
      ),
    (missing) => notFoundAsUndefined(ctx.client.callbacks.instances.retrieve(callbackId, missing)),
  );
}

export const callbackInstanceBinding = defineBinding<typeof callbackInstance.fields, InstanceRecord>(callbackInstance, {
  async checkLive(ctx, news, olds) {
    // Every input replaces: when one changed, a create follows, and the service checks the callback and
    // the config it names; when none did, nothing is sent (a preview with no changes sends nothing).
    if (!CREATE_INPUTS.some((field) => news[field] !== olds[field])) return [];
    const { failures, found } = await checkReferences(ctx, callbackInstance.references, news);
    return failures.length > 0 ? failures : configOfAnotherProvider(found.callbackId, found.providerConfigId);
  },

  // The instance is made under its callback: callbackId is in the path.
  create: (ctx, args) =>
    ctx.client.callbacks.instances.create(
      args.callbackId,
      createBody(callbackInstance, args, { inPath: ["callbackId"] }),
    ),

  async findCreated(ctx, args, sentAt) {
    // An instance has no metadata to mark; the service allows one attached instance per config and
    // auth config, so an attached one made since the POST was sent is the one it created.
    const page = await ctx.client.callbacks.instances.list(args.callbackId, {
      providerConfigId: args.providerConfigId,
      status: "attached",
      limit: SCAN_PAGE_SIZE,
    });
    return page.items.find(
      (instance) =>
        (instance.authConfig?.id ?? undefined) === args.providerAuthConfigId &&
        Date.parse(instance.createdAt ?? "") >= sentAt.getTime(),
    );
  },

  read: (ctx, id, state) => readInstance(ctx, String(state.callbackId), id),
  importParent: "callbackId",

  async delete(ctx, id, state) {
    await notFoundAsUndefined(ctx.client.callbacks.instances.delete(String(state.callbackId), id));
  },

  outputs: {
    callbackId: (_record, args) => args.callbackId,
    // Every instance has a config: a null one says nothing.
    providerConfigId: (record) => record.config?.id ?? undefined,
    providerAuthConfigId: (record) => (record.authConfig === undefined ? undefined : (record.authConfig?.id ?? null)),
    deploymentId: (record) => record.deployment?.id ?? undefined,
    // Null: the instance has no shared webhook URL.
    webhookUrl: (record) => record.webhookUrl,
    triggers: (record) =>
      record.triggers?.map((trigger) => ({
        id: trigger.id,
        key: trigger.providerTrigger?.key ?? null,
        source: trigger.source ?? null,
        pollIntervalSeconds: trigger.pollIntervalSeconds ?? null,
      })),
  },

  isGone: (record) => record.status === "detached",
});
