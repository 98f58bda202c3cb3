// Client options checked and resolved once, at construction: defaults, environment fallbacks and
// early checks, so that a mistake in the configuration fails with a message saying what to set, not
// at the first request.

import type { Dispatcher } from "undici";
import { ClientErrorCodes, ToolConnectivityError } from "../core/errors";
import {
  DEFAULT_MAX_CONCURRENCY,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_SERVICE_VERSION,
  DEFAULT_TIMEOUT_MS,
  TIER_LIMITS,
  type ClientOptions,
  type RateLimitTier,
  type RateLimitWait,
  type TierBelowServiceNotice,
} from "../core/options";
import { keepsKeySafe, LOOPBACK_HOSTS } from "./key-transport";
import type { LogSink } from "./logger";

export interface ResolvedOptions {
  apiKey: string;
  baseUrl: URL;
  serviceVersion: string;
  timeoutMs: number;
  maxRetries: number;
  maxRetryAfterMs: number;
  rateLimit: RateLimitTier;
  maxConcurrency: number;
  dispatcher: Dispatcher | undefined;
  logger: LogSink | undefined;
  onTierBelowService: ((notice: TierBelowServiceNotice) => void) | undefined;
  onRateLimitWait: ((wait: RateLimitWait) => void) | undefined;
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
    throw new ToolConnectivityError(
      "The API key contains whitespace; check how it was copied.",
      ClientErrorCodes.INVALID_OPTION,
    );
  }
  return {
    apiKey,
    baseUrl: resolveBaseUrl(options.baseUrl ?? env.TCS_BASE_URL, options.allowInsecureHttp === true),
    serviceVersion: resolveServiceVersion(options.serviceVersion ?? DEFAULT_SERVICE_VERSION),
    timeoutMs: positiveNumber("timeoutMs", options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    maxRetries: wholeNumber("maxRetries", options.maxRetries ?? DEFAULT_MAX_RETRIES, 0),
    maxRetryAfterMs: longestWait("maxRetryAfterMs", options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS),
    rateLimit: resolveTier(options.rateLimit ?? "development"),
    maxConcurrency: wholeNumber("maxConcurrency", options.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY, 1),
    dispatcher: options.dispatcher,
    logger: options.logger,
    onTierBelowService: options.onTierBelowService,
    onRateLimitWait: options.onRateLimitWait,
  };
}

function resolveBaseUrl(value: string | undefined, allowInsecureHttp: boolean): URL {
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
    throw new ToolConnectivityError(
      `The base URL is not a valid URL: ${JSON.stringify(value)}.`,
      ClientErrorCodes.INVALID_OPTION,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ToolConnectivityError(
      `The base URL must use http or https, not ${url.protocol}`,
      ClientErrorCodes.INVALID_OPTION,
    );
  }
  // Every request carries the key in its Authorization header: refused here, before any connection,
  // as the provider and the CLI refuse the same URL (key-transport.ts), unless the caller says otherwise.
  if (!keepsKeySafe(url) && !allowInsecureHttp) {
    throw new ToolConnectivityError(
      `The base URL ${url.origin} would send the API key in clear: plain http is allowed to loopback hosts only (${LOOPBACK_HOSTS}). ` +
        `Use https://${url.host}, or pass allowInsecureHttp: true for a test double on a network you trust.`,
      ClientErrorCodes.INSECURE_BASE_URL,
    );
  }
  if (url.search || url.hash) {
    throw new ToolConnectivityError(
      "The base URL must not carry a query string or fragment.",
      ClientErrorCodes.INVALID_OPTION,
    );
  }
  return url;
}

function resolveServiceVersion(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    throw new ToolConnectivityError(
      `serviceVersion must be a date (YYYY-MM-DD), got ${JSON.stringify(value)}.`,
      ClientErrorCodes.INVALID_OPTION,
    );
  }
  return value;
}

function resolveTier(tier: RateLimitTier): RateLimitTier {
  if (tier === false || (typeof tier === "string" && Object.hasOwn(TIER_LIMITS, tier))) return tier;
  if (typeof tier === "object" && tier !== null) {
    wholeNumber("rateLimit.limit", tier.limit, 1);
    positiveNumber("rateLimit.windowMs", tier.windowMs);
    return { limit: tier.limit, windowMs: tier.windowMs };
  }
  throw new ToolConnectivityError(
    `rateLimit must be ${Object.keys(TIER_LIMITS)
      .map((name) => JSON.stringify(name))
      .join(", ")}, { limit, windowMs } or false, got ${JSON.stringify(tier)}.`,
    ClientErrorCodes.INVALID_OPTION,
  );
}

function positiveNumber(name: string, value: number): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new ToolConnectivityError(
      `${name} must be a positive number, got ${String(value)}.`,
      ClientErrorCodes.INVALID_OPTION,
    );
  }
  return value;
}

/** 0 (never wait for a Retry-After) up to Infinity (wait however long the service asks). */
function longestWait(name: string, value: number): number {
  if (typeof value !== "number" || Number.isNaN(value) || value < 0) {
    throw new ToolConnectivityError(
      `${name} must be a number of milliseconds, 0 or more (Infinity for no limit), got ${String(value)}.`,
      ClientErrorCodes.INVALID_OPTION,
    );
  }
  return value;
}

function wholeNumber(name: string, value: number, min: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min) {
    throw new ToolConnectivityError(
      `${name} must be a whole number of at least ${min}, got ${String(value)}.`,
      ClientErrorCodes.INVALID_OPTION,
    );
  }
  return value;
}
