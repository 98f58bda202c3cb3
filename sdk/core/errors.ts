// Every error the client throws, in one place (fastify lib/errors.js style), grouped by where it comes
// from: the caller's configuration, the service's answer, the connection, or the response's shape.
// Each carries the request id when one is known, the method and the path, and never the API key:
// messages and hints pass through redactSecrets in case a server echoes a key back.

import { redactSecrets } from "../internal/redact";

/** Stable codes of errors raised by the client itself (APIError.code holds the service's code). */
export const ClientErrorCodes = {
  MISSING_API_KEY: "ERR_TCS_MISSING_API_KEY",
  MISSING_BASE_URL: "ERR_TCS_MISSING_BASE_URL",
  INVALID_OPTION: "ERR_TCS_INVALID_OPTION",
  /** A base URL in plain http to a host that is not loopback, without `allowInsecureHttp`. */
  INSECURE_BASE_URL: "ERR_TCS_INSECURE_BASE_URL",
  INVALID_ARGUMENT: "ERR_TCS_INVALID_ARGUMENT",
  PUBLISHABLE_KEY: "ERR_TCS_PUBLISHABLE_KEY",
  CONNECTION: "ERR_TCS_CONNECTION",
  TIMEOUT: "ERR_TCS_TIMEOUT",
  ABORTED: "ERR_TCS_ABORTED",
  RETRY_AFTER_TOO_LONG: "ERR_TCS_RETRY_AFTER_TOO_LONG",
  RESPONSE_VALIDATION: "ERR_TCS_RESPONSE_VALIDATION",
} as const;

export interface ErrorContext {
  method?: string;
  /** Path of the request without its query string. */
  path?: string;
  requestId?: string;
  cause?: unknown;
}

/** Base class of every error thrown by the client. */
export class ToolConnectivityError extends Error {
  override name = "ToolConnectivityError";
  /** A stable code: `ERR_TCS_*` for client-side errors, the service's `code` for API errors. */
  readonly code: string;
  readonly method?: string;
  readonly path?: string;
  readonly requestId?: string;

  constructor(message: string, code: string, context: ErrorContext = {}) {
    super(redactSecrets(message), context.cause === undefined ? undefined : { cause: redactCause(context.cause) });
    this.code = code;
    if (context.method !== undefined) this.method = context.method;
    if (context.path !== undefined) this.path = context.path;
    if (context.requestId !== undefined) this.requestId = context.requestId;
  }
}

// ---------------------------------------------------------------------------------------------
// Errors answered by the service (an HTTP status outside 2xx)
// ---------------------------------------------------------------------------------------------

/** One field error of a 422 `validation_failed` answer. */
export interface FieldError {
  code: string;
  message: string;
  path: Array<string | number>;
}

export interface APIErrorInit extends ErrorContext {
  status: number;
  /** The parsed error body, when the service sent JSON. */
  body?: unknown;
  headers: Record<string, string>;
  retryAfterSeconds?: number;
}

/** The service answered with an error status. `code` is the service's machine-readable code. */
export class APIError extends ToolConnectivityError {
  override name = "APIError";
  readonly status: number;
  /** The service's message, for display; branch on `code`. */
  readonly serviceMessage: string;
  readonly hint?: string;
  readonly errors?: FieldError[];
  readonly headers: Record<string, string>;
  /**
   * True when the service may have carried out the request before failing (a 5xx): the caller must
   * reconcile, e.g. look the object up, before trying again.
   */
  readonly mayHaveBeenProcessed: boolean;

  constructor(init: APIErrorInit) {
    const fields = readErrorBody(init.body, init.status);
    super(formatAPIErrorMessage(init.status, fields, init), fields.code, init);
    this.status = init.status;
    this.serviceMessage = redactSecrets(fields.message);
    if (fields.hint !== undefined) this.hint = redactSecrets(fields.hint);
    if (fields.errors !== undefined) {
      this.errors = fields.errors.map((e) => ({ ...e, message: redactSecrets(e.message) }));
    }
    this.headers = init.headers;
    this.mayHaveBeenProcessed = init.status >= 500;
  }

  /** Builds the subclass that matches the status (openai-node style). */
  static generate(init: APIErrorInit): APIError {
    const { status } = init;
    if (status === 400) return new BadRequestError(init);
    if (status === 401) return new AuthenticationError(init);
    if (status === 403) return new PermissionDeniedError(init);
    if (status === 404) return new NotFoundError(init);
    if (status === 422) return new UnprocessableEntityError(init);
    if (status === 429) return new RateLimitError(init);
    if (status >= 500) return new InternalServerError(init);
    return new APIError(init);
  }
}

export class BadRequestError extends APIError {
  override name = "BadRequestError";
}
export class AuthenticationError extends APIError {
  override name = "AuthenticationError";
}
export class PermissionDeniedError extends APIError {
  override name = "PermissionDeniedError";
}
export class NotFoundError extends APIError {
  override name = "NotFoundError";
}
export class UnprocessableEntityError extends APIError {
  override name = "UnprocessableEntityError";
}
export class RateLimitError extends APIError {
  override name = "RateLimitError";
  /** Seconds the service asked to wait (its `Retry-After`), when it said. */
  readonly retryAfterSeconds?: number;
  constructor(init: APIErrorInit) {
    super(init);
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
  }
}
export class InternalServerError extends APIError {
  override name = "InternalServerError";
}

