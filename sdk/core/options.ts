// The client's options as callers see them: what can be set, per client and per call, and the
// defaults. How they are checked and resolved is internal (internal/resolve-options.ts).

import type { Dispatcher } from "undici";

export const DEFAULT_SERVICE_VERSION = "2026-01-01";
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 3;
export const DEFAULT_MAX_CONCURRENCY = 8;
export const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

export interface ClientOptions {
  /** Default: process.env.TCS_API_KEY. */
  apiKey?: string;
  /**
   * Default: process.env.TCS_BASE_URL. There is no built-in default (docs/contract-decisions.md). https,
   * or plain http to a loopback host (127.0.0.0/8, ::1, localhost); any other http URL is refused at
   * construction (code ERR_TCS_INSECURE_BASE_URL), since every request carries the key.
   */
  baseUrl?: string;
  /**
   * Lets `baseUrl` be plain http to a host that is not loopback: every request then sends the API key
   * in clear, readable by anyone on the way. Only for a test double on a network you trust (a container's
   * name on a private network); never for the service. Default false.
   */
  allowInsecureHttp?: boolean;
  /** Sent as Service-Version on every request. Default "2026-01-01". */
  serviceVersion?: string;
  /** Per attempt. Default 60 000. */
  timeoutMs?: number;
  /** Default 3. */
  maxRetries?: number;
  /**
   * The longest `Retry-After` (of a 429 or 5xx) the client waits out before a retry, in ms. A longer
   * one fails the request at once with a RetryAfterTooLongError (code ERR_TCS_RETRY_AFTER_TOO_LONG)
   * naming the endpoint and the wait asked for, and so do requests of the same key while a 429's
   * longer wait holds them back. Default 60 000; `Infinity` waits however long the service asks.
   */
  maxRetryAfterMs?: number;
  /** The key's tier; default "development" (the conservative one). `false` turns the client's window off. */
  rateLimit?: RateLimitTier;
  /** Per-process cap on requests in flight for this key. Default 8. */
  maxConcurrency?: number;
  /** For tests (MockAgent) and custom pools. Default: a shared keep-alive Agent per base URL. */
  dispatcher?: Dispatcher;
  /** Debug lines; default: stderr when TCS_DEBUG=1, else silent. */
  logger?: (line: string) => void;
  /**
   * Called once per client when the service says the key may make more requests (RateLimit-Limit,
   * per the published 10-minute window) than `rateLimit` lets the client send: the client then paces
   * itself below what the key allows (typically a production key left on the default tier). Without
   * it, the client emits one process warning (code TCS_RATE_LIMIT_TIER) naming `rateLimit`.
   */
  onTierBelowService?: (notice: TierBelowServiceNotice) => void;
  /**
   * Called while a request waits for the rate limit (the tier's window, or what the service's
   * RateLimit-* headers left), so a caller can say so: first after a second of waiting, then every
   * few seconds, and once with `done` when the request may go. Called in the request's own async
   * context, so a caller can tell which of its operations waits.
   */
  onRateLimitWait?: (wait: RateLimitWait) => void;
}

export interface RateLimitWait {
  method: string;
  path: string;
  /** How long the request has waited so far, in ms. */
  waitedMs: number;
  /** How long it still waits at least, in ms: until the first request queued may go. */
  leftMs: number;
  /** What holds it: the client's own tier window, or the window the service reported. */
  cause: "tier" | "service";
  /** The client's own window (from `rateLimit`), when it has one. */
  window?: WindowLimit;
  /** The request may go now: the last call of a wait. */
  done: boolean;
}

export interface TierBelowServiceNotice {
  /** What the service allows the key per 10 minutes. */
  serviceLimit: number;
  /** The client's own window, from `rateLimit`. */
  tier: WindowLimit;
}

/** Per-call options. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Per attempt; overrides the client's timeoutMs. */
  timeoutMs?: number;
  /** Overrides the client's maxRetries. */
  maxRetries?: number;
}

/** A request window: at most `limit` requests in any `windowMs`. */
export interface WindowLimit {
  limit: number;
  windowMs: number;
}

/** The named tiers and their published per-key limits (spec, Limits): the one list of them. */
export const TIER_LIMITS = {
  development: { limit: 100, windowMs: 600_000 },
  production: { limit: 5000, windowMs: 600_000 },
} as const satisfies Record<string, WindowLimit>;

/** The key's tier (spec, Limits), a negotiated window, or `false` for no client-side window. */
export type RateLimitTier = keyof typeof TIER_LIMITS | WindowLimit | false;

/** The `code` of the process warning the client emits when no onTierBelowService is given. */
export const TIER_WARNING_CODE = "TCS_RATE_LIMIT_TIER";
