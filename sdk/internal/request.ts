// The request core every resource method goes through (openai-node style): key checks, the shared
// gate (rate limit and concurrency), one attempt at a time over undici, retries by the rules of
// retry.ts, one debug line per attempt, and the answer turned into a typed record or an error.

import { performance } from "node:perf_hooks";
import type { Dispatcher } from "undici";
import type { z } from "zod";
import { sharedAgent } from "./agents";
import { fromWire, toWire } from "./casing";
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  ClientErrorCodes,
  ResponseValidationError,
  RetryAfterTooLongError,
  ToolConnectivityError,
  type ErrorContext,
} from "../core/errors";
import { DebugLogger } from "./logger";
import { buildQueryString } from "./query";
import { sharedGate, TIER_LIMITS, windowForTier, type GatePolicy, type RequestGate } from "./rate-limiter";
import { decideRetry, parseRetryAfter, type RetryDecision } from "./retry";
import { readRateLimitHeaders } from "./server-quota";
import { warnTierBelowService } from "./tier-warning";
import { AttemptFailed, sendAttempt, type AttemptResponse } from "./transport";
import type { RequestOptions } from "../core/options";
import type { ResolvedOptions } from "./resolve-options";
import { SDK_VERSION } from "../version";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestSpec<S extends z.ZodType | null> {
  method: HttpMethod;
  /** Path below the base URL, ids already encoded, without query string. */
  path: string;
  /** camelCase list parameters (see query.ts). */
  query?: object;
  /** camelCase body, converted to snake_case on the way out. */
  body?: object;
  /** The response's schema, or null when the body is not read. */
  schema: S;
  /** What the response is, for error messages ("callback", "list of roles"). */
  what: string;
  /** The one operation a publishable key may call (contract: GET /provider-config-schema). */
  allowsPublishableKey?: boolean;
  /**
   * A success with no body (a 204, or a 200 with nothing in it) resolves to null instead of failing
   * the schema: what a DELETE may answer (docs/contract-decisions.md, "Deletes").
   */
  emptyBodyIsNull?: boolean;
}

export type SpecResult<S extends z.ZodType | null> = S extends z.ZodType ? z.output<S> : void;

const PUBLISHABLE_PREFIX = "service_pk_";

/** The window the service's per-key limits (and its RateLimit-Limit) are published for. */
const PUBLISHED_WINDOW_MS = TIER_LIMITS.production.windowMs;

export class RequestCore {
  readonly #apiKey: string;
  readonly #options: ResolvedOptions;
  readonly #origin: string;
  readonly #basePath: string;
  readonly #dispatcher: Dispatcher;
  readonly #gate: RequestGate;
  readonly #policy: GatePolicy;
  readonly #log: DebugLogger;
  #tierNoticeGiven = false;

  constructor(options: ResolvedOptions, logger: DebugLogger) {
    this.#apiKey = options.apiKey;
    this.#options = options;
    this.#origin = options.baseUrl.origin;
    this.#basePath = options.baseUrl.pathname.replace(/\/+$/, "");
    this.#dispatcher = options.dispatcher ?? sharedAgent(this.#origin);
    this.#gate = sharedGate(options.apiKey, options.baseUrl.href);
    this.#policy = { window: windowForTier(options.rateLimit), maxConcurrency: options.maxConcurrency, maxRetryAfterMs: options.maxRetryAfterMs };
    this.#log = logger;
  }

