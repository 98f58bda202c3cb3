// Every resource of the API as a table: one row per method, its path, its body or filters, and the
// record it answers with (rest.ts says how a row becomes a method). The params are in params.ts.
import {
  CallbackEventSchema,
  CallbackInstanceSchema,
  CallbackSchema,
  type Callback,
  type CallbackEvent,
  type CallbackInstance,
} from "../schemas/callbacks";
import {
  CustomProviderDeploymentLogsSchema,
  CustomProviderDeploymentSchema,
  CustomProviderVersionSchema,
  type CustomProviderDeployment,
  type CustomProviderDeploymentLogs,
  type CustomProviderVersion,
} from "../schemas/custom-providers";
import { IntegrationSetupSessionSchema, type IntegrationSetupSession } from "../schemas/integration-setup-sessions";
import {
  ProviderConfigSchema,
  ProviderConfigSchemaDocumentSchema,
  type ProviderConfig,
  type ProviderConfigSchema as ConfigSchemaDocument,
} from "../schemas/provider-configs";
import { RoleSchema, type Role } from "../schemas/roles";
import type { RequestCore } from "../internal/request";
import type * as P from "./params";
import { pathId } from "./resource";
import { ask, body, del, get, list, query, reads, resource, send } from "./rest";

const callbackRecord = reads<Callback>(CallbackSchema, "callback");
const callbackInstance = reads<CallbackInstance>(CallbackInstanceSchema, "callback instance");
const callbackEvent = reads<CallbackEvent>(CallbackEventSchema, "callback event");
const providerConfigRecord = reads<ProviderConfig>(ProviderConfigSchema, "provider config");
const configSchemaDocument = reads<ConfigSchemaDocument>(ProviderConfigSchemaDocumentSchema, "provider config schema");
const sessionRecord = reads<IntegrationSetupSession>(IntegrationSetupSessionSchema, "integration setup session");
const roleRecord = reads<Role>(RoleSchema, "role");
const deploymentRecord = reads<CustomProviderDeployment>(CustomProviderDeploymentSchema, "custom provider deployment");
const deploymentLogs = reads<CustomProviderDeploymentLogs>(
  CustomProviderDeploymentLogsSchema,
  "custom provider deployment logs",
);
const versionRecord = reads<CustomProviderVersion>(CustomProviderVersionSchema, "custom provider version");

const callback = (id: string) => `/callbacks/${pathId(id, "callback id")}`;
const instances = (callbackId: string) => `${callback(callbackId)}/instances`;
const instance = (callbackId: string, instanceId: string) =>
  `${instances(callbackId)}/${pathId(instanceId, "callback instance id")}`;
const events = (callbackId: string) => `${callback(callbackId)}/events`;
const providerConfig = (id: string) => `/provider-configs/${pathId(id, "provider config id")}`;
const session = (id: string) => `/integration-setup-sessions/${pathId(id, "integration setup session id")}`;
const role = (id: string) => `/roles/${pathId(id, "role id")}`;
const deployment = (id: string) => `/custom-provider-deployments/${pathId(id, "custom provider deployment id")}`;

/** Events recorded for a callback; read-only. */
export class CallbackEvents extends resource({
  retrieve: get(
    (callbackId: string, eventId: string) => `${events(callbackId)}/${pathId(eventId, "callback event id")}`,
    callbackEvent,
  ),
  list: list(events, query<P.CallbackEventListParams>(), callbackEvent, "list of callback events"),
}) {}

export class CallbackInstances extends resource({
  /** Attaches the callback to a config (and optionally an auth config). */
  create: send("POST", instances, body<P.CallbackInstanceCreateParams>(), callbackInstance),
  retrieve: get(instance, callbackInstance),
  list: list(instances, query<P.CallbackInstanceListParams>(), callbackInstance, "list of callback instances"),
  /** Detaches the instance; it stays readable with status `detached`. Resolves to the record, or to null for an answer with no body (a 204). */
  delete: del(instance, callbackInstance),
}) {}

export class Callbacks extends resource({
  /** Enables callbacks on the integration provider; instances are registered in the background. */
  create: send("POST", () => "/callbacks", body<P.CallbackCreateParams>(), callbackRecord),
  retrieve: get(callback, callbackRecord),
  update: send("PATCH", callback, body<P.CallbackUpdateParams>(), callbackRecord),
  /** Tears the callback down (status `deleted`, instances detached); it stays readable by id. Resolves to the record, or to null (a 204). */
  delete: del(callback, callbackRecord),
  list: list(() => "/callbacks", query<P.CallbackListParams>(), callbackRecord, "list of callbacks"),
}) {
  readonly instances: CallbackInstances;
  readonly events: CallbackEvents;

  constructor(core: RequestCore) {
    super(core);
    this.instances = new CallbackInstances(core);
    this.events = new CallbackEvents(core);
  }
}

export class ProviderConfigs extends resource({
  create: send("POST", () => "/provider-configs", body<P.ProviderConfigCreateParams>(), providerConfigRecord),
  retrieve: get(providerConfig, providerConfigRecord),
  update: send("PATCH", providerConfig, body<P.ProviderConfigUpdateParams>(), providerConfigRecord),
  /** Deletes the config for good (reading it afterwards is a 404); whatever a success carries is not read. */
  delete: del(providerConfig, { schema: null, what: "provider config" }),
  list: list(
    () => "/provider-configs",
    query<P.ProviderConfigListParams>(),
    providerConfigRecord,
    "list of provider configs",
  ),
}) {}

export class ProviderConfigSchemas extends resource({
  /** The JSON Schema of a deployment's configuration. The one call a publishable key may make. */
  retrieve: ask(() => "/provider-config-schema", query<P.ProviderConfigSchemaParams>(), {
    ...configSchemaDocument,
    allowsPublishableKey: true,
  }),
}) {}

/** Setup sessions have no update or delete endpoint. */
export class IntegrationSetupSessions extends resource({
  /** Creates the session and a draft integration instance with it. */
  create: send(
    "POST",
    () => "/integration-setup-sessions",
    body<P.IntegrationSetupSessionCreateParams>(),
    sessionRecord,
  ),
  retrieve: get(session, sessionRecord),
  list: list(
    () => "/integration-setup-sessions",
    query<P.IntegrationSetupSessionListParams>(),
    sessionRecord,
    "list of integration setup sessions",
  ),
}) {}

/** Roles have no delete endpoint; default roles cannot be changed. */
export class Roles extends resource({
  create: send("POST", () => "/roles", body<P.RoleCreateParams>(), roleRecord),
  retrieve: get(role, roleRecord),
  update: send("PUT", role, body<P.RoleUpdateParams>(), roleRecord),
  list: list(() => "/roles", query<P.RoleListParams>(), roleRecord, "list of roles"),
}) {}

/** Read-only. */
export class CustomProviderDeployments extends resource({
  retrieve: get(deployment, deploymentRecord),
  list: list(
    () => "/custom-provider-deployments",
    query<P.CustomProviderDeploymentListParams>(),
    deploymentRecord,
    "list of custom provider deployments",
  ),
  /** Build and deployment logs, step by step. */
  retrieveLogs: get((id: string) => `${deployment(id)}/logs`, deploymentLogs),
}) {}

/** Only the list endpoint is published. */
export class CustomProviderVersions extends resource({
  list: list(
    () => "/custom-provider-versions",
    query<P.CustomProviderVersionListParams>(),
    versionRecord,
    "list of custom provider versions",
  ),
}) {}
