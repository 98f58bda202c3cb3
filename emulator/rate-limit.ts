export interface RateLimitWindow {
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Requests still admitted in the current window, after this one. */
  remaining: number;
  /** Whole seconds until at least one more request is admitted (0 when one already is). */
  resetSeconds: number;
  /** For a refusal: whole seconds to wait, at least 1. */
  retryAfterSeconds: number;
}

/** Timestamps of admitted requests of one client, oldest first, consumed from `head`. */
class HitLog {
  times: number[] = [];
  head = 0;

  prune(cutoff: number): void {
    while (this.head < this.times.length && this.times[this.head] <= cutoff) this.head++;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }

  get size(): number {
    return this.times.length - this.head;
  }

  get oldest(): number {
    return this.times[this.head];
  }
}

/**
 * A sliding-window log limiter (contract: "sliding window"): a request is admitted when fewer than
 * `limit` requests were admitted in the last `windowMs`. Refused requests do not count, so a client
 * that waits `Retry-After` always gets through. Uses wall time, not the emulator's movable clock.
 */
export class SlidingWindowLimiter {
  private readonly logs = new Map<string, HitLog>();
  private sweeps = 0;

  constructor(readonly window: RateLimitWindow) {}

  /** Admits (and records) the request when the window has room. */
  take(client: string, now: number = Date.now()): RateDecision {
    return this.decide(client, now, true);
  }

  /** The window's state as if a request were refused now; records nothing. */
  peek(client: string, now: number = Date.now()): RateDecision {
    return { ...this.decide(client, now, false), allowed: false };
  }

  private decide(client: string, now: number, record: boolean): RateDecision {
    const { limit, windowMs } = this.window;
    let log = this.logs.get(client);
    if (!log) {
      log = new HitLog();
      this.logs.set(client, log);
    }
    log.prune(now - windowMs);
    const allowed = log.size < limit;
    if (allowed && record) log.times.push(now);
    const remaining = Math.max(0, limit - log.size);
    const untilFree = log.size > 0 ? Math.max(0, log.oldest + windowMs - now) : 0;
    if (++this.sweeps % 10000 === 0) this.sweep(now);
    return {
      allowed,
      limit,
      remaining,
      resetSeconds: remaining > 0 ? 0 : Math.ceil(untilFree / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil(untilFree / 1000)),
    };
  }

  reset(): void {
    this.logs.clear();
  }

  /** Forgets clients with nothing in their window, so the map does not grow forever. */
  private sweep(now: number): void {
    for (const [client, log] of this.logs) {
      log.prune(now - this.window.windowMs);
      if (log.size === 0) this.logs.delete(client);
    }
  }
}
