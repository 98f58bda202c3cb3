// Roles: access permissions of users within an account. The wire already says `isDefault`.

import { z } from "zod";
import { maybe, objectTag, Timestamp } from "./common";

export const RoleSchema = z.looseObject({
  /** The record's type, `role`; null when the service does not say. */
  object: objectTag("role"),
  /** The role's id (`rol_...`). */
  id: z.string(),
  /** The role's display name; null when the service does not say. */
  name: maybe(z.string()),
  /** The role's identifier, unique in the account (e.g. `support-agents`); null when the service does not say. */
  slug: maybe(z.string()),
  /** What the role is for; null when it has no description or the service does not say. */
  description: maybe(z.string()),
  /** Whether the role is one of the account's default roles, which cannot be changed; null when the service does not say. */
  isDefault: maybe(z.boolean()),
  /** Permission identifiers from the account's catalog, e.g. `thread_create`; null when the service does not say. */
  permissions: maybe(z.array(z.string())),
  /** When the role was created: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
  createdAt: maybe(Timestamp),
  /** When the role was last changed, as an ISO 8601 date-time in UTC; null when the service does not say. */
  updatedAt: maybe(Timestamp),
});
export type Role = z.infer<typeof RoleSchema>;
