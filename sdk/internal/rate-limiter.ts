// The gate every request passes before it is sent. One gate per API key and base URL in the process,
// shared by every client using them (the service counts per key, not per client object). It admits a
// request only when all of these allow it:
//   - the per-process concurrency cap (maxConcurrency),
//   - the sliding window of the declared tier (development 100 / 600 s, production 5000 / 600 s,
//     custom, or off),
//   - what the service's RateLimit-* headers say is left (ServerQuota),
// so a well-behaved run never draws a 429. Waiting requests are admitted in FIFO order, and a waiting
// request whose AbortSignal fires leaves the queue at once. While a 429's Retry-After holds the key
// back for longer than a waiting request's policy accepts, that request is refused at once
// (RetryAfterTooLongError) instead of being held: the same ceiling as the request core's retries.

import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import { APIUserAbortError, RetryAfterTooLongError } from "../core/errors";
import { TIER_LIMITS, type RateLimitTier, type WindowLimit } from "../core/options";
import { ServerQuota, type RateLimitHeaders } from "./server-quota";

/**
 * The longest window the service publishes. A RateLimit-Reset beyond it (and beyond the client's own
 * window) cannot be a window's reset, so it is read as this long; a probe then asks again.
 */
const LONGEST_PUBLISHED_WINDOW_MS = Math.max(TIER_LIMITS.development.windowMs, TIER_LIMITS.production.windowMs);

export function windowForTier(tier: RateLimitTier): WindowLimit | undefined {
  if (tier === false) return undefined;
  if (typeof tier === "string") return TIER_LIMITS[tier];
  return tier;
}

export interface GatePolicy {
  /** The client's own sliding window; undefined when the tier is off. */
  window: WindowLimit | undefined;
  maxConcurrency: number;
  /**
   * The longest a 429's Retry-After may hold this request back (the client's maxRetryAfterMs); a
   * longer hold refuses it at once. Default: no limit.
   */
  maxRetryAfterMs?: number;
}

/** What an attempt learned about the service's window, handed back when its slot is released. */
export interface AttemptSignals {
  /** RateLimit-* headers of the response; undefined when no response arrived. */
  rateLimit?: RateLimitHeaders;
  /** Set on a 429: how long the service asked to wait. */
  retryAfterMs?: number;
}

export interface Permit {
  release(signals: AttemptSignals): void;
}

interface Waiter {
  policy: GatePolicy;
  resolve: (permit: Permit) => void;
  reject: (error: Error) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/** Two waits this close are one: the tier's window and the service's, both spent by this process. */
const TIE_MS = 2_000;

/** Slack added to window waits: the service counts a request a little after we sent it. */
const WINDOW_MARGIN_MS = 5;

export class RequestGate {
  readonly #clock: () => number;
  #inFlight = 0;
  /**
   * When each finished request stopped being in flight, oldest first. A request counts against the
   * window from the moment it is sent; the service saw it at some point before its answer arrived,
   * so measuring the window from the answer is the safe side.
   */
  readonly #finishedAt: number[] = [];
  #longestWindowMs = 0;
  readonly #server = new ServerQuota();
  readonly #queue: Waiter[] = [];
  #timer: NodeJS.Timeout | undefined;

  constructor(clock: () => number = () => performance.now()) {
    this.#clock = clock;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  get waiting(): number {
    return this.#queue.length;
  }

  /**
   * How long a request of `policy` queued now waits at least for the rate limit, and what holds it:
   * the client's tier window or the service's reported window (a 429's Retry-After included).
   * Undefined when nothing rate-limits it, or when it waits for a request in flight (a probe, the
   * concurrency cap), which ends as soon as that request is answered.
   */
  rateLimitHold(policy: GatePolicy): { ms: number; cause: "tier" | "service" } | undefined {
    const now = this.#clock();
    const tier = policy.window ? this.#windowDelay(policy.window, now) : 0;
    const service = this.#server.delay(now, this.#inFlight);
    // When both hold it about as long, this process spent the window itself: the tier is the cause to name.
    const [ms, cause] =
      tier > 0 && tier >= service - TIE_MS ? [Math.max(tier, service), "tier" as const] : [service, "service" as const];
    return ms > 0 && Number.isFinite(ms) ? { ms, cause } : undefined;
  }

