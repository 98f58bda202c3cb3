import { catalog, type CustomProviderFixture } from "../fixtures/catalog";
import { newId, PREFIX } from "../ids";
import type { EmulatorState } from "../state";
import { wire } from "../state";
import { actorPreview, deploymentSources, versionSource } from "./custom-provider-sources";

/**
 * Custom provider deployments move queued -> deploying -> succeeded | failed on a schedule fixed when
 * they are created (one step = `deploymentStepMs`): queued for one step, building for one, deploying
 * for one. Status, `updated_at` and logs are read off that schedule against the emulator's clock, so
 * moving the clock forward moves them too.
 */
export type DeploymentStatus = "queued" | "deploying" | "succeeded" | "failed";
export const DEPLOYMENT_STATUSES: readonly DeploymentStatus[] = ["queued", "deploying", "succeeded", "failed"];
export const VERSION_STATUSES = ["queued", "deploying", "deployment_succeeded", "deployment_failed"] as const;

interface Schedule {
  created: number;
  queued_until: number;
  build_until: number;
  deploy_until: number;
}

export interface DeploymentDoc {
  object: "custom_provider.deployment";
  id: string;
  trigger: "manual" | "system" | "scm";
  custom_provider_id: string;
  provider_id: string;
  custom_provider_version_id: string;
  created_at: string;
  _schedule: Schedule;
  _outcome: "succeeded" | "failed";
  _identifier: string;
}

export interface VersionDoc {
  object: "custom_provider.version";
  id: string;
  index: number;
  identifier: string;
  custom_provider_id: string;
  provider_id: string;
  /** Null until the version's deployment starts. */
  custom_provider_deployment_id: string | null;
  custom_provider_environment_id: string;
  created_at: string;
}

export function createRelease(
  state: EmulatorState,
  env: string,
  customProvider: CustomProviderFixture,
  release: {
    version_id?: string;
    deployment_id?: string | null;
    index: number;
    identifier: string;
    trigger: DeploymentDoc["trigger"];
    outcome: DeploymentDoc["_outcome"];
  },
  createdMs: number,
): { deployment: DeploymentDoc | null; version: VersionDoc } {
  const step = state.timing.deploymentStepMs;
  const created = state.clock.iso(createdMs);
  const versionId = release.version_id ?? newId(PREFIX.customProviderVersion);
  // A release whose deployment_id is null is a version whose deployment has not started yet.
  const deployment: DeploymentDoc | null =
    release.deployment_id === null
      ? null
      : {
          object: "custom_provider.deployment",
          id: release.deployment_id ?? newId(PREFIX.customProviderDeployment),
          trigger: release.trigger,
          custom_provider_id: customProvider.id,
          provider_id: customProvider.provider_id,
          custom_provider_version_id: versionId,
          created_at: created,
          _schedule: {
            created: createdMs,
            queued_until: createdMs + step,
            build_until: createdMs + 2 * step,
            deploy_until: createdMs + 3 * step,
          },
          _outcome: release.outcome,
          _identifier: release.identifier,
        };
  const version: VersionDoc = {
    object: "custom_provider.version",
    id: versionId,
    index: release.index,
    identifier: release.identifier,
    custom_provider_id: customProvider.id,
    provider_id: customProvider.provider_id,
    custom_provider_deployment_id: deployment?.id ?? null,
    custom_provider_environment_id: customProvider.environment_id,
    created_at: created,
  };
  if (deployment) state.store.insert(env, "cp_deployment", deployment);
  state.store.insert(env, "cp_version", version);
  return { deployment, version };
}

export function deploymentStatus(doc: DeploymentDoc, now: number): DeploymentStatus {
  if (now < doc._schedule.queued_until) return "queued";
  if (now < doc._schedule.deploy_until) return "deploying";
  return doc._outcome;
}

function lastTransition(doc: DeploymentDoc, now: number): number {
  const s = doc._schedule;
  if (now < s.queued_until) return s.created;
  if (now < s.deploy_until) return s.queued_until;
  return s.deploy_until;
}

/** The deployment as the service sends it: the contract's fields and those its own client declares. */
export function renderDeployment(state: EmulatorState, doc: DeploymentDoc) {
  const now = state.clock.now();
  const { created_at, ...rest } = wire(doc);
  return {
    ...rest,
    status: deploymentStatus(doc, now),
    ...deploymentSources({
      id: doc.id,
      custom_provider_id: doc.custom_provider_id,
      trigger: doc.trigger,
      identifier: doc._identifier,
      created_at,
    }),
    created_at,
    updated_at: state.clock.iso(lastTransition(doc, now)),
  };
}

/**
 * The version as the service sends it: with its deployment (null until one started), the custom
 * provider's environment (current when this is the newest version deployed successfully), the
 * configuration it takes (null for a provider without a config schema) and what it runs.
 */
