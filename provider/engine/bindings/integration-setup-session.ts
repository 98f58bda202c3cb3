// tcs.IntegrationSetupSession's API binding (its shape: shapes/integration-setup-session.ts).
import type { IntegrationSetupSession as SessionRecord } from "../../../sdk";
import { SCAN_PAGE_SIZE } from "../../page-size";
import { integrationSetupSession } from "../../shapes/integration-setup-session";
import { defineBinding, type ApiContext } from "../binding";
import { withMarker, withoutMarker } from "../create-marker";
import { notFoundAsUndefined } from "../not-found";
import { createBody } from "../request-body";

/** A session from the scan of one integration's sessions, or (no integration: an import knows only the id) of every session. */
function readSession(
  ctx: ApiContext,
  integrationId: string | undefined,
  id: string,
): Promise<SessionRecord | undefined> {
  return ctx.reads.find(
    { kind: "IntegrationSetupSession", within: integrationId },
    id,
    () =>
      ctx.client.integrationSetupSessions.list({
        ...(integrationId === undefined ? {} : { integrationId }),
        limit: SCAN_PAGE_SIZE,
      }),
    (missing) => notFoundAsUndefined(ctx.client.integrationSetupSessions.retrieve(missing)),
  );
}

export const integrationSetupSessionBinding = defineBinding<typeof integrationSetupSession.fields, SessionRecord>(
  integrationSetupSession,
  {
    // Every input, but the replaceWhenExpired setting (the provider's alone).
    create: (ctx, args, marker) =>
      ctx.client.integrationSetupSessions.create(
        createBody(integrationSetupSession, args, { overrides: { metadata: withMarker(args.metadata, marker) } }),
      ),

    // Only pending sessions: an expired one with the same marker is the one being replaced.
    markedIn: (ctx, args) => ({
      list: () =>
        ctx.client.integrationSetupSessions.list({
          integrationId: args.integrationId,
          status: "pending",
          limit: SCAN_PAGE_SIZE,
        }),
      listAll: () => ctx.client.integrationSetupSessions.list({ status: "pending", limit: SCAN_PAGE_SIZE }),
    }),

    read: (ctx, id, state) => readSession(ctx, String(state.integrationId), id),
    retrieve: (ctx, id) => notFoundAsUndefined(ctx.client.integrationSetupSessions.retrieve(id)),
    readById: (ctx, id) => readSession(ctx, undefined, id),

    async delete() {
      return "the API cannot delete setup sessions: it was removed from this stack, and its link keeps working until it expires";
    },

    outputs: {
      metadata: (record) => (record.metadata === undefined ? undefined : withoutMarker(record.metadata)),
      // Never returned by the API: the declared values, kept from state.
      identityActorId: (_record, args) => args.identityActorId ?? null,
      identityId: (_record, args) => args.identityId ?? null,
      // The declared notation when it names the same instant, so no diff comes from formatting alone.
      expiresAt: (record, args) =>
        args.expiresAt && Date.parse(args.expiresAt) === Date.parse(record.expiresAt ?? "")
          ? args.expiresAt
          : (record.expiresAt ?? undefined),
      // Null: the service says the session has no instance.
      integrationInstance: (record) => record.integrationInstance,
    },

    isGone: (record) => record.status === "deleted",
  },
);