interface ErrorBodyFields {
  code: string;
  message: string;
  hint?: string;
  errors?: FieldError[];
}

/** Reads the service's error envelope, tolerating bodies that are not JSON (a proxy's HTML page). */
function readErrorBody(body: unknown, status: number): ErrorBodyFields {
  const fallback = `http_${status}`;
  if (body === null || typeof body !== "object") {
    const text = typeof body === "string" && body.trim() !== "" ? truncate(body.trim(), 200) : "no error details";
    return { code: fallback, message: text };
  }
  const record = body as Record<string, unknown>;
  const fields: ErrorBodyFields = {
    code: typeof record.code === "string" ? record.code : fallback,
    message: typeof record.message === "string" ? record.message : "no error message",
  };
  if (typeof record.hint === "string" && record.hint !== "") fields.hint = record.hint;
  if (Array.isArray(record.errors)) {
    fields.errors = record.errors.filter(isObject).map((e) => ({
      code: typeof e.code === "string" ? e.code : "invalid",
      message: typeof e.message === "string" ? e.message : "invalid value",
      path: Array.isArray(e.path)
        ? e.path.filter((p): p is string | number => typeof p === "string" || typeof p === "number")
        : [],
    }));
  }
  return fields;
}

/** `422 validation_failed: name must be at most 255 characters (name). Hint: ... [POST /callbacks, request req_...]` */
function formatAPIErrorMessage(status: number, fields: ErrorBodyFields, context: ErrorContext): string {
  let text = `${status} ${fields.code}: ${fields.message}`;
  if (fields.errors && fields.errors.length > 0) {
    const described = fields.errors.map((e) => ({ message: e.message, path: formatFieldPath(e.path) }));
    if (described.every((e) => fields.message.includes(e.message))) {
      const paths = described.map((e) => e.path).filter((p) => p !== "");
      if (paths.length > 0) text += ` (${paths.join(", ")})`;
    } else {
      text += ": " + described.map((e) => (e.path ? `${e.message} (${e.path})` : e.message)).join("; ");
    }
  }
  // The service's messages are sentences that may end in a period of their own.
  if (fields.hint) text = `${text.replace(/\.$/, "")}. Hint: ${fields.hint}`;
  return text + formatContextSuffix(context);
}

export function formatFieldPath(path: Array<string | number>): string {
  return path.reduce<string>(
    (acc, part) => (typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part),
    "",
  );
}

function formatContextSuffix(context: ErrorContext): string {
  const parts: string[] = [];
  if (context.method && context.path) parts.push(`${context.method} ${context.path}`);
  if (context.requestId) parts.push(`request ${context.requestId}`);
  return parts.length > 0 ? ` [${parts.join(", ")}]` : "";
}

// ---------------------------------------------------------------------------------------------
// Errors of the connection (no answer from the service)
// ---------------------------------------------------------------------------------------------

export interface ConnectionErrorInit extends ErrorContext {
  /**
   * True when the whole request was written before the connection failed, so the service may have
   * carried it out: a write the caller must reconcile before trying again.
   */
  mayHaveBeenProcessed: boolean;
  message?: string;
}

/** No answer: the connection could not be made, or broke before a response arrived. */
export class APIConnectionError extends ToolConnectivityError {
  override name = "APIConnectionError";
  readonly mayHaveBeenProcessed: boolean;

  constructor(init: ConnectionErrorInit, code: string = ClientErrorCodes.CONNECTION) {
    const detail = init.message ?? describeCause(init.cause);
    const ambiguity = init.mayHaveBeenProcessed
      ? "; the request was sent, so the service may have processed it"
      : "; the request did not reach the service";
    super(`Connection error: ${detail}${ambiguity}${formatContextSuffix(init)}`, code, init);
    this.mayHaveBeenProcessed = init.mayHaveBeenProcessed;
  }
}

/** The attempt took longer than `timeoutMs`. */
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = "APIConnectionTimeoutError";
  /** How long the attempt waited. */
  readonly timeoutMs: number;
  constructor(init: ConnectionErrorInit & { timeoutMs: number }) {
    super(
      { ...init, message: init.message ?? `request timed out after ${init.timeoutMs} ms` },
      ClientErrorCodes.TIMEOUT,
    );
    this.timeoutMs = init.timeoutMs;
  }
}

/** The caller's AbortSignal fired. */
export class APIUserAbortError extends ToolConnectivityError {
  override name = "APIUserAbortError";
  constructor(context: ErrorContext = {}) {
    super(`Request was aborted${formatContextSuffix(context)}`, ClientErrorCodes.ABORTED, context);
  }
}

