// What the service says is left of the key's rate-limit window (RateLimit-Remaining / RateLimit-Reset,
// see docs/contract-decisions.md), turned into "may the next request go now?". The client's own
// window is sized by the declared tier; this guard covers what the tier cannot see: other processes
// using the same key, a mis-declared tier, a window that was already partly used when we started.
//
// The estimate only ever goes down between probes: a response can arrive after requests that were
// sent later, so the smallest figure heard is the safe one. When it reaches zero, the client waits
// until the reset time and until nothing else is in flight, then sends a single probe whose answer
// is exact and replaces the estimate.

export interface RateLimitHeaders {
  /** RateLimit-Limit: requests the service allows this key per its window. */
  limit?: number;
  remaining?: number;
  resetSeconds?: number;
}

export class ServerQuota {
  /** Requests we believe the service still admits; undefined until the first answer. */
  #budget: number | undefined = undefined;
  /** Clock time at which the service admits at least one more request. */
  #resetAt = 0;
  /** Clock time until which a 429's Retry-After holds every request back, whatever the budget says. */
  #heldUntil = 0;
  #probeInFlight = false;

  /** 0 when a request may go now, a wait in ms, or Infinity to wait for a request to finish. */
  delay(now: number, inFlight: number): number {
    const held = this.heldFor(now);
    if (held > 0) return held;
    if (this.#budget !== undefined && this.#budget > 0) return 0;
    if (this.#probeInFlight) return Infinity;
    if (this.#budget !== undefined && now < this.#resetAt) return this.#resetAt - now;
    // The probe goes alone, so that the figure in its answer counts every request we sent.
    if (inFlight > 0) return Infinity;
    return 0;
  }

  /** Records a send; returns true when this request is the probe. */
  onSend(): boolean {
    if (this.#budget !== undefined && this.#budget > 0) {
      this.#budget -= 1;
      return false;
    }
    this.#probeInFlight = true;
    return true;
  }

  /**
   * Records an answer's headers. `othersInFlight`: requests still out that the figure may not count.
   * `longestResetMs`: the longest window the key can have; a RateLimit-Reset beyond it is read as that
   * long (then a probe asks again), so a malformed or hostile header cannot hold the process for a day.
   */
  onResponse(
    now: number,
    headers: RateLimitHeaders,
    othersInFlight: number,
    wasProbe: boolean,
    longestResetMs = Infinity,
  ): void {
    if (wasProbe) this.#probeInFlight = false;
    if (headers.remaining === undefined) {
      // A service (or emulator, or mock) that does not report its window: rely on the tier alone.
      if (this.#budget === undefined) this.#budget = Infinity;
      return;
    }
    const observed = headers.remaining - othersInFlight;
    this.#budget = wasProbe || this.#budget === undefined ? observed : Math.min(this.#budget, observed);
    this.#resetAt = now + Math.min((headers.resetSeconds ?? 0) * 1000, longestResetMs);
  }

  /** The attempt ended without an answer: nothing learned, but a probe slot is free again. */
  onNoResponse(wasProbe: boolean): void {
    if (wasProbe) this.#probeInFlight = false;
  }

  /** A 429: the window is exhausted, and the service asked for nothing more for `retryAfterMs`. */
  onRateLimited(now: number, retryAfterMs: number): void {
    this.#budget = 0;
    this.#heldUntil = Math.max(this.#heldUntil, now + retryAfterMs);
  }

  /** How long a 429's Retry-After still holds every request back; 0 when it no longer does. */
  heldFor(now: number): number {
    return Math.max(0, this.#heldUntil - now);
  }
}

export function readRateLimitHeaders(headers: Record<string, string>): RateLimitHeaders {
  const out: RateLimitHeaders = {};
  const limit = toCount(headers["ratelimit-limit"]);
  if (limit !== undefined) out.limit = limit;
  const remaining = toCount(headers["ratelimit-remaining"]);
  const reset = toCount(headers["ratelimit-reset"]);
  if (remaining !== undefined) out.remaining = remaining;
  if (reset !== undefined) out.resetSeconds = reset;
  return out;
}

function toCount(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.trim());
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}
