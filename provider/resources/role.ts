// tcs.Role: a set of permissions for users of the account.
// In place: every field (PUT). Nothing replaces. Delete: the API has none, so destroy removes the
// role from the stack only and says so; the role stays in the account.
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { Role as RoleRecord } from "../../sdk";
import type { ApiContext, LiveRecord, ResourceDescriptor } from "../engine/descriptor";
import { notFoundAsUndefined } from "../engine/not-found";
import { dynamicProvider, resourceProps } from "../shim";
import { DECLARED_FIELDS } from "./declared-fields";
import * as f from "./fields";
import { SCAN_PAGE_SIZE } from "../engine/page-size";

export interface RoleArgs {
  name: pulumi.Input<string>;
  /** Unique in the account: lowercase letters and digits, words joined by `-` or `_`, at most 64. */
  slug: pulumi.Input<string>;
  /** Permission identifiers from the account's catalog (e.g. `thread_create`, `thread_read`). Order does not matter. */
  permissions: pulumi.Input<pulumi.Input<string>[]>;
  description?: pulumi.Input<string>;
  /** Take over an existing role (`rol_...`) instead of creating one. */
  adoptId?: pulumi.Input<string>;
}

const schema = z.object({
  name: f.name,
  slug: z
    .string()
    .max(64, "must be at most 64 characters")
    .regex(/^[a-z0-9]+([-_][a-z0-9]+)*$/, "must be lowercase letters and digits, words joined by single '-' or '_' (e.g. 'support-agents')"),
  permissions: z
    .array(z.string().regex(/^[a-z][a-z0-9_]*$/, "must be a permission identifier such as 'thread_read'"))
    .refine((list) => new Set(list).size === list.length, "must not list a permission twice"),
  description: f.description.optional(),
  adoptId: f.adoptIdOf("rol", "a role"),
});
type Args = z.infer<typeof schema>;

function readRole(ctx: ApiContext, id: string): Promise<RoleRecord | undefined> {
  return ctx.reads.find(
    "Role",
    id,
    () => ctx.client.roles.list({ limit: SCAN_PAGE_SIZE }),
    (missing) => notFoundAsUndefined(ctx.client.roles.retrieve(missing)),
  );
}

export const roleDescriptor: ResourceDescriptor<Args> = {
  kind: "Role",
  schema,
  fields: DECLARED_FIELDS.Role,

  create: (ctx, args) =>
    ctx.client.roles.create({ name: args.name, slug: args.slug, permissions: args.permissions, description: args.description }) as Promise<LiveRecord>,

  async findCreated(ctx, args, sentAt) {
    // Slugs are unique per account: a role with this slug made since the POST was sent is ours.
    for await (const role of ctx.client.roles.list({ limit: SCAN_PAGE_SIZE })) {
      if (role.slug === args.slug && Date.parse(role.createdAt ?? "") >= sentAt.getTime()) return role as LiveRecord;
    }
    return undefined;
  },

  read: (ctx, id) => readRole(ctx, id) as Promise<LiveRecord | undefined>,

  update: (ctx, id, args) =>
    ctx.client.roles.update(id, { name: args.name, slug: args.slug, permissions: args.permissions, description: args.description }) as Promise<LiveRecord>,

  async delete() {
    return "the API cannot delete roles: it was removed from this stack but stays in the account (remove it in the dashboard if it is no longer wanted)";
  },

  // `undefined` where the record leaves a field out: the engine keeps the recorded value (unknown, not changed).
  toOutputs(record) {
    const role = record as unknown as RoleRecord;
    return {
      name: role.name ?? undefined,
      slug: role.slug ?? undefined,
      permissions: role.permissions ?? undefined,
      description: role.description,
      isDefault: role.isDefault ?? undefined,
      createdAt: role.createdAt ?? undefined,
      updatedAt: role.updatedAt ?? undefined,
    };
  },

  uniqueKey: "slug",
  undeletable: true,
};

/** A role of the account. The API has no delete: destroy leaves the role in the account, with a warning. */
export class Role extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  declare readonly slug: pulumi.Output<string>;
  declare readonly permissions: pulumi.Output<string[]>;
  declare readonly description: pulumi.Output<string | null>;
  declare readonly isDefault: pulumi.Output<boolean>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;
  declare readonly adoptId: pulumi.Output<string | undefined>;

  constructor(name: string, args: RoleArgs, opts?: pulumi.CustomResourceOptions) {
    super(dynamicProvider("Role"), name, resourceProps("Role", name, opts, ["description", "isDefault", "createdAt", "updatedAt", "adoptId"], args), opts, "tcs", "Role");
  }
}
