// Custom provider deployments (with their build and deploy logs) and versions; read-only.

import { z } from "zod";
import { openEnum, Timestamp } from "./common";

export const CUSTOM_PROVIDER_DEPLOYMENT_STATUSES = ["queued", "deploying", "succeeded", "failed"] as const;
export type CustomProviderDeploymentStatus = (typeof CUSTOM_PROVIDER_DEPLOYMENT_STATUSES)[number];

export const CustomProviderDeploymentSchema = z.looseObject({
  object: z.literal("custom_provider.deployment"),
  id: z.string(),
  status: openEnum(CUSTOM_PROVIDER_DEPLOYMENT_STATUSES),
  trigger: openEnum(["manual", "system", "scm"]),
  customProviderId: z.string(),
  providerId: z.string(),
  customProviderVersionId: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type CustomProviderDeployment = z.infer<typeof CustomProviderDeploymentSchema>;

export const DeploymentLogLineSchema = z.looseObject({
  object: z.string(),
  timestamp: Timestamp,
  message: z.string(),
});

export const DeploymentLogStepSchema = z.looseObject({
  object: z.string(),
  id: z.string(),
  name: z.string(),
  type: z.string(),
  status: openEnum(["pending", "running", "succeeded", "failed", "canceled"]),
  logs: z.array(DeploymentLogLineSchema),
  createdAt: Timestamp,
  startedAt: Timestamp.nullable(),
  endedAt: Timestamp.nullable(),
});
export type DeploymentLogStep = z.infer<typeof DeploymentLogStepSchema>;

export const CustomProviderDeploymentLogsSchema = z.looseObject({
  object: z.literal("custom_provider.deployment.logs"),
  customProviderDeploymentId: z.string(),
  steps: z.array(DeploymentLogStepSchema),
});
export type CustomProviderDeploymentLogs = z.infer<typeof CustomProviderDeploymentLogsSchema>;

export const CUSTOM_PROVIDER_VERSION_STATUSES = ["queued", "deploying", "deployment_succeeded", "deployment_failed"] as const;
export type CustomProviderVersionStatus = (typeof CUSTOM_PROVIDER_VERSION_STATUSES)[number];

export const CustomProviderVersionSchema = z.looseObject({
  object: z.literal("custom_provider.version"),
  id: z.string(),
  status: openEnum(CUSTOM_PROVIDER_VERSION_STATUSES),
  index: z.number(),
  identifier: z.string(),
  customProviderId: z.string(),
  providerId: z.string(),
  customProviderDeploymentId: z.string().nullable(),
  customProviderEnvironmentId: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type CustomProviderVersion = z.infer<typeof CustomProviderVersionSchema>;
