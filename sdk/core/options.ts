// Client options: defaults, environment fallbacks and early checks, so that a mistake in the
// configuration fails at construction with a message saying what to set, not at the first request.

import type { Dispatcher } from "undici";
import { ClientErrorCodes, ToolConnectivityError } from "./errors";
import type { LogSink } from "./logger";
import type { RateLimitTier, WindowLimit } from "./rate-limiter";

export const DEFAULT_SERVICE_VERSION = "2026-01-01";
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 3;
export const DEFAULT_MAX_CONCURRENCY = 8;

export interface ClientOptions {
  /** Default: process.env.TCS_API_KEY. */
  apiKey?: string;
  /** Default: process.env.TCS_BASE_URL. There is no built-in default (docs/contract-decisions.md). */
  baseUrl?: string;
  /** Sent as Service-Version on every request. Default "2026-01-01". */
  serviceVersion?: string;
  /** Per attempt. Default 60 000. */
  timeoutMs?: number;
  /** Default 3. */
  maxRetries?: number;
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
}

export interface TierBelowServiceNotice {
  /** What the service allows the key per 10 minutes. */
  serviceLimit: number;
  /** The client's own window, from `rateLimit`. */
  tier: WindowLimit;
}

export interface ResolvedOptions {
  apiKey: string;
  baseUrl: URL;
  serviceVersion: string;
  timeoutMs: number;
  maxRetries: number;
  rateLimit: RateLimitTier;
  maxConcurrency: number;
  dispatcher: Dispatcher | undefined;
  logger: LogSink | undefined;
  onTierBelowService: ((notice: TierBelowServiceNotice) => void) | undefined;
}

export function resolveOptions(options: ClientOptions, env: NodeJS.ProcessEnv = process.env): ResolvedOptions {
  const apiKey = options.apiKey ?? env.TCS_API_KEY;
  if (apiKey === undefined || apiKey.trim() === "") {
    throw new ToolConnectivityError(
      "No API key: pass the apiKey option or set the TCS_API_KEY environment variable (a secret key, service_sk_...).",
      ClientErrorCodes.MISSING_API_KEY,
    );
  }
  if (/\s/.test(apiKey)) {
    throw new ToolConnectivityError("The API key contains whitespace; check how it was copied.", ClientErrorCodes.INVALID_OPTION);
  }
  return {
    apiKey,
    baseUrl: resolveBaseUrl(options.baseUrl ?? env.TCS_BASE_URL),
    serviceVersion: resolveServiceVersion(options.serviceVersion ?? DEFAULT_SERVICE_VERSION),
    timeoutMs: positiveNumber("timeoutMs", options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    maxRetries: wholeNumber("maxRetries", options.maxRetries ?? DEFAULT_MAX_RETRIES, 0),
    rateLimit: resolveTier(options.rateLimit ?? "development"),
    maxConcurrency: wholeNumber("maxConcurrency", options.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY, 1),
    dispatcher: options.dispatcher,
    logger: options.logger,
    onTierBelowService: options.onTierBelowService,
  };
}

function resolveBaseUrl(value: string | undefined): URL {
  if (value === undefined || value.trim() === "") {
    throw new ToolConnectivityError(
      "No base URL: pass the baseUrl option or set the TCS_BASE_URL environment variable (the service has no default address).",
      ClientErrorCodes.MISSING_BASE_URL,
    );
  }
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ToolConnectivityError(`The base URL is not a valid URL: ${JSON.stringify(value)}.`, ClientErrorCodes.INVALID_OPTION);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ToolConnectivityError(`The base URL must use http or https, not ${url.protocol}`, ClientErrorCodes.INVALID_OPTION);
  }
  if (url.search || url.hash) {
    throw new ToolConnectivityError("The base URL must not carry a query string or fragment.", ClientErrorCodes.INVALID_OPTION);
  }
  return url;
}

function resolveServiceVersion(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    throw new ToolConnectivityError(`serviceVersion must be a date (YYYY-MM-DD), got ${JSON.stringify(value)}.`, ClientErrorCodes.INVALID_OPTION);
  }
  return value;
}

function resolveTier(tier: RateLimitTier): RateLimitTier {
  if (tier === false || tier === "development" || tier === "production") return tier;
  if (typeof tier === "object" && tier !== null) {
    wholeNumber("rateLimit.limit", tier.limit, 1);
    positiveNumber("rateLimit.windowMs", tier.windowMs);
    return { limit: tier.limit, windowMs: tier.windowMs };
  }
  throw new ToolConnectivityError(
    `rateLimit must be "development", "production", { limit, windowMs } or false, got ${JSON.stringify(tier)}.`,
    ClientErrorCodes.INVALID_OPTION,
  );
}

function positiveNumber(name: string, value: number): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new ToolConnectivityError(`${name} must be a positive number, got ${String(value)}.`, ClientErrorCodes.INVALID_OPTION);
  }
  return value;
}

function wholeNumber(name: string, value: number, min: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min) {
    throw new ToolConnectivityError(`${name} must be a whole number of at least ${min}, got ${String(value)}.`, ClientErrorCodes.INVALID_OPTION);
  }
  return value;
}
