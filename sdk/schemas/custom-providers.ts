// Custom provider deployments (with their build and deploy logs) and versions; read-only. The spec
// shows none of these records; their fields are those the service's own client declares
// (test/golden/observed-records.md) plus those docs/service.md gives, all optional but the ids.

import { z } from "zod";
import { JsonMap, maybe, objectTag, openEnum, Timestamp } from "./common";

export const CUSTOM_PROVIDER_DEPLOYMENT_STATUSES = ["queued", "deploying", "succeeded", "failed"] as const;
export type CustomProviderDeploymentStatus = (typeof CUSTOM_PROVIDER_DEPLOYMENT_STATUSES)[number];

/** The git host behind a repository. */
export const ScmProviderSchema = z.looseObject({
  /** The record's type, `scm.provider`; null when the service does not say. */
  object: objectTag("scm.provider"),
  /** The git host: `github` or `gitlab` (a newer service version may add others); null when the service does not say. */
  type: maybe(openEnum(["github", "gitlab"])),
  /** The id of this git host record. */
  id: z.string(),
  /** Its name, as the service reports it; null when the service does not say. */
  name: maybe(z.string()),
  /** The account or organization on the git host that holds the repositories; null when the service does not say. */
  owner: maybe(z.string()),
});

export const ScmRepositorySchema = z.looseObject({
  /** The record's type, `scm.repository`; null when the service does not say. */
  object: objectTag("scm.repository"),
  /** The repository's id. */
  id: z.string(),
  /** The git host the repository is on; null when the service does not say. */
  provider: maybe(ScmProviderSchema),
  /** The repository's URL; null when the service does not say. */
  url: maybe(z.string()),
  /** Whether the repository is private; null when the service does not say. */
  isPrivate: maybe(z.boolean()),
  /** The repository's default branch; null when the service does not say. */
  defaultBranch: maybe(z.string()),
  /** When the service recorded the repository: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
  createdAt: maybe(Timestamp),
});
export type ScmRepository = z.infer<typeof ScmRepositorySchema>;

/** Who or what started a deployment or made a version. */
export const CustomProviderActorPreviewSchema = z.looseObject({
  /** The record's type, `custom_provider.actor#preview`; null when the service does not say. */
  object: objectTag("custom_provider.actor#preview"),
  /** The actor's id. */
  id: z.string(),
  /** The kind of actor, as the service names it; null when the service does not say. */
  type: maybe(z.string()),
  /** The actor's identifier, as the service gives it; null when the service does not say. */
  identifier: maybe(z.string()),
  /** The actor's display name; null when the service does not say. */
  name: maybe(z.string()),
  /** The organization member the actor stands for; null when it stands for none or the service does not say. */
  organizationActorId: maybe(z.string()),
  /** When the service recorded the actor: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
  createdAt: maybe(Timestamp),
});

/** The commit a deployment built. */
export const CustomProviderDeploymentCommitSchema = z.looseObject({
  /** The record's type, `custom_provider.deployment.commit`; null when the service does not say. */
  object: objectTag("custom_provider.deployment.commit"),
  /** The commit's id. */
  id: z.string(),
  /** The kind of commit, as the service names it; null when the service does not say. */
  type: maybe(z.string()),
  /** The commit message; null when it has none or the service does not say. */
  message: maybe(z.string()),
  /** When the commit was made: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
  createdAt: maybe(Timestamp),
});

/** Where the deployment's sources are kept, and the repository they are linked to. */
export const BucketSchema = z.looseObject({
  /** The record's type, `bucket`; null when the service does not say. */
  object: objectTag("bucket"),
  /** The bucket's id. */
  id: z.string(),
  /** Whether the bucket's contents can no longer change; null when the service does not say. */
  isImmutable: maybe(z.boolean()),
  /** Whether the bucket is read-only; null when the service does not say. */
  isReadOnly: maybe(z.boolean()),
  /** The repository the sources come from; null when the bucket is linked to none or the service does not say. */
  scmRepoLink: maybe(
    z.looseObject({
      /** The record's type, `bucket.scm_repo`; null when the service does not say. */
      object: objectTag("bucket.scm_repo"),
      // The observed client declares the literal 'true'; a boolean true is read as well.
      /** Whether the bucket is linked to the repository: `true`, as a boolean or the string `"true"`; null when the service does not say. */
      isLinked: maybe(z.union([z.boolean(), z.string()])),
      /** The folder of the repository the sources are in; null for the whole repository or when the service does not say. */
      path: maybe(z.string()),
      /** The linked repository; null when the service does not say. */
      repository: maybe(ScmRepositorySchema),
    }),
  ),
  /** When the bucket was created: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
  createdAt: maybe(Timestamp),
});

/** The push that triggered an `scm` deployment. */
export const ScmPushSchema = z.looseObject({
  /** The record's type, `scm.push`; null when the service does not say. */
  object: objectTag("scm.push"),
  /** The push's id. */
  id: z.string(),
  /** Who pushed; null when the service does not say. */
  actor: maybe(
    z.looseObject({
      /** The record's type, `scm.actor`; null when the service does not say. */
      object: objectTag("scm.actor"),
      /** The pusher's id in the service. */
      id: z.string(),
      /** The pusher's id on the git host; null when the service does not say. */
      externalId: maybe(z.string()),
      /** The pusher's name on the git host; null when the service does not say. */
      name: maybe(z.string()),
      /** The pusher's email address; null when the service does not say. */
      email: maybe(z.string()),
    }),
  ),
  /** The commit pushed; null when the service does not say. */
  commit: maybe(
    z.looseObject({
      /** The record's type, `scm.commit`; null when the service does not say. */
      object: objectTag("scm.commit"),
      /** The commit's id in the service. */
      id: z.string(),
      /** The commit's SHA on the git host; null when the service does not say. */
      sha: maybe(z.string()),
      /** The branch pushed to; null when the service does not say. */
      branch: maybe(z.string()),
      /** The commit message; null when it has none or the service does not say. */
      message: maybe(z.string()),
      /** When the commit was made: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
      createdAt: maybe(Timestamp),
    }),
  ),
  /** The repository pushed to; null when the service does not say. */
  repository: maybe(ScmRepositorySchema),
  /** When the push was recorded: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
  createdAt: maybe(Timestamp),
});

export const CustomProviderDeploymentSchema = z.looseObject({
  /** The record's type, `custom_provider.deployment`; null when the service does not say. */
  object: objectTag("custom_provider.deployment"),
  /** The deployment's id (`cpd_...`). */
  id: z.string(),
  /** `queued`, `deploying`, `succeeded` or `failed` (a newer service version may add others); null when the service does not say. */
  status: maybe(openEnum(CUSTOM_PROVIDER_DEPLOYMENT_STATUSES)),
  /** What started the deployment: `manual`, `system` or `scm` (a push to the linked repository); null when the service does not say. */
  trigger: maybe(openEnum(["manual", "system", "scm"])),
  /** The custom provider deployed; null when the service does not say. */
  customProviderId: maybe(z.string()),
  /** The provider (`prov_...`) the custom provider is served as; null when it has none (the real service sends null) or the service does not say. */
  providerId: maybe(z.string()),
  /** The version (`cpv_...`) the deployment builds; null when it builds none or the service does not say. */
  customProviderVersionId: maybe(z.string()),
  /** The commit the deployment built; null for a manual or system deployment, or when the service does not say. */
  commit: maybe(CustomProviderDeploymentCommitSchema),
  /** Where the deployment's sources are kept, as built; null when the service does not say. */
  immutableBucket: maybe(BucketSchema),
  /** Who or what started the deployment; null when the service does not say. */
  actor: maybe(CustomProviderActorPreviewSchema),
  /** The push that started an `scm` deployment; null for a manual or system deployment, or when the service does not say. */
  scmPush: maybe(ScmPushSchema),
  /** When the deployment was created: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
  createdAt: maybe(Timestamp),
  /** When the deployment last changed (its status, say), as an ISO 8601 date-time in UTC; null when the service does not say. */
  updatedAt: maybe(Timestamp),
});
export type CustomProviderDeployment = z.infer<typeof CustomProviderDeploymentSchema>;

export const DeploymentLogLineSchema = z.looseObject({
  /** The record's type, `custom_provider.deployment.logs.step.log`; null when the service does not say. */
  object: maybe(z.string()),
  /** When the line was written: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
  timestamp: maybe(Timestamp),
  /** The line's text; null when the service does not say. */
  message: maybe(z.string()),
});
export type DeploymentLogLine = z.infer<typeof DeploymentLogLineSchema>;

export const DeploymentLogStepSchema = z.looseObject({
  /** The record's type, `custom_provider.deployment.logs.step`; null when the service does not say. */
  object: maybe(z.string()),
  /** The step's id. */
  id: z.string(),
  /** The step's name (e.g. a build or a deploy step); null when the service does not say. */
  name: maybe(z.string()),
  /** The kind of step, as the service names it; null when the service does not say. */
  type: maybe(z.string()),
  /** `pending`, `running`, `succeeded`, `failed` or `canceled` (a newer service version may add others); null when the service does not say. */
  status: maybe(openEnum(["pending", "running", "succeeded", "failed", "canceled"])),
  /** The step's log lines, in the order written; null when the service does not say. */
  logs: maybe(z.array(DeploymentLogLineSchema)),
  /** When the step was created: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
  createdAt: maybe(Timestamp),
  /** When the step started running; null until it does, or when the service does not say. */
  startedAt: maybe(Timestamp),
  /** When the step ended; null until it does, or when the service does not say. */
  endedAt: maybe(Timestamp),
});
export type DeploymentLogStep = z.infer<typeof DeploymentLogStepSchema>;

export const CustomProviderDeploymentLogsSchema = z.looseObject({
  /** The record's type, `custom_provider.deployment.logs`; null when the service does not say. */
  object: objectTag("custom_provider.deployment.logs"),
  /** The deployment (`cpd_...`) the logs are of; null when the service does not say. */
  customProviderDeploymentId: maybe(z.string()),
  /** The build and deploy steps, in order; null when the service does not say. */
  steps: maybe(z.array(DeploymentLogStepSchema)),
});
export type CustomProviderDeploymentLogs = z.infer<typeof CustomProviderDeploymentLogsSchema>;

export const CUSTOM_PROVIDER_VERSION_STATUSES = [
  "queued",
  "deploying",
  "deployment_succeeded",
  "deployment_failed",
] as const;
export type CustomProviderVersionStatus = (typeof CUSTOM_PROVIDER_VERSION_STATUSES)[number];

/** A custom provider environment, and whether this version is the one it runs. */
export const CustomProviderVersionEnvironmentSchema = z.looseObject({
  /** The record's type, `custom_provider.environment`; null when the service does not say. */
  object: maybe(z.string()),
  /** The environment's id. */
  id: z.string(),
  /** Whether this version is the one the environment runs; null when the service does not say. */
  isCurrentVersionForEnvironment: maybe(z.boolean()),
  /** The environment itself; null when the service does not say. */
  environment: maybe(
    z.looseObject({
      /** The record's type, `custom_provider.environment`; null when the service does not say. */
      object: objectTag("custom_provider.environment"),
      /** The environment's id. */
      id: z.string(),
      /** The custom provider the environment runs; null when the service does not say. */
      customProviderId: maybe(z.string()),
      /** The provider (`prov_...`) the custom provider is served as; null when it has none or the service does not say. */
      providerId: maybe(z.string()),
      /** The provider version the environment runs now; null when it runs none or the service does not say. */
      currentProviderVersionId: maybe(z.string()),
      /** The instance the environment runs on, as the service names it; null when the service does not say. */
      instanceId: maybe(z.string()),
      /** When the environment was created: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
      createdAt: maybe(Timestamp),
      /** When the environment last changed, as an ISO 8601 date-time in UTC; null when the service does not say. */
      updatedAt: maybe(Timestamp),
    }),
  ),
});

export const CustomProviderVersionSchema = z.looseObject({
  /** The record's type, `custom_provider.version`; null when the service does not say. */
  object: objectTag("custom_provider.version"),
  /** The version's id (`cpv_...`). */
  id: z.string(),
  /** `queued`, `deploying`, `deployment_succeeded` or `deployment_failed` (a newer service version may add others); null when the service does not say. */
  status: maybe(openEnum(CUSTOM_PROVIDER_VERSION_STATUSES)),
  /** The configuration the version takes, and how it is transformed for the server; null when it takes none or the service does not say. */
  config: maybe(
    z.looseObject({
      /** The record's type, `custom_provider.version.config`; null when the service does not say. */
      object: objectTag("custom_provider.version.config"),
      // `schema` keeps its keys verbatim (a JSON Schema is user data): `{ type, schema }`.
      /** The JSON Schema of the configuration; null when the service does not say. */
      schema: maybe(
        z.looseObject({
          /** The kind of schema, `json_schema`; null when the service does not say. */
          type: maybe(openEnum(["json_schema"])),
          /** The JSON Schema itself, keys as written; null when the service does not say. */
          schema: maybe(JsonMap),
        }),
      ),
      /** How the configuration is transformed for the server, as the service names it; null when the service does not say. */
      transformer: maybe(z.string()),
    }),
  ),
  /** The version's sequence number among the custom provider's versions; null when the service does not say. */
  index: maybe(z.number()),
  /** The version's identifier (its release name); null when the service does not say. */
  identifier: maybe(z.string()),
  /** The deployment that builds the version; null until one started. */
  deployment: maybe(CustomProviderDeploymentSchema),
  /** The custom provider's environments, each saying whether it runs this version; null when the service does not say. */
  environments: maybe(z.array(CustomProviderVersionEnvironmentSchema)),
  /** The custom provider the version belongs to; null when the service does not say. */
  customProviderId: maybe(z.string()),
  /** The provider (`prov_...`) the custom provider is served as; null when it has none (the real service sends null) or the service does not say. */
  providerId: maybe(z.string()),
  /** Who or what made the version; null when the service does not say. */
  actor: maybe(CustomProviderActorPreviewSchema),
  /** The container image the version runs; absent for a version served from a remote MCP server. */
  containerImage: maybe(
    z.looseObject({
      /** The registry the image is pulled from; null when the service does not say. */
      containerRegistry: maybe(z.string()),
      /** The image's tag; null when the service does not say. */
      containerImageTag: maybe(z.string()),
      /** The image's name in the registry; null when the service does not say. */
      containerImage: maybe(z.string()),
    }),
  ),
  /** The remote MCP server the version is served from; absent for a version that runs a container image. */
  remoteMcpServer: maybe(
    z.looseObject({
      /** The server's URL; null when the service does not say. */
      url: maybe(z.string()),
      /** The MCP transport the server speaks, as the service names it; null when the service does not say. */
      transport: maybe(z.string()),
    }),
  ),
  // From the contract, not the service's client.
  /** The deployment (`cpd_...`) that builds the version; null until one started, or when the service does not say. */
  customProviderDeploymentId: maybe(z.string()),
  /** The environment the version is deployed to; null when the service does not say. */
  customProviderEnvironmentId: maybe(z.string()),
  /** When the version was created: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
  createdAt: maybe(Timestamp),
  /** When the version last changed (its status, say), as an ISO 8601 date-time in UTC; null when the service does not say. */
  updatedAt: maybe(Timestamp),
});
export type CustomProviderVersion = z.infer<typeof CustomProviderVersionSchema>;
