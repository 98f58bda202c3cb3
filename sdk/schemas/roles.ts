// Roles: access permissions of users within an account. The wire already says `isDefault`.

import { z } from "zod";
import { Timestamp } from "./common";

export const RoleSchema = z.looseObject({
  object: z.literal("role").optional(),
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
  /** Permission identifiers from the account's catalog, e.g. `thread_create`. */
  permissions: z.array(z.string()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Role = z.infer<typeof RoleSchema>;
