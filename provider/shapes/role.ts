// tcs.Role: a set of permissions for users of the account.
// In place: every field (PUT). Nothing replaces. Delete: the API has none, so destroy removes the
// role from the stack only and says so; the role stays in the account.
import { description, name } from "./common";
import { defineShape, optional, output, required } from "./shape";

export const role = defineShape({
  kind: "Role",
  id: { prefix: "rol", noun: "a role" },
  fields: {
    /** The role's display name, 1 to 255 characters. */
    name: required(name, { onChange: "update" }),
    /**
     * The role's identifier, unique in the account: lowercase letters and digits, words joined by single
     * `-` or `_` (e.g. `support-agents`), at most 64 characters.
     */
    slug: required(
      (z) =>
        z
          .string()
          .max(64, "must be at most 64 characters")
          .regex(
            /^[a-z0-9]+([-_][a-z0-9]+)*$/,
            "must be lowercase letters and digits, words joined by single '-' or '_' (e.g. 'support-agents')",
          ),
      { onChange: "update" },
    ),
    /** Permission identifiers from the account's catalog (e.g. `thread_create`, `thread_read`), each listed once; order does not matter. */
    permissions: required(
      (z) =>
        z
          .array(z.string().regex(/^[a-z][a-z0-9_]*$/, "must be a permission identifier such as 'thread_read'"))
          .refine((list) => new Set(list).size === list.length, "must not list a permission twice"),
      { onChange: "update", unordered: true },
    ),
    /** What the role is for, at most 2000 characters; null when not set, and removing it clears it. */
    description: optional(description, { onChange: "update" }),
    /** Whether the role is one of the account's default roles, which the service makes and which cannot be changed; null when the service does not say. */
    isDefault: output<boolean>(),
    /** When the role was created: an ISO 8601 date-time in UTC with milliseconds (e.g. `2026-11-21T10:00:00.000Z`); null when the service does not say. */
    createdAt: output<string>(),
    /** When the role was last changed, as an ISO 8601 date-time in UTC; null when the service does not say. */
    updatedAt: output<string>(),
  },
  // One role per slug in the account, and the API cannot delete roles.
  uniqueKey: "slug",
  undeletable: true,
  // Unique and made for reading (`support-agents`), where two roles may share a name.
  label: "slug",
});
