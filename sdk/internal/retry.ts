// When a failed attempt is tried again, and after how long. Each rule says why (stripe-node style):
// the guiding question is always "could the service already have carried this request out?", since
// retrying a create that did happen would make a second object.

import { DEFAULT_MAX_RETRY_AFTER_MS } from "../core/options";

/** What went wrong with one attempt, as far as retrying is concerned. */
export type AttemptOutcome =
  | { kind: "status"; status: number; retryAfterMs?: number }
  /** `sent`: the whole request was written before the connection failed or the attempt timed out. */
  | { kind: "connection"; sent: boolean }
  | { kind: "timeout"; sent: boolean };

export type RetryDecision =
  | { retry: false; retryAfterTooLong?: undefined }
  | { retry: true; delayMs: number; reason: string; retryAfterTooLong?: undefined }
  /** A retry the rules allow, but after a Retry-After longer than the client waits: fail now instead. */
  | { retry: false; retryAfterTooLong: true; retryAfterMs: number };

/** Methods whose repetition leaves the service as one execution would. */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "PUT", "PATCH", "DELETE"]);

export const INITIAL_RETRY_DELAY_MS = 500;
export const MAX_RETRY_DELAY_MS = 8_000;

/**
 * `maxRetryAfterMs`: the longest Retry-After waited out (the client's option of that name); the
 * SDK's own backoff never comes near it.
 */
export function decideRetry(
  method: string,
  outcome: AttemptOutcome,
  retriesSoFar: number,
  maxRetries: number,
  maxRetryAfterMs: number = DEFAULT_MAX_RETRY_AFTER_MS,
): RetryDecision {
  if (retriesSoFar >= maxRetries) return { retry: false };
  const idempotent = IDEMPOTENT_METHODS.has(method.toUpperCase());

  if (outcome.kind === "status") {
    // 429: the service refused the request before doing anything, so even a POST is safe to send
    // again; wait as long as Retry-After says, since retrying sooner only draws another 429.
    if (outcome.status === 429)
      return afterRetryAfter(outcome.retryAfterMs, retriesSoFar, maxRetryAfterMs, "rate limited (429)");
    // 5xx on an idempotent method: the failure is the service's and may be transient; repeating a
    // GET, PUT, PATCH (which sets fields to given values) or DELETE cannot do anything twice.
    // A POST that got a 5xx may have created its object before failing, so it is never repeated:
    // the error says mayHaveBeenProcessed and the caller reconciles.
    if (outcome.status >= 500 && idempotent) {
      return afterRetryAfter(outcome.retryAfterMs, retriesSoFar, maxRetryAfterMs, `server error (${outcome.status})`);
    }
    // Other 4xx: the request itself is wrong (or not allowed); sending it again gives the same answer.
    return { retry: false };
  }

  // The request never fully left this process (connection refused, DNS failure, socket closed
  // before the request was written, connect timeout): the service cannot have seen it, so any
  // method is safe to send again.
  if (!outcome.sent) {
    return {
      retry: true,
      delayMs: backoffDelay(retriesSoFar),
      reason: outcome.kind === "timeout" ? "timed out before sending" : "connection failed before sending",
    };
  }
  // Sent, then the connection broke or the attempt timed out: an idempotent method can be repeated
  // without harm. A POST may have been carried out, so it surfaces an APIConnectionError with
  // mayHaveBeenProcessed instead of risking a duplicate.
  if (idempotent) {
    return {
      retry: true,
      delayMs: backoffDelay(retriesSoFar),
      reason: outcome.kind === "timeout" ? "timed out" : "connection lost",
    };
  }
  return { retry: false };
}

/**
 * A retry after the service's Retry-After when it gave one, else after the backoff. A Retry-After
 * longer than the ceiling is not waited out: the service has said it will not answer before then,
 * and a silent wait of hours looks like a hang, cannot be told from one by whoever runs it, and
 * keeps a cancelled run (or an orphaned plugin) alive. Failing now, with the wait in the message,
 * lets the caller say when to come back.
 */
function afterRetryAfter(
  retryAfterMs: number | undefined,
  retriesSoFar: number,
  maxRetryAfterMs: number,
  reason: string,
): RetryDecision {
  if (retryAfterMs === undefined) return { retry: true, delayMs: backoffDelay(retriesSoFar), reason };
  if (retryAfterMs > maxRetryAfterMs) return { retry: false, retryAfterTooLong: true, retryAfterMs };
  return { retry: true, delayMs: retryAfterMs, reason };
}

/** Where a backoff starts and where it stops growing. */
export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
}

/** The SDK's own retries: 0.5 s, 1 s, 2 s, ... up to 8 s. */
export const REQUEST_BACKOFF: BackoffPolicy = { initialMs: INITIAL_RETRY_DELAY_MS, maxMs: MAX_RETRY_DELAY_MS };

/**
 * Capped exponential backoff with jitter: `initialMs`, twice that, ... up to `maxMs`, each reduced by
 * up to a quarter at random so that many clients failing together do not retry in lockstep. The one
 * backoff of the project: the SDK's request retries and the provider's create retries both use it.
 */
export function backoffDelay(
  retriesSoFar: number,
  policy: BackoffPolicy = REQUEST_BACKOFF,
  random: () => number = Math.random,
): number {
  const base = Math.min(policy.initialMs * 2 ** retriesSoFar, policy.maxMs);
  return Math.round(base * (1 - random() * 0.25));
}

/** `Retry-After` as milliseconds: whole seconds (what the service sends) or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
