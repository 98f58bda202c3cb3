// Every error the emulator can answer with, in one catalog grouped by status (fastify lib/errors.js
// style). Handlers throw `ApiError`s built from this catalog; the server turns them into the
// contract's envelope: { object: "error", status, code, message, hint?, errors? }.

export interface FieldError {
  code: FieldErrorCode;
  message: string;
  path: (string | number)[];
}

export const ERROR_CATALOG = {
  // 400: the request cannot be served as sent
  invalid_request: { status: 400, message: "The request is invalid." },
  invalid_action: { status: 400, message: "The action is not allowed in the record's current state." },
  unsupported_version: { status: 400, message: "The requested Service-Version is not supported." },
  callbacks_not_supported: {
    status: 400,
    message: "The provider of this integration provider does not support callbacks.",
  },
  // 401 / 403: who is calling
  unauthorized: { status: 401, message: "A valid API key is required." },
  forbidden: { status: 403, message: "The API key lacks permission for this resource." },
  // 404: nothing there (unknown routes and other environments' records included)
  not_found: { status: 404, message: "No such resource." },
  // 422: the body is well-formed JSON but its content is not acceptable
  validation_failed: { status: 422, message: "Validation failed." },
  already_exists: { status: 422, message: "The record already exists." },
  // 429: too many requests
  rate_limited: { status: 429, message: "Rate limit exceeded." },
  // 5xx: our fault (or an injected fault)
  internal_error: { status: 500, message: "An unexpected error occurred." },
  service_unavailable: { status: 503, message: "The service is temporarily unavailable." },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOG;

/** Codes of the entries of a 422's `errors` array. */
export const FIELD_ERROR_CODES = [
  "required",
  "invalid_type",
  "invalid_value",
  "invalid_format",
  "too_long",
  "too_short",
  "too_small",
  "too_large",
  "too_many_keys",
  "unknown_field",
  "not_updatable",
  "not_found",
  "duplicate",
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export class ApiError extends Error {
  readonly status: number;
  /** A catalog code; only injected faults may carry another. */
  readonly code: ErrorCode | (string & {});
  readonly hint?: string;
  readonly errors?: FieldError[];
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message?: string,
    extra: { hint?: string; errors?: FieldError[]; headers?: Record<string, string>; status?: number } = {},
  ) {
    super(message ?? ERROR_CATALOG[code].message);
    this.code = code;
    this.status = extra.status ?? ERROR_CATALOG[code].status;
    this.hint = extra.hint;
    this.errors = extra.errors;
    this.headers = extra.headers ?? {};
  }

  /** An error a fault rule asked for: any status, any code. */
  static injected(status: number, code: string, message: string, headers: Record<string, string>): ApiError {
    const error = new ApiError("internal_error", message, { status, headers });
    (error as { code: string }).code = code;
    return error;
  }

  toBody(): Record<string, unknown> {
    const body: Record<string, unknown> = {
      object: "error",
      status: this.status,
      code: this.code,
      message: this.message,
    };
    if (this.hint !== undefined) body.hint = this.hint;
    if (this.errors !== undefined) body.errors = this.errors;
    return body;
  }
}

/** The catalog code that best names a bare status (used by fault rules that give only a status). */
export function codeForStatus(status: number): string {
  for (const [code, entry] of Object.entries(ERROR_CATALOG)) if (entry.status === status) return code;
  return status >= 500 ? "internal_error" : "invalid_request";
}

// Builders for the errors handlers raise most, so messages read the same everywhere.
export const errors = {
  notFound: (what: string, id: string) =>
    new ApiError("not_found", `No ${what} with id ${JSON.stringify(truncate(id))} exists in this environment.`),
  routeNotFound: (method: string, path: string) =>
    new ApiError("not_found", `No route matches ${method} ${truncate(path, 120)}.`, {
      hint: "See the Endpoints part of the API spec for the available routes.",
    }),
  invalidRequest: (message: string, errors?: FieldError[], hint?: string) =>
    new ApiError("invalid_request", message, { errors, hint }),
  invalidAction: (message: string, hint?: string) => new ApiError("invalid_action", message, { hint }),
  callbacksNotSupported: (providerName: string) =>
    new ApiError(
      "callbacks_not_supported",
      `The ${providerName} provider does not support callbacks: its type reports triggers as disabled.`,
      {
        hint: "Create callbacks only for integration providers whose provider supports triggers.",
      },
    ),
  /** `scope` completes "<id> already exists for ..." so the hint carries the bare existing id. */
  alreadyExists: (message: string, existingId: string, scope: string, path: (string | number)[]) =>
    new ApiError("already_exists", message, {
      hint: `${existingId} already exists for ${scope}; reuse it or remove it first.`,
      errors: [{ code: "duplicate", message, path }],
    }),
  validation: (fieldErrors: FieldError[]) =>
    new ApiError(
      "validation_failed",
      `Validation failed: ${fieldErrors.map((e) => `${formatPath(e.path)} ${e.message}`).join("; ")}.`,
      {
        errors: fieldErrors,
      },
    ),
};

export function formatPath(path: (string | number)[]): string {
  if (path.length === 0) return "body";
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
}

function truncate(value: string, max = 60): string {
  return value.length > max ? `${value.slice(0, max)}...` : value;
}
