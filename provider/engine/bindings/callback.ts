// tcs.Callback's API binding (its shape: shapes/callback.ts).
import type { Callback as CallbackRecord } from "../../../sdk";
import { SCAN_PAGE_SIZE } from "../../page-size";
import { callback } from "../../shapes/callback";
import { defineBinding, type ApiContext } from "../binding";
import { keepMarker, withMarker, withoutMarker } from "../create-marker";
import { notFoundAsUndefined } from "../not-found";
import { createBody, updateBody } from "../request-body";

const SCOPE = { kind: "Callback" } as const;

// No status filter: the list leaves out deleted callbacks by itself, and a status a newer service
// adds must not read as gone.
const listScope = (ctx: ApiContext) => () => ctx.client.callbacks.list({ limit: SCAN_PAGE_SIZE });

function readCallback(ctx: ApiContext, id: string): Promise<CallbackRecord | undefined> {
  return ctx.reads.find(SCOPE, id, listScope(ctx), (missing) =>
    notFoundAsUndefined(ctx.client.callbacks.retrieve(missing)),
  );
}

export const callbackBinding = defineBinding<typeof callback.fields, CallbackRecord>(callback, {
  create: (ctx, args, marker) =>
    ctx.client.callbacks.create(
      createBody(callback, args, { overrides: { metadata: withMarker(args.metadata, marker) } }),
    ),

  markedIn: (ctx, args) => ({
    list: () =>
      ctx.client.callbacks.list({
        integrationProviderId: args.integrationProviderId,
        status: "active",
        limit: SCAN_PAGE_SIZE,
      }),
    listAll: () => ctx.client.callbacks.list({ status: "active", limit: SCAN_PAGE_SIZE }),
  }),

  read: (ctx, id) => readCallback(ctx, id),
  listedBeside: (ctx) => ctx.reads.filterWhere(SCOPE, listScope(ctx), () => true),

  update: (ctx, id, args, _state, marker) =>
    ctx.client.callbacks.update(
      id,
      updateBody(callback, args, { overrides: { metadata: keepMarker(args.metadata, marker) } }),
    ),

  async delete(ctx, id) {
    await notFoundAsUndefined(ctx.client.callbacks.delete(id));
  },

  outputs: {
    metadata: (record) => (record.metadata === undefined ? undefined : withoutMarker(record.metadata)),
  },

  isGone: (record) => record.status === "deleted",
});
