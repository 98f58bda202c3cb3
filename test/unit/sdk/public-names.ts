// The public surface of pulumi-tcs/sdk, name by name (sdk/README.md, "Public API"). A name added to
// sdk/index.ts must be added here on purpose; internals (sdk/internal/) never are.

/** Names with a value at run time: what `require("pulumi-tcs/sdk")` holds. */
export const SDK_VALUE_EXPORTS = [
  "APIConnectionError", "APIConnectionTimeoutError", "APIError", "APIUserAbortError",
  "AuthenticationError", "BadRequestError", "BucketSchema", "CALLBACK_EVENT_DELIVERY_STATUSES",
  "CALLBACK_EVENT_STATUSES", "CALLBACK_INSTANCE_STATUSES", "CALLBACK_STATUSES", "CUSTOM_PROVIDER_DEPLOYMENT_STATUSES",
  "CUSTOM_PROVIDER_VERSION_STATUSES", "CallbackEventSchema", "CallbackInstanceSchema", "CallbackInstanceTriggerSchema",
  "CallbackSchema", "ClientErrorCodes", "CustomProviderActorPreviewSchema", "CustomProviderDeploymentCommitSchema",
  "CustomProviderDeploymentLogsSchema", "CustomProviderDeploymentSchema", "CustomProviderVersionEnvironmentSchema", "CustomProviderVersionSchema",
  "DEFAULT_MAX_CONCURRENCY", "DEFAULT_MAX_RETRIES", "DEFAULT_SERVICE_VERSION", "DEFAULT_TIMEOUT_MS",
  "DeploymentLogLineSchema", "DeploymentLogStepSchema", "INTEGRATION_SETUP_SESSION_STATUSES", "IntegrationInstancePreviewSchema",
  "IntegrationSetupSessionSchema", "InternalServerError", "JsonSchemaEnvelopeSchema", "NotFoundError",
  "PROVIDER_CONFIG_STATUSES", "PagePromise", "PermissionDeniedError", "PreviewSchema",
  "ProviderConfigSchema", "ProviderConfigSchemaDocumentSchema", "ProviderConfigVaultSchema", "ProviderDeploymentPreviewSchema",
  "ProviderTriggerSchema", "RateLimitError", "ResponseValidationError", "RoleSchema",
  "ScmProviderSchema", "ScmPushSchema", "ScmRepositorySchema", "TIER_WARNING_CODE",
  "ToolConnectivityClient", "ToolConnectivityError", "ToolFilterSchema", "UnprocessableEntityError",
] as const;

/** Names that exist only as types (interfaces and type aliases). */
export const SDK_TYPE_EXPORTS = [
  "APIErrorInit", "Callback", "CallbackCreateParams", "CallbackEvent",
  "CallbackEventListParams", "CallbackInstance", "CallbackInstanceCreateParams", "CallbackInstanceListParams",
  "CallbackInstanceStatus", "CallbackInstanceTrigger", "CallbackListParams", "CallbackStatus",
  "CallbackUpdateParams", "ClientOptions", "ConnectionErrorInit", "CustomProviderDeployment",
  "CustomProviderDeploymentListParams", "CustomProviderDeploymentLogs", "CustomProviderDeploymentStatus", "CustomProviderVersion",
  "CustomProviderVersionListParams", "CustomProviderVersionStatus", "DateRange", "DeploymentLogLine",
  "DeploymentLogStep", "ErrorContext", "FieldError", "IntegrationInstancePreview",
  "IntegrationSetupSession", "IntegrationSetupSessionCreateParams", "IntegrationSetupSessionListParams", "IntegrationSetupSessionStatus",
  "ListParams", "OneOrMany", "OpenEnum", "Page",
  "Preview", "ProviderConfig", "ProviderConfigCreateParams", "ProviderConfigListParams",
  "ProviderConfigSchemaParams", "ProviderConfigStatus", "ProviderConfigUpdateParams", "ProviderConfigVault",
  "ProviderDeploymentPreview", "ProviderTrigger", "RateLimitTier", "RequestOptions",
  "Role", "RoleCreateParams", "RoleListParams", "RoleUpdateParams",
  "ScmRepository", "TierBelowServiceNotice", "ToolFilter", "ToolFiltersParam",
  "ValidationIssue", "WindowLimit",
] as const;
