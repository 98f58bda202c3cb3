// tcs.Callback: receives provider events for one integration provider.
// In place: name, description, metadata. Replace: integrationProviderId, or a live status of
// `archived` (reached only out of band; the API cannot undo it). Delete: DELETE; `deleted` is gone.
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { Callback as CallbackRecord, OpenEnum } from "../../sdk";
import type { ApiContext, LiveRecord, ResourceDescriptor } from "../engine/descriptor";
import { withMarker, withoutMarker } from "../engine/create-marker";
import { notFoundAsUndefined } from "../engine/not-found";
import { scopeKey, type PageLike } from "../engine/read-batcher";
import { dynamicProvider, resourceProps } from "../shim";
import { DECLARED_FIELDS } from "./declared-fields";
import * as f from "./fields";
import { SCAN_PAGE_SIZE } from "../engine/page-size";

export interface CallbackArgs {
  /** The integration provider whose events the callback receives (`intp_...`). Changing it replaces the callback. */
  integrationProviderId: pulumi.Input<string>;
  name?: pulumi.Input<string>;
  description?: pulumi.Input<string>;
  metadata?: pulumi.Input<Record<string, pulumi.Input<unknown>>>;
  /** Take over an existing callback (`cb_...`) instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

const schema = z.object({
  integrationProviderId: f.idOf("intp", "an integration provider"),
  name: f.name.optional(),
  description: f.description.optional(),
  metadata: f.metadata.optional(),
  adoptId: f.adoptIdOf("cb", "a callback"),
});
type Args = z.infer<typeof schema>;

const LIVE_STATUSES = ["active", "archived", "deleted"] as const;

function readCallback(ctx: ApiContext, id: string): Promise<CallbackRecord | undefined> {
  return ctx.reads.find(
    "Callback",
    id,
    // No status filter: the list leaves out deleted callbacks by itself, and a status a newer service
    // adds must not read as gone.
    () => ctx.client.callbacks.list({ limit: SCAN_PAGE_SIZE }),
    (missing) => notFoundAsUndefined(ctx.client.callbacks.retrieve(missing)),
  );
}

export const callbackDescriptor: ResourceDescriptor<Args> = {
  kind: "Callback",
  schema,
  fields: DECLARED_FIELDS.Callback,

  create: (ctx, args, marker) =>
    ctx.client.callbacks.create({
      integrationProviderId: args.integrationProviderId,
      name: args.name,
      description: args.description,
      metadata: withMarker(args.metadata, marker),
    }) as Promise<LiveRecord>,

  markedIn: (ctx, args) => ({
    key: scopeKey("Callback", args.integrationProviderId),
    list: () => ctx.client.callbacks.list({ integrationProviderId: args.integrationProviderId, status: "active", limit: SCAN_PAGE_SIZE }) as Promise<PageLike<LiveRecord>>,
  }),

  read: (ctx, id) => readCallback(ctx, id) as Promise<LiveRecord | undefined>,

  update: (ctx, id, args) =>
    ctx.client.callbacks.update(id, {
      name: args.name ?? null,
      description: args.description ?? null,
      metadata: args.metadata ?? null,
    }) as Promise<LiveRecord>,

  async delete(ctx, id) {
    await notFoundAsUndefined(ctx.client.callbacks.delete(id));
  },

  // `undefined` where the record leaves a field out: the engine keeps the recorded value (unknown, not changed).
  toOutputs(record) {
    const cb = record as unknown as CallbackRecord;
    return {
      integrationProviderId: cb.integrationProviderId ?? undefined,
      name: cb.name,
      description: cb.description,
      metadata: cb.metadata === undefined ? undefined : withoutMarker(cb.metadata),
      status: cb.status ?? undefined,
      integrationId: cb.integrationId ?? undefined,
      providerId: cb.providerId ?? undefined,
      createdAt: cb.createdAt ?? undefined,
      updatedAt: cb.updatedAt ?? undefined,
    };
  },

  isGone: (record) => record.status === "deleted",
  replacementReason: (state) => (state.status === "archived" ? "status" : undefined),
  uniqueKey: "integrationProviderId",
};

/**
 * A callback of the Tool Connectivity Service: receives provider events for an integration provider.
 * Only providers whose type has triggers enabled support callbacks; one active callback per
 * integration provider.
 */
export class Callback extends pulumi.dynamic.Resource {
  declare readonly integrationProviderId: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string | null>;
  declare readonly description: pulumi.Output<string | null>;
  declare readonly metadata: pulumi.Output<Record<string, unknown> | null>;
  /** `active`, `archived` (replaced on the next up) or `deleted`; a newer service version may add others. */
  declare readonly status: pulumi.Output<OpenEnum<(typeof LIVE_STATUSES)[number]>>;
  declare readonly integrationId: pulumi.Output<string>;
  declare readonly providerId: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;
  declare readonly adoptId: pulumi.Output<string | undefined>;

  constructor(name: string, args: CallbackArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      dynamicProvider("Callback"),
      name,
      resourceProps("Callback", name, opts, ["name", "description", "metadata", "status", "integrationId", "providerId", "createdAt", "updatedAt", "adoptId"], args),
      opts,
      "tcs",
      "Callback",
    );
  }
}
