// Custom provider deployments (with their build and deploy logs) and versions; read-only. The spec
// shows none of these records; their fields are those the service's own client declares
// (../shared/spec/observed-records.md) plus the contract's, all optional but the ids.

import { z } from "zod";
import { JsonMap, maybe, objectTag, openEnum, Timestamp } from "./common";

export const CUSTOM_PROVIDER_DEPLOYMENT_STATUSES = ["queued", "deploying", "succeeded", "failed"] as const;
export type CustomProviderDeploymentStatus = (typeof CUSTOM_PROVIDER_DEPLOYMENT_STATUSES)[number];

/** The git host behind a repository. */
export const ScmProviderSchema = z.looseObject({
  object: objectTag("scm.provider"),
  type: maybe(openEnum(["github", "gitlab"])),
  id: z.string(),
  name: maybe(z.string()),
  owner: maybe(z.string()),
});

export const ScmRepositorySchema = z.looseObject({
  object: objectTag("scm.repository"),
  id: z.string(),
  provider: maybe(ScmProviderSchema),
  url: maybe(z.string()),
  isPrivate: maybe(z.boolean()),
  defaultBranch: maybe(z.string()),
  createdAt: maybe(Timestamp),
});
export type ScmRepository = z.infer<typeof ScmRepositorySchema>;

/** Who or what started a deployment or made a version. */
export const CustomProviderActorPreviewSchema = z.looseObject({
  object: objectTag("custom_provider.actor#preview"),
  id: z.string(),
  type: maybe(z.string()),
  identifier: maybe(z.string()),
  name: maybe(z.string()),
  organizationActorId: maybe(z.string()),
  createdAt: maybe(Timestamp),
});

/** The commit a deployment built. */
export const CustomProviderDeploymentCommitSchema = z.looseObject({
  object: objectTag("custom_provider.deployment.commit"),
  id: z.string(),
  type: maybe(z.string()),
  message: maybe(z.string()),
  createdAt: maybe(Timestamp),
});

/** Where the deployment's sources are kept, and the repository they are linked to. */
export const BucketSchema = z.looseObject({
  object: objectTag("bucket"),
  id: z.string(),
  isImmutable: maybe(z.boolean()),
  isReadOnly: maybe(z.boolean()),
  scmRepoLink: maybe(
    z.looseObject({
      object: objectTag("bucket.scm_repo"),
      // The observed client declares the literal 'true'; a boolean true is read as well.
      isLinked: maybe(z.union([z.boolean(), z.string()])),
      path: maybe(z.string()),
      repository: maybe(ScmRepositorySchema),
    }),
  ),
  createdAt: maybe(Timestamp),
});

/** The push that triggered an `scm` deployment. */
export const ScmPushSchema = z.looseObject({
  object: objectTag("scm.push"),
  id: z.string(),
  actor: maybe(
    z.looseObject({
      object: objectTag("scm.actor"),
      id: z.string(),
      externalId: maybe(z.string()),
      name: maybe(z.string()),
      email: maybe(z.string()),
    }),
  ),
  commit: maybe(
    z.looseObject({
      object: objectTag("scm.commit"),
      id: z.string(),
      sha: maybe(z.string()),
      branch: maybe(z.string()),
      message: maybe(z.string()),
      createdAt: maybe(Timestamp),
    }),
  ),
  repository: maybe(ScmRepositorySchema),
  createdAt: maybe(Timestamp),
});

export const CustomProviderDeploymentSchema = z.looseObject({
  object: objectTag("custom_provider.deployment"),
  id: z.string(),
  status: maybe(openEnum(CUSTOM_PROVIDER_DEPLOYMENT_STATUSES)),
  trigger: maybe(openEnum(["manual", "system", "scm"])),
  customProviderId: maybe(z.string()),
  /** Nullable on the real service. */
  providerId: maybe(z.string()),
  customProviderVersionId: maybe(z.string()),
  commit: maybe(CustomProviderDeploymentCommitSchema),
  immutableBucket: maybe(BucketSchema),
  actor: maybe(CustomProviderActorPreviewSchema),
  scmPush: maybe(ScmPushSchema),
  createdAt: maybe(Timestamp),
  updatedAt: maybe(Timestamp),
});
export type CustomProviderDeployment = z.infer<typeof CustomProviderDeploymentSchema>;

