// Reads during a refresh are served from scans of a scope (all callbacks, the instances of one
// callback, the configs of one provider, ...) listed 100 records a page, instead of one GET per
// resource. The engine issues at most --parallel (8) reads at once, so a batcher that merely waited
// for reads to pile up would see 8 ids at a time; scanning the scope once serves every read of it.
// One batcher lives per plugin process, so every resource of a run shares it.
import type { ResourceKind } from "../shapes/shape";

/** The part of an SDK page the batcher needs. */
export interface PageLike<R> {
  items: R[];
  hasMoreAfter: boolean;
  nextPage(): Promise<PageLike<R> | null>;
}

/**
 * One listing of a scope, page by page. A read is answered by the page that lists its record, without
 * waiting for the rest: lists come newest first, so the records a program made lately are on the
 * first pages, and a scope that an account has grown to many pages (roles, which the API never
 * deletes) holds back only the reads of records it has not listed yet.
 */
class Scan<R extends { id: string }> {
  readonly records = new Map<string, R>();
  /** Reads waiting for their id to be listed. */
  private readonly waiting = new Map<string, Array<(record: R) => void>>();
  /** Resolves once the listing ends: true when every record of the scope was listed (so an id it lacks no longer exists). */
  readonly ended: Promise<boolean>;
  /** When the listing ended; until then the scan is current. */
  endedAt = Infinity;

  constructor(firstPage: () => Promise<PageLike<R>>, maxPages: number) {
    this.ended = this.list(firstPage, maxPages).finally(() => {
      this.endedAt = Date.now();
      this.waiting.clear();
    });
  }

  /** The record, as soon as a page lists it; undefined once the listing ended without it. */
  async find(id: string): Promise<R | undefined> {
    const listed = this.records.get(id);
    if (listed || this.endedAt !== Infinity) return listed;
    return new Promise<R | undefined>((resolve, reject) => {
      const waiters = this.waiting.get(id) ?? [];
      if (waiters.length === 0) this.waiting.set(id, waiters);
      waiters.push(resolve);
      this.ended.then(() => resolve(this.records.get(id)), reject);
    });
  }

  private async list(firstPage: () => Promise<PageLike<R>>, maxPages: number): Promise<boolean> {
    let page: PageLike<R> | null = await firstPage();
    for (let pages = 1; ; pages++) {
      for (const record of page.items) {
        this.records.set(record.id, record);
        const waiters = this.waiting.get(record.id);
        if (waiters) {
          this.waiting.delete(record.id);
          for (const resolve of waiters) resolve(record);
        }
      }
      if (!page.hasMoreAfter) return true;
      if (pages >= maxPages) return false;
      page = await page.nextPage();
      if (!page) return true;
    }
  }
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
  private readonly scans = new Map<ResourceKind, Map<string | undefined, unknown>>();
  /** First pages another request listed already, by kind and parent, with when they were listed. */
  private readonly offered = new Map<ResourceKind, Map<string | undefined, { page: unknown; listedAt: number }>>();
  private readonly ttlMs: number;
  private readonly maxPages: number;

  constructor(options: ReadBatcherOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxPages = options.maxPages ?? 10;
  }

  /**
   * The record `id` of `scope`, or undefined when it does not exist: answered by the page of the
   * scope's scan that lists it. `firstPage` lists the scope (100 a page); `fetchOne` reads a single
   * record when the scan was cut short before listing it.
   */
  async find<R extends { id: string }>(
    scope: ScanScope,
    id: string,
    firstPage: () => Promise<PageLike<R>>,
    fetchOne: (id: string) => Promise<R | undefined>,
  ): Promise<R | undefined> {
    const scan = this.scan(scope, firstPage);
    const hit = await scan.find(id);
    if (hit || (await scan.ended)) return hit;
    return fetchOne(id);
  }

  /** The first record of the scope that satisfies `predicate` (only what the scan listed). */
  async findWhere<R extends { id: string }>(
    scope: ScanScope,
    firstPage: () => Promise<PageLike<R>>,
    predicate: (record: R) => boolean,
  ): Promise<R | undefined> {
    return (await this.listed(scope, firstPage)).find(predicate);
  }

  /** Every record of the scope that satisfies `predicate` (only what the scan listed). */
  async filterWhere<R extends { id: string }>(
    scope: ScanScope,
    firstPage: () => Promise<PageLike<R>>,
    predicate: (record: R) => boolean,
  ): Promise<R[]> {
    return (await this.listed(scope, firstPage)).filter(predicate);
  }

  /**
   * The first page of a scope, listed by another request of this run anyway (the native provider's
   * question of which environment its key reaches lists the roles): the scope's next scan starts from
   * it instead of asking again, if that comes within the scans' TTL of `listedAt`.
   */
  offer<R extends { id: string }>(scope: ScanScope, page: PageLike<R>, listedAt = Date.now()): void {
    let ofKind = this.offered.get(scope.kind);
    if (!ofKind) this.offered.set(scope.kind, (ofKind = new Map()));
    ofKind.set(scope.within, { page, listedAt });
  }

  /** Drops every scan of a resource kind, whatever it lists within, and any page offered: called after a write to that kind. */
  invalidate(kind: ResourceKind): void {
    this.scans.delete(kind);
    this.offered.delete(kind);
  }

  /** Every record of the scope the scan listed, once it ended. */
  private async listed<R extends { id: string }>(
    scope: ScanScope,
    firstPage: () => Promise<PageLike<R>>,
  ): Promise<R[]> {
    const scan = this.scan(scope, firstPage);
    await scan.ended;
    return [...scan.records.values()];
  }

  /** The scope's scan: the current one (still listing, or ended less than the TTL ago), else a new one. */
  private scan<R extends { id: string }>(scope: ScanScope, firstPage: () => Promise<PageLike<R>>): Scan<R> {
    let ofKind = this.scans.get(scope.kind);
    const current = ofKind?.get(scope.within) as Scan<R> | undefined;
    if (current && Date.now() - current.endedAt < this.ttlMs) return current;
    const offered = this.takeOffered<R>(scope);
    const scan = new Scan(offered ? () => Promise.resolve(offered) : firstPage, this.maxPages);
    if (!ofKind) this.scans.set(scope.kind, (ofKind = new Map()));
    ofKind.set(scope.within, scan);
    // A failed scan must not answer later reads: they try again.
    scan.ended.catch(() => {
      const scansOfKind = this.scans.get(scope.kind);
      if (scansOfKind?.get(scope.within) === scan) scansOfKind.delete(scope.within);
    });
    return scan;
  }

  /** The page offered for the scope, once, while it is fresh. */
  private takeOffered<R extends { id: string }>(scope: ScanScope): PageLike<R> | undefined {
    const ofKind = this.offered.get(scope.kind);
    const offered = ofKind?.get(scope.within);
    if (!offered) return undefined;
    ofKind!.delete(scope.within);
    return Date.now() - offered.listedAt < this.ttlMs ? (offered.page as PageLike<R>) : undefined;
  }
}