// ---------------------------------------------------------------------------------------------
// Waits the client refuses (the service said when to come back, and it is too far off)
// ---------------------------------------------------------------------------------------------

/** What a RetryAfterTooLongError reports. */
export interface RetryAfterTooLongInit extends ErrorContext {
  /** How long the service asked to wait, in ms. */
  retryAfterMs: number;
  /** The longest wait the client accepts (its `maxRetryAfterMs`), in ms. */
  maxRetryAfterMs: number;
  /**
   * The status of the answer that asked (a 429 or 5xx). Absent when no request was sent: an earlier
   * 429 of the same key still holds every request back.
   */
  status?: number;
}

/**
 * The service asked to wait longer than the client's `maxRetryAfterMs` before trying again, so the
 * request fails now instead of waiting: a wait of hours looks like a hang, prints nothing, and keeps
 * a cancelled run (or an orphaned Pulumi plugin) alive. `cause` is the service's own answer (an
 * APIError), when there was one.
 */
export class RetryAfterTooLongError extends ToolConnectivityError {
  override name = "RetryAfterTooLongError";
  /** What the service asked for, in whole seconds (rounded up). */
  readonly retryAfterSeconds: number;
  /** The client's ceiling, in seconds. */
  readonly maxRetryAfterSeconds: number;
  readonly status?: number;
  /** As on APIError: true after a 5xx, whose request the service may have carried out. */
  readonly mayHaveBeenProcessed: boolean;

  constructor(init: RetryAfterTooLongInit) {
    const asked = Math.ceil(init.retryAfterMs / 1000);
    const ceiling = formatSeconds(init.maxRetryAfterMs);
    const what =
      init.status === undefined
        ? `an earlier 429 asked this key to wait ${asked} s more before its next request`
        : `the service asked to retry after ${asked} s (${init.status})`;
    const endpoint = init.method && init.path ? `${init.method} ${init.path}: ` : "";
    const request = init.requestId ? ` [request ${init.requestId}]` : "";
    super(
      `${endpoint}${what}, longer than this client waits (at most ${ceiling} s); try again later${request}`,
      ClientErrorCodes.RETRY_AFTER_TOO_LONG,
      init,
    );
    this.retryAfterSeconds = asked;
    this.maxRetryAfterSeconds = init.maxRetryAfterMs / 1000;
    if (init.status !== undefined) this.status = init.status;
    this.mayHaveBeenProcessed = (init.status ?? 0) >= 500;
  }
}

/** 60000 -> "60", 1500 -> "1.5". */
function formatSeconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(3)));
}

// ---------------------------------------------------------------------------------------------
// Errors of the response's shape
// ---------------------------------------------------------------------------------------------

export interface ValidationIssue {
  path: Array<string | number>;
  message: string;
}

/** A 2xx response did not match the record's schema: the service (or a proxy) sent something else. */
export class ResponseValidationError extends ToolConnectivityError {
  override name = "ResponseValidationError";
  readonly issues: ValidationIssue[];
  constructor(what: string, issues: ValidationIssue[], context: ErrorContext) {
    const listed = issues
      .slice(0, 5)
      .map((i) => `${formatFieldPath(i.path) || "(root)"}: ${i.message}`)
      .join("; ");
    const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : "";
    super(
      `Unexpected response for ${what}: ${listed}${more}${formatContextSuffix(context)}`,
      ClientErrorCodes.RESPONSE_VALIDATION,
      context,
    );
    this.issues = issues;
  }
}

/**
 * A copy of an underlying error (undici's, a socket's) whose texts are redacted, keeping what helps
 * diagnosis: name, code, errno, syscall and the stack.
 */
function redactCause(cause: unknown): unknown {
  if (!isErrorLike(cause)) return typeof cause === "string" ? redactSecrets(cause) : cause;
  const copy = new Error(redactSecrets(cause.message));
  copy.name = cause.name;
  copy.stack = redactSecrets(cause.stack ?? "");
  for (const field of ["code", "errno", "syscall"] as const) {
    const value = (cause as unknown as Record<string, unknown>)[field];
    if (typeof value === "string" || typeof value === "number")
      (copy as unknown as Record<string, unknown>)[field] = value;
  }
  return copy;
}

/**
 * What went wrong underneath, in a few words. Socket errors can come as an AggregateError (one per
 * address tried) with an empty message, so the first inner error and the code are used too.
 */
function describeCause(cause: unknown): string {
  if (!isErrorLike(cause)) return "the connection failed";
  const inner = (cause as { errors?: unknown }).errors;
  if (cause.message === "" && Array.isArray(inner) && inner.length > 0) return describeCause(inner[0]);
  const code = (cause as { code?: unknown }).code;
  const message = cause.message || cause.name;
  return typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message;
}

/**
 * `instanceof Error` is not enough: errors made by Node's internals belong to another realm when
 * the client runs inside a vm context (jest does that), so they are recognised by shape.
 */
function isErrorLike(value: unknown): value is Error {
  return (
    value instanceof Error || (isObject(value) && typeof value.message === "string" && typeof value.name === "string")
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object";
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
