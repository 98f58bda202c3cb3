// Written by `npm run codegen` (codegen/gen-from-shapes.ts) from provider/shapes: do not edit.
// Each resource's fields under their descriptions, each input's ending with what a change of it does
// (its onChange rule): what the dynamic door's classes show in a program's editor (shape.ts FieldDocs).

export interface CallbackFieldDocs {
  /** The integration provider whose events the callback receives (`intp_...`). Changing it replaces the callback. */
  integrationProviderId: unknown;
  /** The callback's display name, 1 to 255 characters; null when not set. Changes in place. */
  name: unknown;
  /** What the callback is for, at most 2000 characters; null when not set. Changes in place. */
  description: unknown;
  /**
   * Key-value data of your own: at most 49 keys of 1 to 40 characters (the service's 50th is kept for the
   * provider's create marker, `pulumi_tcs_create_token`), each value at most 500 characters of JSON. Changes in
   * place.
   */
  metadata: unknown;
  /** `active`, `archived` (replaced on the next up) or `deleted`; a newer service version may add others. */
  status: unknown;
  /** The integration (`int_...`) of the integration provider, as the service derives it; null when the service does not say. */
  integrationId: unknown;
  /** The provider (`prov_...`) of the integration provider, as the service derives it; null when the service does not say. */
  providerId: unknown;
  /** When the callback was created: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
  createdAt: unknown;
  /** When the callback was last changed, as an ISO 8601 date-time in UTC; null when the service does not say. */
  updatedAt: unknown;
}

export interface CallbackInstanceFieldDocs {
  /** The callback to attach (`cb_...`). Changing it replaces the instance. */
  callbackId: unknown;
  /** An active provider config of the callback's provider (`pcfg_...`). Changing it replaces the instance. */
  providerConfigId: unknown;
  /** An auth config of that provider (`pac_...`); null when none. Changing it replaces the instance. */
  providerAuthConfigId: unknown;
  /** `attached`; a `detached` instance counts as gone (the next up attaches a new one). A newer service version may add other values. */
  status: unknown;
  /** The provider deployment (`pdep_...`) the instance is attached to, that of its provider config; null when the service does not say. */
  deploymentId: unknown;
  /** Shared webhook URL for manual provider setup: whoever holds it can post events to the callback (a capability: secret). Null when there is none. */
  webhookUrl: unknown;
  /**
   * The trigger registrations the service resolved for the instance, without the provider trigger's schemas (state
   * stays small) or webhook URLs; null when the service does not say.
   */
  triggers: unknown;
  /** When the instance was created: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
  createdAt: unknown;
  /** When the instance was last changed, as an ISO 8601 date-time in UTC; null when the service does not say. */
  updatedAt: unknown;
}

export interface ProviderConfigFieldDocs {
  /** The provider whose deployment the config is for (`prov_...`). Changing it replaces the config. */
  providerId: unknown;
  /** The provider deployment (`pdep_...`); the provider's default deployment when absent. Changing it replaces the config. */
  providerDeploymentId: unknown;
  /**
   * A saved config vault (`pcvt_...`) of the same provider used as a template, `value` overriding its values; null
   * when the config was made from values alone. Changing it replaces the config.
   */
  providerConfigVaultId: unknown;
  /**
   * Provider-specific settings, an object validated against the deployment's config schema (see
   * `getProviderConfigSchema`); a new config needs `value`, `providerConfigVaultId` or both. Secret, and never
   * returned by the API: it is kept from state and not checked for drift. Changing it replaces the config.
   */
  value: unknown;
  /** Which tools the config exposes: `{ type: "allow_all" }` (the default) or `{ type: "tool_keys", keys: [...] }`. Changes in place. */
  toolFilters: unknown;
  /** The config's display name, 1 to 255 characters; null when not set. Changes in place. */
  name: unknown;
  /** What the config is for, at most 2000 characters; null when not set. Changes in place. */
  description: unknown;
  /**
   * Key-value data of your own: at most 49 keys of 1 to 40 characters (the service's 50th is kept for the
   * provider's create marker, `pulumi_tcs_create_token`), each value at most 500 characters of JSON. Changes in
   * place.
   */
  metadata: unknown;
  /** `active`, `archived` or `deleted` (gone); a newer service version may add others. Null when the service does not say. */
  status: unknown;
  /** Whether the service marks the config as a default one; null when the service does not say. */
  isDefault: unknown;
  /** The provider specification whose config schema the settings follow; null when the service does not say. */
  specificationId: unknown;
  /** When the config was created: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
  createdAt: unknown;
  /** When the config was last changed, as an ISO 8601 date-time in UTC; null when the service does not say. */
  updatedAt: unknown;
}

