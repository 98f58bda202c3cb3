// Lookups: plain async functions that read from the service while the program runs, returning
// typed records (the SDK's camelCase shapes). They cost API calls on every preview, so use them for
// what the program cannot know otherwise.
// The records are typed from the shapes the real service sends (test/golden/observed-records.md):
// every field but the ids may be null or absent, so read them with `?.` and `??`.
import type {
  CallbackEvent,
  CustomProviderDeployment,
  CustomProviderDeploymentLogs,
  CustomProviderVersion,
  ProviderConfigSchema,
  Role,
} from "../../../sdk";
import { LOOKUPS } from "../../lookups/catalog";
import type * as queries from "../../lookups/queries";
import { lookupClient, type OnConnection } from "./client";

export type { OnConnection };

export interface GetProviderConfigSchemaArgs extends OnConnection, queries.ProviderConfigSchemaQuery {}

/** The JSON schema a provider config's `value` must satisfy (at least one argument is required). */
export async function getProviderConfigSchema(args: GetProviderConfigSchemaArgs): Promise<ProviderConfigSchema> {
  const { connection, ...params } = args;
  return LOOKUPS.getProviderConfigSchema.read(await lookupClient(connection), params);
}

export interface GetCallbackEventsArgs extends OnConnection, queries.CallbackEventsQuery {}

/** The newest events a callback received. */
export async function getCallbackEvents(args: GetCallbackEventsArgs): Promise<CallbackEvent[]> {
  const { connection, ...query } = args;
  return LOOKUPS.getCallbackEvents.read(await lookupClient(connection), query);
}

/** Every role of the account, default roles included. */
export async function getRoles(args: OnConnection = {}): Promise<Role[]> {
  return LOOKUPS.getRoles.read(await lookupClient(args.connection), {});
}

export interface GetCustomProviderDeploymentArgs extends OnConnection {
  /** The deployment to read (`cpd_...`). */
  id: string;
}

/** One custom provider deployment: status, trigger, and (when the service says) commit, bucket, actor and SCM push. */
export async function getCustomProviderDeployment(
  args: GetCustomProviderDeploymentArgs,
): Promise<CustomProviderDeployment> {
  return LOOKUPS.getCustomProviderDeployment.read(await lookupClient(args.connection), args);
}

export interface GetCustomProviderDeploymentsArgs extends OnConnection, queries.CustomProviderDeploymentsQuery {}

/** Custom provider deployments, newest first: e.g. the deployments of one custom provider. */
export async function getCustomProviderDeployments(
  args: GetCustomProviderDeploymentsArgs = {},
): Promise<CustomProviderDeployment[]> {
  const { connection, ...query } = args;
  return LOOKUPS.getCustomProviderDeployments.read(await lookupClient(connection), query);
}

export interface GetCustomProviderDeploymentLogsArgs extends OnConnection {
  /** The deployment whose logs to read (`cpd_...`). */
  id: string;
}

/** The build and deploy logs of a custom provider deployment, step by step. */
export async function getCustomProviderDeploymentLogs(
  args: GetCustomProviderDeploymentLogsArgs,
): Promise<CustomProviderDeploymentLogs> {
  return LOOKUPS.getCustomProviderDeploymentLogs.read(await lookupClient(args.connection), args);
}

export interface GetCustomProviderVersionsArgs extends OnConnection, queries.CustomProviderVersionsQuery {}

/** Custom provider versions, newest first: e.g. the versions of one custom provider, or those a deployment built. */
export async function getCustomProviderVersions(
  args: GetCustomProviderVersionsArgs = {},
): Promise<CustomProviderVersion[]> {
  const { connection, ...filters } = args;
  return LOOKUPS.getCustomProviderVersions.read(await lookupClient(connection), filters);
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
export async function waitForCustomProviderDeployment(
  args: WaitForCustomProviderDeploymentArgs,
): Promise<CustomProviderDeployment> {
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
