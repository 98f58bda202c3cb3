// Roles: access permissions of users within an account. The wire already says `isDefault`.

import { z } from "zod";
import { maybe, objectTag, Timestamp } from "./common";

export const RoleSchema = z.looseObject({
  object: objectTag("role"),
  id: z.string(),
  name: maybe(z.string()),
  slug: maybe(z.string()),
  description: maybe(z.string()),
  isDefault: maybe(z.boolean()),
  /** Permission identifiers from the account's catalog, e.g. `thread_create`. */
  permissions: maybe(z.array(z.string())),
  createdAt: maybe(Timestamp),
  updatedAt: maybe(Timestamp),
});
export type Role = z.infer<typeof RoleSchema>;
