// What each method sends: a write's body and a list's filters. A body is derived from the SDK's record
// (sdk/schemas/): every field of the record but those only the service writes, as the record types it,
// so a field added to a record is a parameter of its create and update with no edit here. Each params
// type names what the record cannot say: which fields a write requires, which the service alone writes,
// and the fields a request spells differently from the record (an id where the record holds a preview).
import type { DateRange, ListParams, OneOrMany } from "../schemas/common";
import type { Callback, CallbackInstanceStatus, CallbackStatus } from "../schemas/callbacks";
import type { CustomProviderDeploymentStatus, CustomProviderVersionStatus } from "../schemas/custom-providers";
import type { IntegrationSetupSession, IntegrationSetupSessionStatus } from "../schemas/integration-setup-sessions";
import type { ProviderConfig } from "../schemas/provider-configs";
import type { Role } from "../schemas/roles";

/** A record's own fields, without the index signature a loose object adds (fields a newer service sends). */
type Declared<R> = { [K in keyof R as string extends K ? never : K]: R[K] };

/** Fields of every record that no request sends. */
type RecordOnly = "object" | "id" | "createdAt" | "updatedAt";

/**
 * A body taken from record `R`: `Required` fields must be sent, the others may be, and with `Nullable`
 * an optional field takes null too (a PATCH clears it). `NotSent` names the fields only the service
 * writes, and those a request spells differently (declared beside, in the params interface).
 */
export type BodyOf<
  R,
  Required extends keyof Declared<R>,
  NotSent extends keyof Declared<R>,
  Nullable extends boolean = false,
> = {
  [K in keyof Declared<R> as K extends Required | NotSent | RecordOnly ? never : K]?:
    NonNullable<Declared<R>[K]> | (Nullable extends true ? null : never);
} & { [K in keyof Declared<R> as K extends Required ? K : never]-?: NonNullable<Declared<R>[K]> };

// Roles: a PUT replaces the role whole, so an update takes what a create does.
export type RoleCreateParams = BodyOf<Role, "name" | "slug" | "permissions", "isDefault">;
/** A full replacement (PUT): every field but description is required. */
export type RoleUpdateParams = RoleCreateParams;

// Callbacks: everything else derives from the integration provider, which only a create names.
type CallbackServiceFields = "status" | "integrationId" | "providerId";
export type CallbackCreateParams = BodyOf<Callback, "integrationProviderId", CallbackServiceFields, true>;
/** Only these fields can change; everything else derives from the integration provider. */
export type CallbackUpdateParams = BodyOf<Callback, never, CallbackServiceFields | "integrationProviderId", true>;

/** The record holds the config and auth config as previews; a create names them by id. */
export interface CallbackInstanceCreateParams {
  /** An active config of the callback's provider. */
  providerConfigId: string;
  providerAuthConfigId?: string;
}

/** The request form of a tool filter; the record's `toolFilter` adds `ignoreParentFilters`. */
export type ToolFiltersParam = { type: "allow_all" } | { type: "tool_keys"; keys: string[] };
/** The service's own fields, and those the record holds as previews or in another form (sent below by id). */
type ProviderConfigNotSent = "status" | "isDefault" | "specificationId" | "toolFilter" | "deployment" | "fromVault";

export interface ProviderConfigCreateParams extends BodyOf<ProviderConfig, "providerId", ProviderConfigNotSent, true> {
  /** Default: the provider's default deployment. Naming one locks the config to it. */
  providerDeploymentId?: string;
  /** Provider-specific values, validated against the deployment's config schema; never returned. */
  value?: Record<string, unknown>;
  /** A saved vault used as template; `value` overrides its values. One of the two is required. */
  providerConfigVaultId?: string;
  toolFilters?: ToolFiltersParam;
}

export interface ProviderConfigUpdateParams extends BodyOf<
  ProviderConfig,
  never,
  ProviderConfigNotSent | "providerId",
  true
> {
  toolFilters?: ToolFiltersParam;
}

export interface IntegrationSetupSessionCreateParams extends BodyOf<
  IntegrationSetupSession,
  "integrationId" | "name",
  "status" | "url" | "integrationInstance" | "expiresAt"
> {
  /** Never returned by the API. */
  identityActorId?: string | null;
  /** Never returned by the API. */
  identityId?: string | null;
  /** Default 24 h ahead; at most 7 days ahead. */
  expiresAt?: string | Date;
}

/** At least one is required (the service answers 400 otherwise). */
export interface ProviderConfigSchemaParams {
  providerId?: string;
  providerConfigId?: string;
  providerVersionId?: string;
  providerDeploymentId?: string;
}

export interface RoleListParams extends ListParams {
  id?: OneOrMany;
  slug?: OneOrMany;
}

export interface CallbackListParams extends ListParams {
  id?: OneOrMany;
  integrationId?: OneOrMany;
  integrationProviderId?: OneOrMany;
  providerId?: OneOrMany;
  /** Deleted callbacks are listed only when asked for. */
  status?: OneOrMany<CallbackStatus>;
  createdAt?: DateRange;
  updatedAt?: DateRange;
}

export interface CallbackInstanceListParams extends ListParams {
  id?: OneOrMany;
  status?: OneOrMany<CallbackInstanceStatus>;
  providerConfigId?: OneOrMany;
  providerAuthConfigId?: OneOrMany;
  createdAt?: DateRange;
  updatedAt?: DateRange;
}

export interface CallbackEventListParams extends ListParams {
  id?: OneOrMany;
  /** Provider event type. */
  type?: OneOrMany;
  sourceId?: OneOrMany;
}

export interface ProviderConfigListParams extends ListParams {
  status?: OneOrMany<"active" | "archived">;
  id?: OneOrMany;
  providerId?: OneOrMany;
  providerSpecificationId?: OneOrMany;
  providerDeploymentId?: OneOrMany;
  providerConfigVaultId?: OneOrMany;
  actorId?: OneOrMany;
  consumerId?: OneOrMany;
  identityId?: OneOrMany;
  identityCredentialId?: OneOrMany;
  /** Only configs not owned by another integration instance provider. */
  availableForUse?: boolean;
  /** Only configs not locked to a different deployment. */
  availableForProviderDeploymentId?: string;
  /** Case-insensitive substring of name or description. */
  search?: string;
}

export interface IntegrationSetupSessionListParams extends ListParams {
  status?: OneOrMany<IntegrationSetupSessionStatus>;
  id?: OneOrMany;
  integrationId?: OneOrMany;
  integrationInstanceId?: OneOrMany;
  createdAt?: DateRange;
  updatedAt?: DateRange;
}

export interface CustomProviderDeploymentListParams extends ListParams {
  status?: OneOrMany<CustomProviderDeploymentStatus>;
  id?: OneOrMany;
  customProviderVersionId?: OneOrMany;
  customProviderId?: OneOrMany;
  createdAt?: DateRange;
  updatedAt?: DateRange;
}

export interface CustomProviderVersionListParams extends ListParams {
  status?: OneOrMany<CustomProviderVersionStatus>;
  id?: OneOrMany;
  /** The provider, provider version and deployment filters match providers connected to sessions. */
  providerId?: OneOrMany;
  providerVersionId?: OneOrMany;
  customProviderId?: OneOrMany;
  customProviderDeploymentId?: OneOrMany;
  customProviderEnvironmentId?: OneOrMany;
  createdAt?: DateRange;
  updatedAt?: DateRange;
}
