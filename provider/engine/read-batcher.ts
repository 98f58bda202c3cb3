// Reads during a refresh are served from scans of a scope (all callbacks, the instances of one
// callback, the configs of one provider, ...) listed 100 records a page, instead of one GET per
// resource. The engine issues at most --parallel (8) reads at once, so a batcher that merely waited
// for reads to pile up would see 8 ids at a time; scanning the scope once serves every read of it.
// One batcher lives per plugin process, so every resource of a run shares it.

/** The part of an SDK page the batcher needs. */
export interface PageLike<R> {
  items: R[];
  hasMoreAfter: boolean;
  nextPage(): Promise<PageLike<R> | null>;
}

interface Scan<R> {
  records: Map<string, R>;
  /** Every record of the scope was listed, so an id that is missing no longer exists. */
  complete: boolean;
  takenAt: number;
}

export interface ReadBatcherOptions {
  /** How long a scan answers reads; writes to its scope drop it at once. */
  ttlMs?: number;
  /** Pages of 100 a scan may take; beyond that, missing ids are fetched one by one. */
  maxPages?: number;
}

/** A scan's key names its kind and, for scoped lists, the scope's id: `CallbackInstance:cb_...`. */
export function scopeKey(kind: string, scopeId?: string): string {
  return scopeId === undefined ? kind : `${kind}:${scopeId}`;
}

function kindOf(key: string): string {
  const colon = key.indexOf(":");
  return colon < 0 ? key : key.slice(0, colon);
}

export class ReadBatcher {
  private readonly scans = new Map<string, Promise<Scan<unknown>>>();
  private readonly ttlMs: number;
  private readonly maxPages: number;

  constructor(options: ReadBatcherOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxPages = options.maxPages ?? 10;
  }

  /**
   * The record `id` of scope `scopeKey`, or undefined when it does not exist.
   * `firstPage` lists the scope (100 a page); `fetchOne` reads a single record when the scan was cut short.
   */
  async find<R extends { id: string }>(
    scopeKey: string,
    id: string,
    firstPage: () => Promise<PageLike<R>>,
    fetchOne: (id: string) => Promise<R | undefined>,
  ): Promise<R | undefined> {
    const scan = (await this.scan(scopeKey, firstPage)) as Scan<R>;
    const hit = scan.records.get(id);
    if (hit || scan.complete) return hit;
    return fetchOne(id);
  }

  /** The first record of the scope that satisfies `predicate` (only what the scan listed). */
  async findWhere<R extends { id: string }>(scopeKey: string, firstPage: () => Promise<PageLike<R>>, predicate: (record: R) => boolean): Promise<R | undefined> {
    const scan = (await this.scan(scopeKey, firstPage)) as Scan<R>;
    for (const record of scan.records.values()) if (predicate(record)) return record;
    return undefined;
  }

  /**
   * Drops every scan of a resource kind (`Callback`, and each `Callback:<scope id>`): called after a
   * write to that kind. Matching the kind whole, not as a prefix, keeps `CallbackInstance` scans
   * alive when a callback is written.
   */
  invalidate(kind: string): void {
    for (const key of this.scans.keys()) if (kindOf(key) === kind) this.scans.delete(key);
  }

  private scan<R extends { id: string }>(scopeKey: string, firstPage: () => Promise<PageLike<R>>): Promise<Scan<unknown>> {
    const cached = this.scans.get(scopeKey);
    if (cached) return cached.then((scan) => (Date.now() - scan.takenAt < this.ttlMs ? scan : this.rescan(scopeKey, firstPage)));
    return this.rescan(scopeKey, firstPage);
  }

  private rescan<R extends { id: string }>(scopeKey: string, firstPage: () => Promise<PageLike<R>>): Promise<Scan<unknown>> {
    const promise = this.listScope(firstPage);
    this.scans.set(scopeKey, promise);
    // A failed scan must not answer later reads: they try again.
    promise.catch(() => {
      if (this.scans.get(scopeKey) === promise) this.scans.delete(scopeKey);
    });
    return promise;
  }

  private async listScope<R extends { id: string }>(firstPage: () => Promise<PageLike<R>>): Promise<Scan<R>> {
    const records = new Map<string, R>();
    let page: PageLike<R> | null = await firstPage();
    let pages = 1;
    for (;;) {
      for (const record of page.items) records.set(record.id, record);
      if (!page.hasMoreAfter) return { records, complete: true, takenAt: Date.now() };
      if (pages >= this.maxPages) return { records, complete: false, takenAt: Date.now() };
      page = await page.nextPage();
      pages += 1;
      if (!page) return { records, complete: true, takenAt: Date.now() };
    }
  }
}