export function renderVersion(state: EmulatorState, env: string, doc: VersionDoc) {
  const deployment =
    doc.custom_provider_deployment_id === null
      ? undefined
      : state.store.get<DeploymentDoc>(env, "cp_deployment", doc.custom_provider_deployment_id);
  const now = state.clock.now();
  const status = deployment ? deploymentStatus(deployment, now) : "queued";
  const versionStatus =
    status === "succeeded" ? "deployment_succeeded" : status === "failed" ? "deployment_failed" : status;
  const updatedAt = deployment ? state.clock.iso(lastTransition(deployment, now)) : doc.created_at;
  const provider = catalog.provider(doc.provider_id);
  const current = currentVersionId(state, env, doc.custom_provider_id, now);
  return {
    ...doc,
    status: versionStatus,
    config: provider?.config_schema
      ? {
          object: "custom_provider.version.config",
          schema: { type: "json_schema", schema: provider.config_schema },
          transformer: "passthrough",
        }
      : null,
    deployment: deployment ? renderDeployment(state, deployment) : null,
    environments: [
      {
        object: "custom_provider.environment",
        id: doc.custom_provider_environment_id,
        is_current_version_for_environment: current === doc.id,
        environment: {
          object: "custom_provider.environment",
          id: doc.custom_provider_environment_id,
          custom_provider_id: doc.custom_provider_id,
          provider_id: doc.provider_id,
          current_provider_version_id: current === undefined ? null : (provider?.version_id ?? null),
          instance_id: `${PREFIX.integrationInstance}${doc.custom_provider_environment_id.slice(PREFIX.customProviderEnvironment.length)}`,
          created_at: doc.created_at,
          updated_at: updatedAt,
        },
      },
    ],
    actor: actorPreview(deployment?.trigger ?? "manual", doc.created_at),
    ...versionSource(doc.custom_provider_id, doc.identifier),
    updated_at: updatedAt,
  };
}

/** The newest version of the custom provider whose deployment succeeded: what its environment runs. */
function currentVersionId(
  state: EmulatorState,
  env: string,
  customProviderId: string,
  now: number,
): string | undefined {
  const versions = state.store
    .list<VersionDoc>(env, "cp_version")
    .filter((v) => v.custom_provider_id === customProviderId);
  const deployed = versions.filter((v) => {
    const deployment =
      v.custom_provider_deployment_id === null
        ? undefined
        : state.store.get<DeploymentDoc>(env, "cp_deployment", v.custom_provider_deployment_id);
    return deployment !== undefined && deploymentStatus(deployment, now) === "succeeded";
  });
  return deployed.sort((a, b) => b.index - a.index)[0]?.id;
}

type StepStatus = "pending" | "running" | "succeeded" | "failed" | "canceled";

/** Build and deploy steps with the log lines written so far. */
export function renderLogs(state: EmulatorState, doc: DeploymentDoc) {
  const now = state.clock.now();
  const s = doc._schedule;
  const failed = doc._outcome === "failed";
  const steps = [
    {
      key: "build",
      name: "Build image",
      start: s.queued_until,
      end: s.build_until,
      fails: false,
      lines: [
        "Pulling base image node:24-slim",
        `Building ${doc._identifier} from Dockerfile`,
        "Installing dependencies (npm ci)",
        "Image built and pushed to the registry",
      ],
    },
    {
      key: "deploy",
      name: "Deploy to runtime",
      start: s.build_until,
      end: s.deploy_until,
      fails: failed,
      lines: failed
        ? [
            "Starting 2 replicas",
            "Waiting for the MCP endpoint on port 8080",
            "Error: container exited with code 1: health check GET /mcp failed (connection refused)",
            "Deployment failed; the previous version keeps serving",
          ]
        : [
            "Starting 2 replicas",
            "Waiting for the MCP endpoint on port 8080",
            "Health check passed",
            "Traffic switched to the new version",
          ],
    },
  ];
  return {
    object: "custom_provider.deployment.logs",
    custom_provider_deployment_id: doc.id,
    steps: steps.map((step, index) => {
      const status: StepStatus =
        now < step.start ? "pending" : now < step.end ? "running" : step.fails ? "failed" : "succeeded";
      const span = step.end - step.start;
      const logs = step.lines
        .map((message, line) => ({ at: step.start + Math.floor((span * line) / step.lines.length), message }))
        .filter((line) => status !== "pending" && (status !== "running" || line.at <= now))
        .map((line) => ({
          object: "custom_provider.deployment.logs.step.log",
          timestamp: state.clock.iso(line.at),
          message: line.message,
        }));
      return {
        object: "custom_provider.deployment.logs.step",
        id: `${PREFIX.customProviderDeploymentStep}${doc.id.slice(-19)}${index}`,
        name: step.name,
        type: step.key,
        status,
        logs,
        created_at: doc.created_at,
        started_at: status === "pending" ? null : state.clock.iso(step.start),
        ended_at: status === "succeeded" || status === "failed" ? state.clock.iso(step.end) : null,
      };
    }),
  };
}
