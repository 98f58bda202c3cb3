// Lookups: plain async functions that read from the service while the program runs, returning
// typed records (the SDK's camelCase shapes). They cost API calls on every preview, so use them for
// what the program cannot know otherwise.
// The records are typed from the shapes the real service sends (../shared/spec/observed-records.md):
// every field but the ids may be null or absent, so read them with `?.` and `??`.
import type {
  CallbackEvent,
  CustomProviderDeployment,
  CustomProviderDeploymentLogs,
  CustomProviderDeploymentStatus,
  CustomProviderVersion,
  CustomProviderVersionStatus,
  ProviderConfigSchema,
  Role,
} from "../../../sdk";
import { SCAN_PAGE_SIZE } from "../../page-size";
import { lookupClient, type OnConnection } from "./client";

export type { OnConnection };

export interface GetProviderConfigSchemaArgs extends OnConnection {
  providerId?: string;
  providerDeploymentId?: string;
  providerConfigId?: string;
  providerVersionId?: string;
}

/** The JSON schema a provider config's `value` must satisfy (at least one argument is required). */
export async function getProviderConfigSchema(args: GetProviderConfigSchemaArgs): Promise<ProviderConfigSchema> {
  const { connection, ...params } = args;
  if (!params.providerId && !params.providerDeploymentId && !params.providerConfigId && !params.providerVersionId) {
    throw new Error("getProviderConfigSchema needs one of providerId, providerDeploymentId, providerConfigId or providerVersionId");
  }
  return (await lookupClient(connection)).providerConfigSchema.retrieve(params);
}

export interface GetCallbackEventsArgs extends OnConnection {
  callbackId: string;
  type?: string | string[];
  sourceId?: string | string[];
  /** At most this many events, newest first (default 100). */
  limit?: number;
}

/** The newest events a callback received. */
export async function getCallbackEvents(args: GetCallbackEventsArgs): Promise<CallbackEvent[]> {
  const limit = args.limit ?? 100;
  const events: CallbackEvent[] = [];
  for await (const event of (await lookupClient(args.connection)).callbacks.events.list(args.callbackId, {
    type: args.type,
    sourceId: args.sourceId,
    limit: Math.min(limit, SCAN_PAGE_SIZE),
  })) {
    events.push(event);
    if (events.length >= limit) break;
  }
  return events;
}

/** Every role of the account, default roles included. */
export async function getRoles(args: OnConnection = {}): Promise<Role[]> {
  const roles: Role[] = [];
  for await (const role of (await lookupClient(args.connection)).roles.list({ limit: SCAN_PAGE_SIZE })) roles.push(role);
  return roles;
}

/** One custom provider deployment: status, trigger, and (when the service says) commit, bucket, actor and SCM push. */
export async function getCustomProviderDeployment(args: { id: string } & OnConnection): Promise<CustomProviderDeployment> {
  return (await lookupClient(args.connection)).customProviderDeployments.retrieve(args.id);
}

export interface GetCustomProviderDeploymentsArgs extends OnConnection {
  customProviderId?: string | string[];
  customProviderVersionId?: string | string[];
  /** A filter the SDK sends: the known values only (a record's `status` may hold newer ones). */
  status?: CustomProviderDeploymentStatus | CustomProviderDeploymentStatus[];
  id?: string | string[];
  /** At most this many deployments, newest first (default: all of them). */
  limit?: number;
}

/** Custom provider deployments, newest first: e.g. the deployments of one custom provider. */
export async function getCustomProviderDeployments(args: GetCustomProviderDeploymentsArgs = {}): Promise<CustomProviderDeployment[]> {
  const { limit = Number.POSITIVE_INFINITY, connection, ...filters } = args;
  const deployments: CustomProviderDeployment[] = [];
  if (limit <= 0) return deployments;
  for await (const deployment of (await lookupClient(connection)).customProviderDeployments.list({ ...filters, limit: SCAN_PAGE_SIZE })) {
    deployments.push(deployment);
    if (deployments.length >= limit) break;
  }
  return deployments;
}

/** The build and deploy logs of a custom provider deployment, step by step. */
export async function getCustomProviderDeploymentLogs(args: { id: string } & OnConnection): Promise<CustomProviderDeploymentLogs> {
  return (await lookupClient(args.connection)).customProviderDeployments.retrieveLogs(args.id);
}

export interface GetCustomProviderVersionsArgs extends OnConnection {
  customProviderId?: string | string[];
  /** A filter the SDK sends: the known values only (a record's `status` may hold newer ones). */
  status?: CustomProviderVersionStatus | CustomProviderVersionStatus[];
  customProviderDeploymentId?: string | string[];
}

export async function getCustomProviderVersions(args: GetCustomProviderVersionsArgs = {}): Promise<CustomProviderVersion[]> {
  const { connection, ...filters } = args;
  const versions: CustomProviderVersion[] = [];
  for await (const version of (await lookupClient(connection)).customProviderVersions.list({ ...filters, limit: SCAN_PAGE_SIZE })) versions.push(version);
  return versions;
}

export interface WaitForCustomProviderDeploymentArgs extends OnConnection {
  id: string;
  /** Give up after this long (default 10 minutes). */
  timeoutMs?: number;
  /** Time between polls (default 5 s; each poll is one API call). */
  pollIntervalMs?: number;
}

/**
 * Polls a custom provider deployment until it succeeded; throws with the failing step's logs when it
 * failed or the time is up. Any other status, including one added by a newer service version, is
 * waited out.
 */
export async function waitForCustomProviderDeployment(args: WaitForCustomProviderDeploymentArgs): Promise<CustomProviderDeployment> {
  const client = await lookupClient(args.connection);
  const deadline = Date.now() + (args.timeoutMs ?? 600_000);
  const interval = args.pollIntervalMs ?? 5_000;
  for (;;) {
    const deployment = await client.customProviderDeployments.retrieve(args.id);
    if (deployment.status === "succeeded") return deployment;
    if (deployment.status === "failed") {
      const logs = await client.customProviderDeployments.retrieveLogs(args.id);
      throw new Error(`custom provider deployment ${args.id} failed${describeFailedStep(logs)}`);
    }
    if (Date.now() + interval > deadline) {
      const logs = await client.customProviderDeployments.retrieveLogs(args.id);
      throw new Error(
        `custom provider deployment ${args.id} is still ${deployment.status} after ${Math.round((args.timeoutMs ?? 600_000) / 1000)} s${describeFailedStep(logs)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

function describeFailedStep(logs: CustomProviderDeploymentLogs): string {
  const steps = logs.steps ?? [];
  const step = steps.find((s) => s.status === "failed") ?? steps.find((s) => s.status === "running") ?? steps.at(-1);
  if (!step) return "";
  const lines = (step.logs ?? []).map((line) => `  ${line.timestamp ?? ""} ${line.message ?? ""}`).join("\n");
  return ` at step '${step.name}' (${step.status}):\n${lines}`;
}