  /** Resolves when the request may be sent; rejects with APIUserAbortError if `signal` fires first. */
  acquire(policy: GatePolicy, signal?: AbortSignal): Promise<Permit> {
    if (signal?.aborted) return Promise.reject(new APIUserAbortError());
    if (policy.window) this.#longestWindowMs = Math.max(this.#longestWindowMs, policy.window.windowMs);
    return new Promise<Permit>((resolve, reject) => {
      const waiter: Waiter = { policy, resolve, reject, signal, onAbort: undefined };
      if (signal) {
        waiter.onAbort = () => {
          const index = this.#queue.indexOf(waiter);
          if (index >= 0) this.#queue.splice(index, 1);
          reject(new APIUserAbortError());
          this.#pump();
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      this.#queue.push(waiter);
      this.#pump();
    });
  }

  #pump(): void {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    this.#refuseHeldTooLong(this.#clock());
    while (this.#queue.length > 0) {
      const head = this.#queue[0]!;
      const now = this.#clock();
      const wait = this.#delayFor(head.policy, now);
      if (wait > 0) {
        // A finite wait needs a timer; an infinite one ends when a request finishes (release pumps).
        if (Number.isFinite(wait)) this.#timer = setTimeout(() => this.#pump(), Math.ceil(wait));
        return;
      }
      this.#queue.shift();
      if (head.signal && head.onAbort) head.signal.removeEventListener("abort", head.onAbort);
      head.resolve(this.#grant());
    }
  }

  /**
   * Refuses, wherever they are in the queue, the waiters that a 429's Retry-After would hold back for
   * longer than they accept. Their requests were not sent; the request core names each one's endpoint.
   */
  #refuseHeldTooLong(now: number): void {
    const held = this.#server.heldFor(now);
    if (held === 0) return;
    for (const waiter of [...this.#queue]) {
      const ceiling = waiter.policy.maxRetryAfterMs ?? Infinity;
      if (held <= ceiling) continue;
      this.#queue.splice(this.#queue.indexOf(waiter), 1);
      if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener("abort", waiter.onAbort);
      waiter.reject(new RetryAfterTooLongError({ retryAfterMs: held, maxRetryAfterMs: ceiling }));
    }
  }

  #delayFor(policy: GatePolicy, now: number): number {
    if (this.#inFlight >= policy.maxConcurrency) return Infinity;
    const windowWait = policy.window ? this.#windowDelay(policy.window, now) : 0;
    return Math.max(windowWait, this.#server.delay(now, this.#inFlight));
  }

  #windowDelay(window: WindowLimit, now: number): number {
    this.#forgetOlderThan(now - this.#longestWindowMs);
    const from = now - window.windowMs;
    let firstInWindow = 0;
    while (firstInWindow < this.#finishedAt.length && this.#finishedAt[firstInWindow]! <= from) firstInWindow++;
    const finishedInWindow = this.#finishedAt.length - firstInWindow;
    if (this.#inFlight + finishedInWindow < window.limit) return 0;
    // Full: the oldest finished request leaves the window first; if every slot is held by a
    // request still in flight, wait for one to finish.
    if (finishedInWindow === 0) return Infinity;
    return this.#finishedAt[firstInWindow]! + window.windowMs - now + WINDOW_MARGIN_MS;
  }

  #forgetOlderThan(cutoff: number): void {
    let drop = 0;
    while (drop < this.#finishedAt.length && this.#finishedAt[drop]! <= cutoff) drop++;
    if (drop > 0) this.#finishedAt.splice(0, drop);
  }

  #grant(): Permit {
    this.#inFlight += 1;
    const wasProbe = this.#server.onSend();
    let released = false;
    return {
      release: (signals: AttemptSignals) => {
        if (released) return;
        released = true;
        this.#inFlight -= 1;
        const now = this.#clock();
        this.#finishedAt.push(now);
        this.#forgetOlderThan(now - this.#longestWindowMs);
        const longestResetMs = Math.max(LONGEST_PUBLISHED_WINDOW_MS, this.#longestWindowMs);
        if (signals.rateLimit)
          this.#server.onResponse(now, signals.rateLimit, this.#inFlight, wasProbe, longestResetMs);
        else this.#server.onNoResponse(wasProbe);
        if (signals.retryAfterMs !== undefined) this.#server.onRateLimited(now, signals.retryAfterMs);
        this.#pump();
      },
    };
  }
}

const sharedGates = new Map<string, RequestGate>();

/**
 * The gate shared by every client of this process that uses this key against this base URL. The
 * registry is keyed by a hash, so the key itself is not kept in another place.
 */
export function sharedGate(apiKey: string, baseUrl: string): RequestGate {
  const id = createHash("sha256").update(baseUrl).update("\0").update(apiKey).digest("hex");
  let gate = sharedGates.get(id);
  if (!gate) {
    gate = new RequestGate();
    sharedGates.set(id, gate);
  }
  return gate;
}
