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
import { sharedGate, windowForTier, type GatePolicy, type Permit, type RequestGate } from "./rate-limiter";
import { reportingWaits } from "./wait-reporter";
import { decideRetry, parseRetryAfter, type RetryDecision } from "./retry";
import { readRateLimitHeaders } from "./server-quota";
import { warnTierBelowService } from "./tier-warning";
import { AttemptFailed, sendAttempt, type AttemptResponse } from "./transport";
import { TIER_LIMITS, type RequestOptions } from "../core/options";
import { retrying, type RetryVerdict } from "../core/retrying";
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
    this.#policy = {
      window: windowForTier(options.rateLimit),
      maxConcurrency: options.maxConcurrency,
      maxRetryAfterMs: options.maxRetryAfterMs,
    };
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

  /**
   * One request, attempt after attempt (core/retrying.ts): each one acquires a permit from the gate
   * and sends; a success is logged and parsed; a failure is decided on (retried or not), logged and,
   * when final, mapped to the error thrown.
   */
  async request<S extends z.ZodType | null>(
    spec: RequestSpec<S>,
    options: RequestOptions = {},
  ): Promise<SpecResult<S>> {
    const call = this.#prepare(spec, options);
    const answer = await retrying(
      (retry) => this.#attempt(call, retry),
      (failure, retry) => this.#afterFailure(call, failure, retry),
      {
        wait: (ms, failure) =>
          sleep(ms, call.signal, failure instanceof Unsuccessful ? failure.outcome.context : call.context),
      },
    );
    return parseSuccess(spec, answer.response, answer.context) as SpecResult<S>;
  }

  /** What every attempt of a request shares: the refusal of a publishable key comes first, before anything is built. */
  #prepare(spec: RequestSpec<z.ZodType | null>, options: RequestOptions): Call {
    const context: ErrorContext = { method: spec.method, path: this.#basePath + spec.path };
    this.#refusePublishableKey(spec, context);
    const pathWithQuery = context.path + buildQueryString(spec.query);
    const body = spec.body === undefined ? undefined : JSON.stringify(toWire(spec.body));
    return {
      method: spec.method,
      context,
      pathWithQuery,
      body,
      headers: this.#headers(body !== undefined),
      maxRetries: options.maxRetries ?? this.#options.maxRetries,
      timeoutMs: options.timeoutMs ?? this.#options.timeoutMs,
      signal: options.signal,
    };
  }

  /** One attempt: acquire, send, the permit back. A success is logged and returned; anything else is thrown to #afterFailure. */
  async #attempt(call: Call, retry: number): Promise<Answer> {
    const permit = await this.#acquire(call);
    const outcome = await this.#send(call).catch((error: unknown) => {
      permit.release({});
      throw error;
    });
    this.#release(permit, outcome);
    if ("failed" in outcome || !isSuccess(outcome.response.status)) throw new Unsuccessful(outcome);
    this.#logAttempt(call, outcome, NO_RETRY, retry);
    return outcome;
  }

  /** A failed attempt: decide, log, then another attempt or the mapped error. Anything not an attempt's outcome passes through. */
  #afterFailure(call: Call, failure: unknown, retry: number): RetryVerdict<never> {
    if (!(failure instanceof Unsuccessful)) throw failure;
    const decision = this.#decide(call, failure.outcome, retry);
    this.#logAttempt(call, failure.outcome, decision, retry);
    if (decision.retry) return { retryInMs: decision.delayMs };
    throw this.#errorFor(call, failure.outcome, decision);
  }

  /** acquire: a permit from the shared gate (rate limit, concurrency). The gate knows no endpoint: its refusals are given this request's. */
  #acquire(call: Call): Promise<Permit> {
    const onWait = this.#options.onRateLimitWait;
    const acquired = this.#gate.acquire(this.#policy, call.signal);
    const permit = onWait
      ? reportingWaits(acquired, () => this.#gate.rateLimitHold(this.#policy), onWait, {
          method: call.method,
          path: call.context.path ?? call.pathWithQuery,
          ...(this.#policy.window ? { window: this.#policy.window } : {}),
        })
      : acquired;
    return permit.catch((error: unknown) => {
      if (error instanceof APIUserAbortError) throw new APIUserAbortError(call.context);
      if (error instanceof RetryAfterTooLongError) {
        throw new RetryAfterTooLongError({
          ...call.context,
          retryAfterMs: error.retryAfterSeconds * 1000,
          maxRetryAfterMs: this.#options.maxRetryAfterMs,
        });
      }
      throw error;
    });
  }

  /** send: one attempt over undici. The service's answer, or why none came (a connection failure, a timeout, an abort). */
  async #send(call: Call): Promise<Outcome> {
    const started = performance.now();
    let response: AttemptResponse;
    try {
      response = await sendAttempt(
        this.#dispatcher,
        {
          origin: this.#origin,
          path: call.pathWithQuery,
          method: call.method,
          headers: call.headers,
          ...(call.body !== undefined ? { body: call.body } : {}),
        },
        { timeoutMs: call.timeoutMs, ...(call.signal ? { signal: call.signal } : {}) },
      );
    } catch (error) {
      if (!(error instanceof AttemptFailed)) throw error;
      return { failed: error, started, context: call.context };
    }
    const requestId = response.headers["request-id"] ?? response.headers["x-request-id"];
    const retryAfterMs = parseRetryAfter(response.headers["retry-after"]);
    return {
      response,
      started,
      requestId,
      retryAfterMs,
      context: requestId ? { ...call.context, requestId } : call.context,
    };
  }

  /** The permit goes back with what the answer says of the service's limits; a 429 pauses the gate. */
  #release(permit: Permit, outcome: Outcome): void {
    if ("failed" in outcome) return permit.release({});
    const rateLimit = readRateLimitHeaders(outcome.response.headers);
    this.#noticeTierBelowService(rateLimit.limit);
    permit.release({
      rateLimit,
      ...(outcome.response.status === 429 ? { retryAfterMs: outcome.retryAfterMs ?? 1000 } : {}),
    });
  }

  /** decide: whether a failed attempt is sent again, and when, by the rules of retry.ts. An abort never is. */
  #decide(call: Call, outcome: Outcome, retry: number): RetryDecision {
    if ("failed" in outcome) {
      const { kind, sent } = outcome.failed;
      return kind === "abort" ? NO_RETRY : decideRetry(call.method, { kind, sent }, retry, call.maxRetries);
    }
    const { status } = outcome.response;
    const retryAfter = outcome.retryAfterMs !== undefined ? { retryAfterMs: outcome.retryAfterMs } : {};
    return decideRetry(
      call.method,
      { kind: "status", status, ...retryAfter },
      retry,
      call.maxRetries,
      this.#options.maxRetryAfterMs,
    );
  }

  /** log: one debug line per attempt, saying what comes next. */
  #logAttempt(call: Call, outcome: Outcome, decision: RetryDecision, retry: number): void {
    const line = {
      method: call.method,
      pathWithQuery: call.pathWithQuery,
      durationMs: performance.now() - outcome.started,
      retry,
    };
    if ("failed" in outcome) {
      this.#log.attempt({
        ...line,
        outcome: outcome.failed.kind,
        note: `${outcome.failed.message}${retryNote(decision)}`,
      });
      return;
    }
    const note = retryNote(decision);
    this.#log.attempt({
      ...line,
      outcome: outcome.response.status,
      ...(outcome.requestId ? { requestId: outcome.requestId } : {}),
      ...(note ? { note: note.trim() } : {}),
    });
  }

  /** map: the error a final failure throws. */
  #errorFor(call: Call, outcome: Outcome, decision: RetryDecision): ToolConnectivityError {
    if ("failed" in outcome) {
      const { kind, sent, cause } = outcome.failed;
      if (kind === "abort") return new APIUserAbortError({ ...call.context, cause });
      const init = { ...call.context, cause, mayHaveBeenProcessed: sent };
      return kind === "timeout"
        ? new APIConnectionTimeoutError({ ...init, timeoutMs: call.timeoutMs })
        : new APIConnectionError(init);
    }
    const { response, retryAfterMs, context } = outcome;
    const answer = APIError.generate({
      ...context,
      status: response.status,
      body: parseJsonLoosely(response.body),
      headers: response.headers,
      ...(retryAfterMs !== undefined ? { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } : {}),
    });
    if (!decision.retryAfterTooLong) return answer;
    return new RetryAfterTooLongError({
      ...context,
      status: response.status,
      retryAfterMs: decision.retryAfterMs,
      maxRetryAfterMs: this.#options.maxRetryAfterMs,
      cause: answer,
    });
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

