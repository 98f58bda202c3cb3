// What each lookup reads from the service, given a client: shared by the program's lookups (the
// dynamic door, dynamic/lookups) and the native door's functions (native/invoke.ts), which differ
// only in where the client comes from.
import type {
  CallbackEvent,
  CustomProviderDeployment,
  CustomProviderDeploymentLogs,
  CustomProviderDeploymentStatus,
  CustomProviderVersion,
  CustomProviderVersionStatus,
  ProviderConfigSchema,
  Role,
  ToolConnectivityClient,
} from "../../sdk";
import { SCAN_PAGE_SIZE } from "../page-size";

export interface ProviderConfigSchemaQuery {
  /** A provider (`prov_...`): the schema of its default deployment. */
  providerId?: string;
  /** A provider deployment (`pdep_...`): the schema of its configuration. */
  providerDeploymentId?: string;
  /** A provider config (`pcfg_...`): the schema of its deployment's configuration. */
  providerConfigId?: string;
  /** A provider version: the schema of its configuration. */
  providerVersionId?: string;
}

/** The JSON schema a provider config's `value` must satisfy (at least one argument is required). */
export async function providerConfigSchema(
  client: ToolConnectivityClient,
  params: ProviderConfigSchemaQuery,
): Promise<ProviderConfigSchema> {
  if (!params.providerId && !params.providerDeploymentId && !params.providerConfigId && !params.providerVersionId) {
    throw new Error(
      "getProviderConfigSchema needs one of providerId, providerDeploymentId, providerConfigId or providerVersionId",
    );
  }
  return client.providerConfigSchema.retrieve(params);
}

export interface CallbackEventsQuery {
  /** The callback (`cb_...`) whose events to read. */
  callbackId: string;
  /** Only events of these provider event types. */
  type?: string | string[];
  /** Only events from these provider-specific sources. */
  sourceId?: string | string[];
  /** At most this many events, newest first (default 100). */
  limit?: number;
}

/** The newest events a callback received. */
export async function callbackEvents(
  client: ToolConnectivityClient,
  args: CallbackEventsQuery,
): Promise<CallbackEvent[]> {
  const limit = args.limit ?? 100;
  const events: CallbackEvent[] = [];
  for await (const event of client.callbacks.events.list(args.callbackId, {
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
export async function roles(client: ToolConnectivityClient): Promise<Role[]> {
  const found: Role[] = [];
  for await (const role of client.roles.list({ limit: SCAN_PAGE_SIZE })) found.push(role);
  return found;
}

export interface CustomProviderDeploymentsQuery {
  /** Only the deployments of these custom providers. */
  customProviderId?: string | string[];
  /** Only the deployments of these custom provider versions (`cpv_...`). */
  customProviderVersionId?: string | string[];
  /**
   * Only deployments in these statuses: `queued`, `deploying`, `succeeded` or `failed` (the values this
   * SDK knows; a record's `status` may hold newer ones).
   */
  status?: CustomProviderDeploymentStatus | CustomProviderDeploymentStatus[];
  /** Only these deployments (`cpd_...`). */
  id?: string | string[];
  /** At most this many deployments, newest first (default: all of them). */
  limit?: number;
}

/** Custom provider deployments, newest first: e.g. the deployments of one custom provider. */
export async function customProviderDeployments(
  client: ToolConnectivityClient,
  args: CustomProviderDeploymentsQuery,
): Promise<CustomProviderDeployment[]> {
  const { limit = Number.POSITIVE_INFINITY, ...filters } = args;
  const deployments: CustomProviderDeployment[] = [];
  if (limit <= 0) return deployments;
  for await (const deployment of client.customProviderDeployments.list({ ...filters, limit: SCAN_PAGE_SIZE })) {
    deployments.push(deployment);
    if (deployments.length >= limit) break;
  }
  return deployments;
}

/** The build and deploy logs of a custom provider deployment, step by step. */
export function customProviderDeploymentLogs(
  client: ToolConnectivityClient,
  id: string,
): Promise<CustomProviderDeploymentLogs> {
  return client.customProviderDeployments.retrieveLogs(id);
}

export interface CustomProviderVersionsQuery {
  /** Only the versions of these custom providers. */
  customProviderId?: string | string[];
  /**
   * Only versions in these statuses: `queued`, `deploying`, `deployment_succeeded` or `deployment_failed`
   * (the values this SDK knows; a record's `status` may hold newer ones).
   */
  status?: CustomProviderVersionStatus | CustomProviderVersionStatus[];
  /** Only the versions these deployments (`cpd_...`) built. */
  customProviderDeploymentId?: string | string[];
}

export async function customProviderVersions(
  client: ToolConnectivityClient,
  filters: CustomProviderVersionsQuery,
): Promise<CustomProviderVersion[]> {
  const versions: CustomProviderVersion[] = [];
  for await (const version of client.customProviderVersions.list({ ...filters, limit: SCAN_PAGE_SIZE }))
    versions.push(version);
  return versions;
}
