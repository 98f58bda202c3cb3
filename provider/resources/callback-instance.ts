// tcs.CallbackInstance: attaches a callback to a provider config (and optional auth config).
// Every input replaces (the API has no update). Delete: DELETE; `detached` or 404 is gone.
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { CallbackInstance as InstanceRecord } from "../../sdk";
import type { ApiContext, LiveRecord, ResourceDescriptor } from "../engine/descriptor";
import { notFoundAsUndefined } from "../engine/not-found";
import { scopeKey, type PageLike } from "../engine/read-batcher";
import { dynamicProvider, resourceProps } from "../shim";
import { DECLARED_FIELDS } from "./declared-fields";
import * as f from "./fields";
import { SCAN_PAGE_SIZE } from "../engine/page-size";

export interface CallbackInstanceArgs {
  /** The callback to attach (`cb_...`). */
  callbackId: pulumi.Input<string>;
  /** An active provider config of the callback's provider (`pcfg_...`). */
  providerConfigId: pulumi.Input<string>;
  /** An auth config of that provider (`pac_...`). */
  providerAuthConfigId?: pulumi.Input<string>;
  /** Take over an existing instance (`cbi_...`) of this callback instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

const schema = z.object({
  callbackId: f.idOf("cb", "a callback"),
  providerConfigId: f.idOf("pcfg", "a provider config"),
  providerAuthConfigId: f.idOf("pac", "a provider auth config").optional(),
  adoptId: f.adoptIdOf("cbi", "a callback instance"),
});
type Args = z.infer<typeof schema>;

const EMPTY_PAGE: PageLike<InstanceRecord> = { items: [], hasMoreAfter: false, nextPage: async () => null };

function readInstance(ctx: ApiContext, callbackId: string, id: string): Promise<InstanceRecord | undefined> {
  // The instance list is scoped to its callback: one scan per callback serves all its instances.
  return ctx.reads.find(
    scopeKey("CallbackInstance", callbackId),
    id,
    // A callback that is gone has no instances left to read.
    () => notFoundAsUndefined(ctx.client.callbacks.instances.list(callbackId, { limit: SCAN_PAGE_SIZE })).then((page) => page ?? EMPTY_PAGE),
    (missing) => notFoundAsUndefined(ctx.client.callbacks.instances.retrieve(callbackId, missing)),
  );
}

export const callbackInstanceDescriptor: ResourceDescriptor<Args> = {
  kind: "CallbackInstance",
  schema,
  fields: DECLARED_FIELDS.CallbackInstance,

  create: (ctx, args) =>
    ctx.client.callbacks.instances.create(args.callbackId, {
      providerConfigId: args.providerConfigId,
      providerAuthConfigId: args.providerAuthConfigId,
    }) as Promise<LiveRecord>,

  async findCreated(ctx, args, sentAt) {
    // An instance has no metadata to mark; the service allows one attached instance per config and
    // auth config, so an attached one made since the POST was sent is the one it created.
    const page = await ctx.client.callbacks.instances.list(args.callbackId, { providerConfigId: args.providerConfigId, status: "attached", limit: SCAN_PAGE_SIZE });
    return page.items.find(
      (instance) =>
        (instance.authConfig?.id ?? undefined) === args.providerAuthConfigId && Date.parse(instance.createdAt ?? "") >= sentAt.getTime(),
    ) as LiveRecord | undefined;
  },

  read: (ctx, id, state) => readInstance(ctx, String(state.callbackId), id) as Promise<LiveRecord | undefined>,

  async delete(ctx, id, state) {
    await notFoundAsUndefined(ctx.client.callbacks.instances.delete(String(state.callbackId), id));
  },

  // `undefined` where the record leaves a field out: the engine keeps the recorded value (unknown, not changed).
  toOutputs(record, args) {
    const instance = record as unknown as InstanceRecord;
    return {
      callbackId: args.callbackId,
      // Every instance has a config: a null one says nothing.
      providerConfigId: instance.config?.id ?? undefined,
      providerAuthConfigId: instance.authConfig === undefined ? undefined : (instance.authConfig?.id ?? null),
      status: instance.status ?? undefined,
      deploymentId: instance.deployment?.id ?? undefined,
      // Whoever holds the webhook URL can post events to the callback: a capability, kept secret.
      webhookUrl: instance.webhookUrl,
      // The registrations, without the provider trigger's schemas (state stays small) or webhook URLs.
      triggers: instance.triggers?.map((trigger) => ({
        id: trigger.id,
        key: trigger.providerTrigger?.key ?? null,
        source: trigger.source ?? null,
        pollIntervalSeconds: trigger.pollIntervalSeconds ?? null,
      })),
      createdAt: instance.createdAt ?? undefined,
      updatedAt: instance.updatedAt ?? undefined,
    };
  },

  isGone: (record) => record.status === "detached",
};

/** Attaches a callback to a provider config and optional auth config; its triggers produce events. */
export class CallbackInstance extends pulumi.dynamic.Resource {
  declare readonly callbackId: pulumi.Output<string>;
  declare readonly providerConfigId: pulumi.Output<string>;
  declare readonly providerAuthConfigId: pulumi.Output<string | null>;
  declare readonly status: pulumi.Output<string>;
  declare readonly deploymentId: pulumi.Output<string | null>;
  /** Shared webhook URL for manual provider setup (a capability: secret). */
  declare readonly webhookUrl: pulumi.Output<string | null>;
  declare readonly triggers: pulumi.Output<{ id: string; key: string | null; source: string; pollIntervalSeconds: number | null }[]>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;
  declare readonly adoptId: pulumi.Output<string | undefined>;

  constructor(name: string, args: CallbackInstanceArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      dynamicProvider("CallbackInstance"),
      name,
      resourceProps("CallbackInstance", name, opts, ["providerAuthConfigId", "status", "deploymentId", "webhookUrl", "triggers", "createdAt", "updatedAt", "adoptId"], args),
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "webhookUrl"] },
      "tcs",
      "CallbackInstance",
    );
  }
}