export const DeploymentLogLineSchema = z.looseObject({
  object: maybe(z.string()),
  timestamp: maybe(Timestamp),
  message: maybe(z.string()),
});
export type DeploymentLogLine = z.infer<typeof DeploymentLogLineSchema>;

export const DeploymentLogStepSchema = z.looseObject({
  object: maybe(z.string()),
  id: z.string(),
  name: maybe(z.string()),
  type: maybe(z.string()),
  status: maybe(openEnum(["pending", "running", "succeeded", "failed", "canceled"])),
  logs: maybe(z.array(DeploymentLogLineSchema)),
  createdAt: maybe(Timestamp),
  startedAt: maybe(Timestamp),
  endedAt: maybe(Timestamp),
});
export type DeploymentLogStep = z.infer<typeof DeploymentLogStepSchema>;

export const CustomProviderDeploymentLogsSchema = z.looseObject({
  object: objectTag("custom_provider.deployment.logs"),
  customProviderDeploymentId: maybe(z.string()),
  steps: maybe(z.array(DeploymentLogStepSchema)),
});
export type CustomProviderDeploymentLogs = z.infer<typeof CustomProviderDeploymentLogsSchema>;

export const CUSTOM_PROVIDER_VERSION_STATUSES = ["queued", "deploying", "deployment_succeeded", "deployment_failed"] as const;
export type CustomProviderVersionStatus = (typeof CUSTOM_PROVIDER_VERSION_STATUSES)[number];

/** A custom provider environment, and whether this version is the one it runs. */
export const CustomProviderVersionEnvironmentSchema = z.looseObject({
  object: maybe(z.string()),
  id: z.string(),
  isCurrentVersionForEnvironment: maybe(z.boolean()),
  environment: maybe(
    z.looseObject({
      object: objectTag("custom_provider.environment"),
      id: z.string(),
      customProviderId: maybe(z.string()),
      providerId: maybe(z.string()),
      currentProviderVersionId: maybe(z.string()),
      instanceId: maybe(z.string()),
      createdAt: maybe(Timestamp),
      updatedAt: maybe(Timestamp),
    }),
  ),
});

export const CustomProviderVersionSchema = z.looseObject({
  object: objectTag("custom_provider.version"),
  id: z.string(),
  status: maybe(openEnum(CUSTOM_PROVIDER_VERSION_STATUSES)),
  /** The configuration the version takes, and how it is transformed for the server. */
  config: maybe(
    z.looseObject({
      object: objectTag("custom_provider.version.config"),
      // `schema` keeps its keys verbatim (a JSON Schema is user data): `{ type, schema }`.
      schema: maybe(z.looseObject({ type: maybe(openEnum(["json_schema"])), schema: maybe(JsonMap) })),
      transformer: maybe(z.string()),
    }),
  ),
  index: maybe(z.number()),
  identifier: maybe(z.string()),
  /** The deployment that builds the version; null until one started. */
  deployment: maybe(CustomProviderDeploymentSchema),
  environments: maybe(z.array(CustomProviderVersionEnvironmentSchema)),
  customProviderId: maybe(z.string()),
  /** Nullable on the real service. */
  providerId: maybe(z.string()),
  actor: maybe(CustomProviderActorPreviewSchema),
  containerImage: maybe(z.looseObject({ containerRegistry: maybe(z.string()), containerImageTag: maybe(z.string()), containerImage: maybe(z.string()) })),
  remoteMcpServer: maybe(z.looseObject({ url: maybe(z.string()), transport: maybe(z.string()) })),
  /** From the contract, not the service's client: the deployment's and the environment's ids. */
  customProviderDeploymentId: maybe(z.string()),
  customProviderEnvironmentId: maybe(z.string()),
  createdAt: maybe(Timestamp),
  updatedAt: maybe(Timestamp),
});
export type CustomProviderVersion = z.infer<typeof CustomProviderVersionSchema>;
