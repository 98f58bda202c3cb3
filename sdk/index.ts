// Typed client of the Tool Connectivity Service API: the public surface of pulumi-tcs/sdk. The client,
// its options, the resources' parameters, the records, the errors, pagination and the retry loop.
// Everything else (transport, agents, casing, query strings, the retry rules, rate limiting, logging,
// redaction) lives in internal/ and is not exported: test/unit/sdk/public-surface.test.ts holds the
// list of names.

export { ToolConnectivityClient } from "./client";

export type {
  ClientOptions,
  RequestOptions,
  RateLimitTier,
  RateLimitWait,
  WindowLimit,
  TierBelowServiceNotice,
} from "./core/options";
export {
  DEFAULT_MAX_CONCURRENCY,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_SERVICE_VERSION,
  DEFAULT_TIMEOUT_MS,
  TIER_LIMITS,
  TIER_WARNING_CODE,
} from "./core/options";

export {
  ClientErrorCodes,
  ToolConnectivityError,
  APIError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  RetryAfterTooLongError,
  ResponseValidationError,
  type ErrorContext,
  type FieldError,
  type APIErrorInit,
  type ConnectionErrorInit,
  type RetryAfterTooLongInit,
  type ValidationIssue,
} from "./core/errors";

export { PagePromise, type Page } from "./core/pagination";

// The retry loop every request goes through and its backoff, for a caller's own operation (the
// provider's creates: sent again only once the create is known to have made nothing).
export { retrying, backoffDelay, type BackoffPolicy, type RetryVerdict, type RetryingOptions } from "./core/retrying";

// Records: each one's zod schema and type. The building blocks the schemas are made of (openEnum,
// maybe, ...) stay unexported.
export {
  JsonSchemaEnvelopeSchema,
  PreviewSchema,
  type Preview,
  type OpenEnum,
  type OneOrMany,
  type DateRange,
  type ListParams,
} from "./schemas/common";
export * from "./schemas/callbacks";
export * from "./schemas/provider-configs";
export * from "./schemas/integration-setup-sessions";
export * from "./schemas/roles";
export * from "./schemas/custom-providers";

export type {
  CallbackCreateParams,
  CallbackUpdateParams,
  CallbackListParams,
  CallbackInstanceCreateParams,
  CallbackInstanceListParams,
  CallbackEventListParams,
  ProviderConfigCreateParams,
  ProviderConfigUpdateParams,
  ProviderConfigListParams,
  ToolFiltersParam,
  ProviderConfigSchemaParams,
  IntegrationSetupSessionCreateParams,
  IntegrationSetupSessionListParams,
  RoleCreateParams,
  RoleUpdateParams,
  RoleListParams,
  CustomProviderDeploymentListParams,
  CustomProviderVersionListParams,
} from "./resources/params";
