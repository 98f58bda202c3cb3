// Integration setup sessions and the draft integration instance each one creates.

import { z } from "zod";
import { JsonMap, openEnum, Timestamp } from "./common";

export const INTEGRATION_SETUP_SESSION_STATUSES = ["pending", "successful", "expired", "archived", "deleted"] as const;
export type IntegrationSetupSessionStatus = (typeof INTEGRATION_SETUP_SESSION_STATUSES)[number];

export const IntegrationInstancePreviewSchema = z.looseObject({
  object: z.string(),
  id: z.string(),
  /** `draft` until the setup completes, then `active`. */
  status: openEnum(["draft", "active"]),
  integrationId: z.string().optional(),
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp.optional(),
});
export type IntegrationInstancePreview = z.infer<typeof IntegrationInstancePreviewSchema>;

export const IntegrationSetupSessionSchema = z.looseObject({
  object: z.literal("integration.setup_session"),
  id: z.string(),
  status: openEnum(INTEGRATION_SETUP_SESSION_STATUSES),
  /** Capability URL: whoever holds it can complete the setup. */
  url: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  metadata: JsonMap.nullable(),
  configuration: JsonMap.nullable(),
  redirectUrl: z.string().nullable(),
  integrationId: z.string(),
  integrationInstance: IntegrationInstancePreviewSchema,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  expiresAt: Timestamp,
});
export type IntegrationSetupSession = z.infer<typeof IntegrationSetupSessionSchema>;