export interface RoleFieldDocs {
  /** The role's display name, 1 to 255 characters. Changes in place. */
  name: unknown;
  /**
   * The role's identifier, unique in the account: lowercase letters and digits, words joined by single `-` or `_`
   * (e.g. `support-agents`), at most 64 characters. Changes in place.
   */
  slug: unknown;
  /** Permission identifiers from the account's catalog (e.g. `thread_create`, `thread_read`), each listed once; order does not matter. Changes in place. */
  permissions: unknown;
  /** What the role is for, at most 2000 characters; null when not set, and removing it clears it. Changes in place. */
  description: unknown;
  /** Whether the role is one of the account's default roles, which the service makes and which cannot be changed; null when the service does not say. */
  isDefault: unknown;
  /** When the role was created: an ISO 8601 date-time in UTC with milliseconds (e.g. `2026-11-21T10:00:00.000Z`); null when the service does not say. */
  createdAt: unknown;
  /** When the role was last changed, as an ISO 8601 date-time in UTC; null when the service does not say. */
  updatedAt: unknown;
}

export interface IntegrationSetupSessionFieldDocs {
  /** The integration to set up (`int_...`). Changing it replaces the session. */
  integrationId: unknown;
  /** The session's name, 1 to 255 characters. Changing it replaces the session. */
  name: unknown;
  /** What the session is for, at most 2000 characters; null when not set. Changing it replaces the session. */
  description: unknown;
  /**
   * Key-value data of your own: at most 49 keys of 1 to 40 characters (the service's 50th is kept for the
   * provider's create marker, `pulumi_tcs_create_token`), each value at most 500 characters of JSON. Changing it
   * replaces the session.
   */
  metadata: unknown;
  /**
   * The actor the integration is set up for, 1 to 255 characters; null when not set. Never returned by the API:
   * kept from state as declared. Changing it replaces the session.
   */
  identityActorId: unknown;
  /**
   * The identity the integration is set up for, 1 to 255 characters; null when not set. Never returned by the API:
   * kept from state as declared. Changing it replaces the session.
   */
  identityId: unknown;
  /** When the link stops working: an ISO 8601 date-time in the future, at most 7 days ahead. Default: 24 h after creation. Changing it replaces the session. */
  expiresAt: unknown;
  /** Where the setup page sends the user afterwards: an absolute `https://` URL (`http://` only for localhost). Changing it replaces the session. */
  redirectUrl: unknown;
  /**
   * Settings handed to the integration's setup: an object, at most 32 levels deep and 20000 characters of JSON
   * (the service's limits). Changing it replaces the session.
   */
  configuration: unknown;
  /**
   * Replace the session on the next up once it has expired (seen by refresh). Default false. Only the provider
   * reads it: changing it sends nothing to the service.
   */
  replaceWhenExpired: unknown;
  /** The setup link: whoever holds it can complete the setup. Secret. */
  url: unknown;
  /**
   * `pending`, `successful`, `expired` (a pending session past `expiresAt`), `archived` or `deleted` (gone); a
   * newer service version may add others. Null when the service does not say.
   */
  status: unknown;
  /**
   * The draft integration instance the session created: `id`, `status` (`draft` until the setup completes, then
   * `active`), `integrationId` and its timestamps. Null when the service does not say.
   */
  integrationInstance: unknown;
  /** When the session was created: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
  createdAt: unknown;
  /** When the session was last changed, as an ISO 8601 date-time in UTC; null when the service does not say. */
  updatedAt: unknown;
}
