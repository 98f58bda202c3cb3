import type { CustomProviderFixture } from "../fixtures/catalog";
import { newId, PREFIX } from "../ids";
import type { EmulatorState } from "../state";
import { wire } from "../state";

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
  custom_provider_deployment_id: string;
  custom_provider_environment_id: string;
  created_at: string;
}

export function createRelease(
  state: EmulatorState,
  env: string,
  customProvider: CustomProviderFixture,
  release: { version_id?: string; deployment_id?: string; index: number; identifier: string; trigger: DeploymentDoc["trigger"]; outcome: DeploymentDoc["_outcome"] },
  createdMs: number,
): { deployment: DeploymentDoc; version: VersionDoc } {
  const step = state.timing.deploymentStepMs;
  const created = state.clock.iso(createdMs);
  const versionId = release.version_id ?? newId(PREFIX.customProviderVersion);
  const deployment: DeploymentDoc = {
    object: "custom_provider.deployment",
    id: release.deployment_id ?? newId(PREFIX.customProviderDeployment),
    trigger: release.trigger,
    custom_provider_id: customProvider.id,
    provider_id: customProvider.provider_id,
    custom_provider_version_id: versionId,
    created_at: created,
    _schedule: { created: createdMs, queued_until: createdMs + step, build_until: createdMs + 2 * step, deploy_until: createdMs + 3 * step },
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
    custom_provider_deployment_id: deployment.id,
    custom_provider_environment_id: customProvider.environment_id,
    created_at: created,
  };
  state.store.insert(env, "cp_deployment", deployment);
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

export function renderDeployment(state: EmulatorState, doc: DeploymentDoc) {
  const now = state.clock.now();
  const { created_at, ...rest } = wire(doc);
  return { ...rest, status: deploymentStatus(doc, now), created_at, updated_at: state.clock.iso(lastTransition(doc, now)) };
}

export function renderVersion(state: EmulatorState, env: string, doc: VersionDoc) {
  const deployment = state.store.get<DeploymentDoc>(env, "cp_deployment", doc.custom_provider_deployment_id);
  const now = state.clock.now();
  const status = deployment ? deploymentStatus(deployment, now) : "queued";
  const versionStatus = status === "succeeded" ? "deployment_succeeded" : status === "failed" ? "deployment_failed" : status;
  return { ...doc, status: versionStatus, updated_at: deployment ? state.clock.iso(lastTransition(deployment, now)) : doc.created_at };
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
        : ["Starting 2 replicas", "Waiting for the MCP endpoint on port 8080", "Health check passed", "Traffic switched to the new version"],
    },
  ];
  return {
    object: "custom_provider.deployment.logs",
    custom_provider_deployment_id: doc.id,
    steps: steps.map((step, index) => {
      const status: StepStatus = now < step.start ? "pending" : now < step.end ? "running" : step.fails ? "failed" : "succeeded";
      const span = step.end - step.start;
      const logs = step.lines
        .map((message, line) => ({ at: step.start + Math.floor((span * line) / step.lines.length), message }))
        .filter((line) => status !== "pending" && (status !== "running" || line.at <= now))
        .map((line) => ({ object: "custom_provider.deployment.log", timestamp: state.clock.iso(line.at), message: line.message }));
      return {
        object: "custom_provider.deployment.step",
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
