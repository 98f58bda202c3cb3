/**
 * Counts public API requests served (429s and injected faults included), by route and by key, and
 * apart from them the 429s the emulator's own rate limits answered (so a test can assert a client
 * was paced well: injected 429 faults are not in that figure).
 */
export class RequestCounters {
  private total = 0;
  private rateLimited = 0;
  private byRoute = new Map<string, number>();
  private byKey = new Map<string, number>();

  record(routeKey: string, keyLabel: string | undefined): void {
    this.total++;
    this.byRoute.set(routeKey, (this.byRoute.get(routeKey) ?? 0) + 1);
    if (keyLabel !== undefined) this.byKey.set(keyLabel, (this.byKey.get(keyLabel) ?? 0) + 1);
  }

  recordRateLimited(): void {
    this.rateLimited++;
  }

  snapshot() {
    return {
      total: this.total,
      rate_limited: this.rateLimited,
      by_route: Object.fromEntries(this.byRoute),
      by_key: Object.fromEntries(this.byKey),
    };
  }

  reset(): void {
    this.total = 0;
    this.rateLimited = 0;
    this.byRoute.clear();
    this.byKey.clear();
  }
}