/** A request as every one of its attempts sends it. */
interface Call {
  readonly method: HttpMethod;
  /** The endpoint, for errors (its request id is added per answer). */
  readonly context: ErrorContext;
  readonly pathWithQuery: string;
  readonly body: string | undefined;
  readonly headers: Record<string, string>;
  readonly maxRetries: number;
  readonly timeoutMs: number;
  readonly signal: AbortSignal | undefined;
}

/** The service's answer to one attempt; `context` carries its request id. */
interface Answer {
  readonly response: AttemptResponse;
  readonly started: number;
  readonly requestId: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly context: ErrorContext;
}

/** What one attempt came to: an answer, or why none came. */
type Outcome = Answer | { readonly failed: AttemptFailed; readonly started: number; readonly context: ErrorContext };

/** An attempt that did not succeed, thrown to the retry loop for #afterFailure; it never leaves this file. */
class Unsuccessful extends Error {
  constructor(readonly outcome: Outcome) {
    super("unsuccessful attempt");
  }
}

const NO_RETRY: RetryDecision = { retry: false };

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

function retryNote(decision: RetryDecision): string {
  if (decision.retry) return ` (${decision.reason}; retrying in ${decision.delayMs}ms)`;
  if (decision.retryAfterTooLong)
    return ` (Retry-After ${decision.retryAfterMs}ms is longer than maxRetryAfterMs; not waiting)`;
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
