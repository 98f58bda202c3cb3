// Integration setup sessions and the draft integration instance each one creates.

import { z } from "zod";
import { JsonMap, maybe, objectTag, openEnum, Timestamp } from "./common";

export const INTEGRATION_SETUP_SESSION_STATUSES = ["pending", "successful", "expired", "archived", "deleted"] as const;
export type IntegrationSetupSessionStatus = (typeof INTEGRATION_SETUP_SESSION_STATUSES)[number];

export const IntegrationInstancePreviewSchema = z.looseObject({
  object: maybe(z.string()),
  id: z.string(),
  /** `draft` until the setup completes, then `active`. */
  status: maybe(openEnum(["draft", "active"])),
  integrationId: maybe(z.string()),
  createdAt: maybe(Timestamp),
  updatedAt: maybe(Timestamp),
});
export type IntegrationInstancePreview = z.infer<typeof IntegrationInstancePreviewSchema>;

export const IntegrationSetupSessionSchema = z.looseObject({
  object: objectTag("integration.setup_session"),
  id: z.string(),
  status: maybe(openEnum(INTEGRATION_SETUP_SESSION_STATUSES)),
  /** Capability URL: whoever holds it can complete the setup. */
  url: maybe(z.string()),
  name: maybe(z.string()),
  description: maybe(z.string()),
  metadata: maybe(JsonMap),
  configuration: maybe(JsonMap),
  redirectUrl: maybe(z.string()),
  /** The scope a refresh reads sessions by (the sessions of one integration): required. */
  integrationId: z.string(),
  /** The draft integration instance the session made; null when the service does not say. */
  integrationInstance: maybe(IntegrationInstancePreviewSchema),
  createdAt: maybe(Timestamp),
  updatedAt: maybe(Timestamp),
  expiresAt: maybe(Timestamp),
});
export type IntegrationSetupSession = z.infer<typeof IntegrationSetupSessionSchema>;
