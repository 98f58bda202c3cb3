// tcs.IntegrationSetupSession: a setup link for an integration, with a draft integration instance.
// Every input replaces (the API has no update), and with replaceWhenExpired an expired session is
// replaced on the next up. `url` is a capability (whoever holds it completes the setup): a secret.
// Delete: the API has none, so destroy forgets the session and says so; it expires on its own.
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { IntegrationSetupSession as SessionRecord } from "../../sdk";
import type { ApiContext, LiveRecord, ResourceDescriptor } from "../engine/descriptor";
import { withMarker, withoutMarker } from "../engine/create-marker";
import { notFoundAsUndefined } from "../engine/not-found";
import { scopeKey, type PageLike } from "../engine/read-batcher";
import { isUnknown } from "../engine/normalize";
import { dynamicProvider, resourceProps } from "../shim";
import { DECLARED_FIELDS } from "./declared-fields";
import * as f from "./fields";
import { SCAN_PAGE_SIZE } from "../engine/page-size";

export interface IntegrationSetupSessionArgs {
  /** The integration to set up (`int_...`). */
  integrationId: pulumi.Input<string>;
  name: pulumi.Input<string>;
  description?: pulumi.Input<string>;
  metadata?: pulumi.Input<Record<string, pulumi.Input<unknown>>>;
  identityActorId?: pulumi.Input<string>;
  identityId?: pulumi.Input<string>;
  /** When the link stops working: an ISO 8601 date-time in the future, at most 7 days ahead. Default: 24 h after creation. */
  expiresAt?: pulumi.Input<string>;
  /** Where the setup page sends the user afterwards: an absolute https URL (or http://localhost). */
  redirectUrl?: pulumi.Input<string>;
  configuration?: pulumi.Input<Record<string, pulumi.Input<unknown>>>;
  /** Replace the session on the next up once it has expired (seen by refresh). Default false. */
  replaceWhenExpired?: pulumi.Input<boolean>;
  /** Take over an existing session (`iss_...`) instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

const MAX_AHEAD_MS = 7 * 24 * 3600_000;

const redirectUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    const local = url.hostname === "localhost" || url.hostname === "127.0.0.1";
    return url.protocol === "https:" || (url.protocol === "http:" && local);
  } catch {
    return false;
  }
}, "must be an absolute https:// URL (http:// only for localhost)");

const schema = z.object({
  integrationId: f.idOf("int", "an integration"),
  name: f.name,
  description: f.description.optional(),
  metadata: f.metadata.optional(),
  identityActorId: z.string().min(1).max(255).optional(),
  identityId: z.string().min(1).max(255).optional(),
  expiresAt: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time such as 2026-11-30T12:00:00Z" }).optional(),
  redirectUrl: redirectUrl.optional(),
  configuration: z.record(z.string(), z.unknown(), { error: "must be an object" }).optional(),
  replaceWhenExpired: z.boolean().optional(),
  adoptId: f.adoptIdOf("iss", "an integration setup session"),
});
type Args = z.infer<typeof schema>;

function readSession(ctx: ApiContext, integrationId: string, id: string): Promise<SessionRecord | undefined> {
  return ctx.reads.find(
    scopeKey("IntegrationSetupSession", integrationId),
    id,
    () => ctx.client.integrationSetupSessions.list({ integrationId, limit: SCAN_PAGE_SIZE }),
    (missing) => notFoundAsUndefined(ctx.client.integrationSetupSessions.retrieve(missing)),
  );
}

export const integrationSetupSessionDescriptor: ResourceDescriptor<Args> = {
  kind: "IntegrationSetupSession",
  schema,
  fields: DECLARED_FIELDS.IntegrationSetupSession,

  checkChange(news, olds, { createsObject }) {
    // The bound applies to what a create sends: a session declared last week keeps its (now past)
    // expiry, but replacing it (another field changed) sends that expiry again.
    if (news.expiresAt === undefined || isUnknown(news.expiresAt) || (!createsObject && news.expiresAt === olds.expiresAt)) return [];
    const at = Date.parse(news.expiresAt);
    const now = Date.now();
    if (at <= now) return [{ property: "expiresAt", reason: createsObject && news.expiresAt === olds.expiresAt ? "must be in the future: this change replaces the session, and the new one needs an expiry ahead" : "must be in the future" }];
    if (at - now > MAX_AHEAD_MS) return [{ property: "expiresAt", reason: "must be at most 7 days ahead (the service's limit)" }];
    return [];
  },

  create: (ctx, args, marker) =>
    ctx.client.integrationSetupSessions.create({
      integrationId: args.integrationId,
      name: args.name,
      description: args.description,
      metadata: withMarker(args.metadata, marker),
      identityActorId: args.identityActorId,
      identityId: args.identityId,
      expiresAt: args.expiresAt,
      redirectUrl: args.redirectUrl,
      configuration: args.configuration,
    }) as Promise<LiveRecord>,

  // Only pending sessions: an expired one with the same marker is the one being replaced.
  markedIn: (ctx, args) => ({
    key: scopeKey("IntegrationSetupSession", args.integrationId),
    list: () => ctx.client.integrationSetupSessions.list({ integrationId: args.integrationId, status: "pending", limit: SCAN_PAGE_SIZE }) as Promise<PageLike<LiveRecord>>,
  }),

  read: (ctx, id, state) => readSession(ctx, String(state.integrationId), id) as Promise<LiveRecord | undefined>,
  retrieve: (ctx, id) => notFoundAsUndefined(ctx.client.integrationSetupSessions.retrieve(id)) as Promise<LiveRecord | undefined>,

  async delete() {
    return "the API cannot delete setup sessions: it was removed from this stack, and its link keeps working until it expires";
  },

  // `undefined` where the record leaves a field out: the engine keeps the recorded value (unknown, not changed).
  toOutputs(record, args) {
    const session = record as unknown as SessionRecord;
    return {
      integrationId: session.integrationId,
      name: session.name,
      description: session.description,
      metadata: session.metadata === undefined ? undefined : withoutMarker(session.metadata),
      identityActorId: args.identityActorId ?? null,
      identityId: args.identityId ?? null,
      // The declared notation when it names the same instant, so no diff comes from formatting alone.
      expiresAt: args.expiresAt && Date.parse(args.expiresAt) === Date.parse(session.expiresAt ?? "") ? args.expiresAt : (session.expiresAt ?? undefined),
      redirectUrl: session.redirectUrl,
      configuration: session.configuration,
      replaceWhenExpired: args.replaceWhenExpired ?? false,
      url: session.url ?? undefined,
      status: session.status ?? undefined,
      integrationInstance: session.integrationInstance,
      createdAt: session.createdAt ?? undefined,
      updatedAt: session.updatedAt ?? undefined,
    };
  },

  isGone: (record) => record.status === "deleted",
  replacementReason: (state, args) => (args.replaceWhenExpired && state.status === "expired" ? "status" : undefined),
};

/** A setup session for an integration. `url` is secret. The API has no delete: destroy forgets it, with a warning. */
export class IntegrationSetupSession extends pulumi.dynamic.Resource {
  declare readonly integrationId: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string | null>;
  declare readonly metadata: pulumi.Output<Record<string, unknown> | null>;
  declare readonly identityActorId: pulumi.Output<string | null>;
  declare readonly identityId: pulumi.Output<string | null>;
  declare readonly expiresAt: pulumi.Output<string>;
  declare readonly redirectUrl: pulumi.Output<string | null>;
  declare readonly configuration: pulumi.Output<Record<string, unknown> | null>;
  declare readonly replaceWhenExpired: pulumi.Output<boolean>;
  /** The setup link: whoever holds it can complete the setup. Secret. */
  declare readonly url: pulumi.Output<string>;
  /** `pending`, `successful`, `expired`, `archived` or `deleted`. */
  declare readonly status: pulumi.Output<string>;
  declare readonly integrationInstance: pulumi.Output<Record<string, unknown> | null>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;
  declare readonly adoptId: pulumi.Output<string | undefined>;

  constructor(name: string, args: IntegrationSetupSessionArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      dynamicProvider("IntegrationSetupSession"),
      name,
      resourceProps("IntegrationSetupSession", name, opts, 
        ["description", "metadata", "identityActorId", "identityId", "expiresAt", "redirectUrl", "configuration", "replaceWhenExpired", "url", "status", "integrationInstance", "createdAt", "updatedAt", "adoptId"],
        args,
      ),
      { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "url"] },
      "tcs",
      "IntegrationSetupSession",
    );
  }
}
