// Reads during a refresh are served from scans of a scope (all callbacks, the instances of one
// callback, the configs of one provider, ...) listed 100 records a page, instead of one GET per
// resource. The engine issues at most --parallel (8) reads at once, so a batcher that merely waited
// for reads to pile up would see 8 ids at a time; scanning the scope once serves every read of it.
// One batcher lives per plugin process, so every resource of a run shares it.
import type { ResourceKind } from "../../shapes/shape";

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

/**
 * What a scan lists: every object of a kind (`{ kind: "Callback" }`), or those within one parent
 * (`{ kind: "CallbackInstance", within: "cb_..." }`: the instances of one callback).
 */
export interface ScanScope {
  kind: ResourceKind;
  within?: string;
}

export class ReadBatcher {
  /** Scans by kind, then by the parent they list within (none for a kind's whole list). */
  private readonly scans = new Map<ResourceKind, Map<string | undefined, Promise<Scan<unknown>>>>();
  private readonly ttlMs: number;
  private readonly maxPages: number;

  constructor(options: ReadBatcherOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxPages = options.maxPages ?? 10;
  }

  /**
   * The record `id` of `scope`, or undefined when it does not exist.
   * `firstPage` lists the scope (100 a page); `fetchOne` reads a single record when the scan was cut short.
   */
  async find<R extends { id: string }>(
    scope: ScanScope,
    id: string,
    firstPage: () => Promise<PageLike<R>>,
    fetchOne: (id: string) => Promise<R | undefined>,
  ): Promise<R | undefined> {
    const scan = (await this.scan(scope, firstPage)) as Scan<R>;
    const hit = scan.records.get(id);
    if (hit || scan.complete) return hit;
    return fetchOne(id);
  }

  /** The first record of the scope that satisfies `predicate` (only what the scan listed). */
  async findWhere<R extends { id: string }>(
    scope: ScanScope,
    firstPage: () => Promise<PageLike<R>>,
    predicate: (record: R) => boolean,
  ): Promise<R | undefined> {
    const scan = (await this.scan(scope, firstPage)) as Scan<R>;
    for (const record of scan.records.values()) if (predicate(record)) return record;
    return undefined;
  }

  /** Every record of the scope that satisfies `predicate` (only what the scan listed). */
  async filterWhere<R extends { id: string }>(scope: ScanScope, firstPage: () => Promise<PageLike<R>>, predicate: (record: R) => boolean): Promise<R[]> {
    const scan = (await this.scan(scope, firstPage)) as Scan<R>;
    return [...scan.records.values()].filter(predicate);
  }

  /** Drops every scan of a resource kind, whatever it lists within: called after a write to that kind. */
  invalidate(kind: ResourceKind): void {
    this.scans.delete(kind);
  }

  private scan<R extends { id: string }>(scope: ScanScope, firstPage: () => Promise<PageLike<R>>): Promise<Scan<unknown>> {
    const cached = this.scans.get(scope.kind)?.get(scope.within);
    if (cached) return cached.then((scan) => (Date.now() - scan.takenAt < this.ttlMs ? scan : this.rescan(scope, firstPage)));
    return this.rescan(scope, firstPage);
  }

  private rescan<R extends { id: string }>(scope: ScanScope, firstPage: () => Promise<PageLike<R>>): Promise<Scan<unknown>> {
    const promise = this.listScope(firstPage);
    let ofKind = this.scans.get(scope.kind);
    if (!ofKind) this.scans.set(scope.kind, (ofKind = new Map()));
    ofKind.set(scope.within, promise);
    // A failed scan must not answer later reads: they try again.
    promise.catch(() => {
      const current = this.scans.get(scope.kind);
      if (current?.get(scope.within) === promise) current.delete(scope.within);
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
