// tcs.Role's API binding (its shape: shapes/role.ts).
import type { Role as RoleRecord } from "../../../sdk";
import { SCAN_PAGE_SIZE } from "../../page-size";
import { role } from "../../shapes/role";
import { defineBinding, type ApiContext } from "../binding";
import { notFoundAsUndefined } from "../not-found";
import { createBody, updateBody } from "../request-body";

function readRole(ctx: ApiContext, id: string): Promise<RoleRecord | undefined> {
  return ctx.reads.find(
    { kind: "Role" },
    id,
    () => ctx.client.roles.list({ limit: SCAN_PAGE_SIZE }),
    (missing) => notFoundAsUndefined(ctx.client.roles.retrieve(missing)),
  );
}

export const roleBinding = defineBinding<typeof role.fields, RoleRecord>(role, {
  create: (ctx, args) => ctx.client.roles.create(createBody(role, args)),

  async findCreated(ctx, args, sentAt) {
    // Slugs are unique per account: a role with this slug made since the POST was sent is ours.
    for await (const record of ctx.client.roles.list({ limit: SCAN_PAGE_SIZE })) {
      if (record.slug === args.slug && Date.parse(record.createdAt ?? "") >= sentAt.getTime()) return record;
    }
    return undefined;
  },

  read: (ctx, id) => readRole(ctx, id),

  // A PUT replaces the role whole: a field it is not sent (a description no longer declared) is reset.
  update: (ctx, id, args) => ctx.client.roles.update(id, updateBody(role, args, { absent: "omit" })),

  async delete() {
    return "the API cannot delete roles: it was removed from this stack but stays in the account (remove it in the dashboard if it is no longer wanted)";
  },
});