  /**
   * The service's RateLimit-Limit counts requests per the published window (10 minutes); compared
   * with the client's window at the same scale, so a negotiated `1000/60s` tier is not reported.
   * Without a handler the client warns the process once (never silent).
   */
  #noticeTierBelowService(serviceLimit: number | undefined): void {
    const tier = this.#policy.window;
    if (this.#tierNoticeGiven || serviceLimit === undefined || !tier) return;
    if (serviceLimit <= (tier.limit * PUBLISHED_WINDOW_MS) / tier.windowMs) return;
    this.#tierNoticeGiven = true;
    (this.#options.onTierBelowService ?? warnTierBelowService)({ serviceLimit, tier });
  }

  async request<S extends z.ZodType | null>(spec: RequestSpec<S>, options: RequestOptions = {}): Promise<SpecResult<S>> {
    const context: ErrorContext = { method: spec.method, path: this.#basePath + spec.path };
    this.#refusePublishableKey(spec, context);
    const pathWithQuery = context.path + buildQueryString(spec.query);
    const body = spec.body === undefined ? undefined : JSON.stringify(toWire(spec.body));
    const headers = this.#headers(body !== undefined);
    const maxRetries = options.maxRetries ?? this.#options.maxRetries;
    const timeoutMs = options.timeoutMs ?? this.#options.timeoutMs;

    for (let retry = 0; ; retry++) {
      const permit = await this.#gate.acquire(this.#policy, options.signal).catch((error: unknown) => {
        // The gate knows no endpoint: its refusals are given this request's.
        if (error instanceof APIUserAbortError) throw new APIUserAbortError(context);
        if (error instanceof RetryAfterTooLongError) {
          throw new RetryAfterTooLongError({ ...context, retryAfterMs: error.retryAfterSeconds * 1000, maxRetryAfterMs: this.#options.maxRetryAfterMs });
        }
        throw error;
      });
      const started = performance.now();
      let response: AttemptResponse;
      try {
        response = await sendAttempt(
          this.#dispatcher,
          { origin: this.#origin, path: pathWithQuery, method: spec.method, headers, ...(body !== undefined ? { body } : {}) },
          { timeoutMs, ...(options.signal ? { signal: options.signal } : {}) },
        );
      } catch (error) {
        permit.release({});
        if (!(error instanceof AttemptFailed)) throw error;
        const decision: RetryDecision =
          error.kind === "abort" ? ({ retry: false } as const) : decideRetry(spec.method, { kind: error.kind, sent: error.sent }, retry, maxRetries);
        this.#log.attempt({
          method: spec.method,
          pathWithQuery,
          outcome: error.kind,
          durationMs: performance.now() - started,
          retry,
          note: `${error.message}${retryNote(decision)}`,
        });
        if (error.kind === "abort") throw new APIUserAbortError({ ...context, cause: error.cause });
        if (decision.retry) {
          await sleep(decision.delayMs, options.signal, context);
          continue;
        }
        const init = { ...context, cause: error.cause, mayHaveBeenProcessed: error.sent };
        throw error.kind === "timeout" ? new APIConnectionTimeoutError({ ...init, timeoutMs }) : new APIConnectionError(init);
      }

      const requestId = response.headers["request-id"] ?? response.headers["x-request-id"];
      const retryAfterMs = parseRetryAfter(response.headers["retry-after"]);
      const rateLimit = readRateLimitHeaders(response.headers);
      this.#noticeTierBelowService(rateLimit.limit);
      permit.release({
        rateLimit,
        ...(response.status === 429 ? { retryAfterMs: retryAfterMs ?? 1000 } : {}),
      });
      const success = response.status >= 200 && response.status < 300;
      const decision: RetryDecision = success
        ? ({ retry: false } as const)
        : decideRetry(
            spec.method,
            { kind: "status", status: response.status, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) },
            retry,
            maxRetries,
            this.#options.maxRetryAfterMs,
          );
      const note = retryNote(decision);
      this.#log.attempt({
        method: spec.method,
        pathWithQuery,
        outcome: response.status,
        durationMs: performance.now() - started,
        retry,
        ...(requestId ? { requestId } : {}),
        ...(note ? { note: note.trim() } : {}),
      });
      const withId: ErrorContext = requestId ? { ...context, requestId } : context;

      if (success) return parseSuccess(spec, response, withId) as SpecResult<S>;
      if (decision.retry) {
        await sleep(decision.delayMs, options.signal, withId);
        continue;
      }
      const answer = APIError.generate({
        ...withId,
        status: response.status,
        body: parseJsonLoosely(response.body),
        headers: response.headers,
        ...(retryAfterMs !== undefined ? { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } : {}),
      });
      if (decision.retryAfterTooLong) {
        throw new RetryAfterTooLongError({
          ...withId,
          status: response.status,
          retryAfterMs: decision.retryAfterMs,
          maxRetryAfterMs: this.#options.maxRetryAfterMs,
          cause: answer,
        });
      }
      throw answer;
    }
  }

  /** A publishable key may only read the provider config schema (contract); anything else is refused here, before sending. */
  #refusePublishableKey(spec: RequestSpec<z.ZodType | null>, context: ErrorContext): void {
    if (!this.#apiKey.startsWith(PUBLISHABLE_PREFIX) || (spec.allowsPublishableKey && spec.method === "GET")) return;
    throw new ToolConnectivityError(
      `A publishable key (service_pk_...) cannot call ${spec.method} ${context.path}: it may only read the provider config schema. Use a secret key (service_sk_...).`,
      ClientErrorCodes.PUBLISHABLE_KEY,
      context,
    );
  }

  #headers(hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#apiKey}`,
      "service-version": this.#options.serviceVersion,
      accept: "application/json",
      "user-agent": `pulumi-tcs-sdk/${SDK_VERSION} node/${process.versions.node}`,
    };
    if (hasBody) headers["content-type"] = "application/json";
    return headers;
  }
}

function retryNote(decision: RetryDecision): string {
  if (decision.retry) return ` (${decision.reason}; retrying in ${decision.delayMs}ms)`;
  if (decision.retryAfterTooLong) return ` (Retry-After ${decision.retryAfterMs}ms is longer than maxRetryAfterMs; not waiting)`;
  return "";
}

function parseSuccess(spec: RequestSpec<z.ZodType | null>, response: AttemptResponse, context: ErrorContext): unknown {
  if (spec.schema === null) return undefined;
  if (spec.emptyBodyIsNull && (response.status === 204 || response.body.trim() === "")) return null;
  let json: unknown;
  try {
    json = response.body.trim() === "" ? null : JSON.parse(response.body);
  } catch {
    throw new ResponseValidationError(spec.what, [{ path: [], message: "the body is not JSON" }], context);
  }
  const parsed = spec.schema.safeParse(fromWire(json));
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.filter((p): p is string | number => typeof p === "string" || typeof p === "number"),
    message: issue.message,
  }));
  throw new ResponseValidationError(spec.what, issues, context);
}

function parseJsonLoosely(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Waits before a retry; the caller's AbortSignal ends the wait at once. */
function sleep(ms: number, signal: AbortSignal | undefined, context: ErrorContext): Promise<void> {
  if (signal?.aborted) return Promise.reject(new APIUserAbortError(context));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError(context));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
