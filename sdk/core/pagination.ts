// Paged lists (openai-node style): `await list()` gives the first page, `for await (const item of
// list())` walks every item of every page. Pages follow `has_more_after` with `after=<last id>`.
// The first request is sent when the PagePromise is first awaited or iterated, not before, so an
// unused list neither costs a request nor leaves an unhandled rejection behind.

import { z } from "zod";

export interface Page<T> {
  items: T[];
  hasMoreAfter: boolean;
  hasMoreBefore: boolean;
  /** The page after this one, or null when there is none. */
  nextPage(): Promise<Page<T> | null>;
}

/**
 * The list envelope of every list endpoint, as seen after casing conversion. `items` and
 * `has_more_after` are what a walk cannot do without: a page that left out whether more follow could
 * only be taken as the last, and a scan cut short that way would report records as gone.
 */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.looseObject({
    items: z.array(item),
    pagination: z.looseObject({ hasMoreAfter: z.boolean(), hasMoreBefore: z.boolean().nullish() }),
  });
}

export interface ListEnvelope<T> {
  items: T[];
  pagination: { hasMoreAfter: boolean; hasMoreBefore?: boolean | null };
}

/**
 * The caller's list parameters, moved on to the page after `after` when following pages (a
 * `before` or `cursor` of the caller's would contradict it, so they are dropped).
 */
export function withAfter<P extends object>(params: P, after: string | undefined): P {
  if (after === undefined) return params;
  const { before: _before, cursor: _cursor, ...rest } = params as P & { before?: unknown; cursor?: unknown };
  return { ...rest, after } as P;
}

/** Fetches one page given the cursor to start after (undefined: the caller's own parameters). */
export type PageFetcher<T> = (after: string | undefined) => Promise<ListEnvelope<T>>;

export class PagePromise<T extends { id: string }> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  readonly #fetch: PageFetcher<T>;
  #first: Promise<Page<T>> | undefined;

  constructor(fetch: PageFetcher<T>) {
    this.#fetch = fetch;
  }

  then<A = Page<T>, B = never>(
    onfulfilled?: ((page: Page<T>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#firstPage().then(onfulfilled, onrejected);
  }

  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page<T> | B> {
    return this.#firstPage().catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<Page<T>> {
    return this.#firstPage().finally(onfinally);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let page: Page<T> | null = await this.#firstPage();
    while (page) {
      for (const item of page.items) yield item;
      page = await page.nextPage();
    }
  }

  get [Symbol.toStringTag](): string {
    return "PagePromise";
  }

  #firstPage(): Promise<Page<T>> {
    this.#first ??= loadPage(this.#fetch, undefined);
    return this.#first;
  }
}

async function loadPage<T extends { id: string }>(fetch: PageFetcher<T>, after: string | undefined): Promise<Page<T>> {
  const envelope = await fetch(after);
  const { items } = envelope;
  const { hasMoreAfter, hasMoreBefore } = envelope.pagination;
  const last = items.at(-1);
  return {
    items,
    hasMoreAfter,
    hasMoreBefore: hasMoreBefore ?? false,
    // An empty page that claims more would page from nowhere; stop rather than loop.
    nextPage: () => (hasMoreAfter && last ? loadPage(fetch, last.id) : Promise.resolve(null)),
  };
}
