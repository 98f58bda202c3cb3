// The read batcher serves every read of a scope from one scan, falls back to single reads when a scan
// is cut short, and forgets a scope after a write to it.
import { ReadBatcher, type PageLike } from "../../../provider/engine/read-batcher";

type Rec = { id: string };

/** A scope of `count` records served in pages of `size`, counting the pages listed. */
function scope(count: number, size = 100) {
  const records = Array.from({ length: count }, (_, i) => ({ id: `r${i}` }));
  const calls = { pages: 0, single: 0 };
  const page = (start: number): PageLike<Rec> => {
    calls.pages++;
    const items = records.slice(start, start + size);
    return { items, hasMoreAfter: start + size < records.length, nextPage: async () => page(start + size) };
  };
  return {
    calls,
    firstPage: async () => page(0),
    fetchOne: async (id: string) => {
      calls.single++;
      return records.find((r) => r.id === id);
    },
  };
}

describe("ReadBatcher", () => {
  it("answers hundreds of concurrent reads with one scan of 100 a page", async () => {
    const batcher = new ReadBatcher();
    const s = scope(250);
    const results = await Promise.all(
      Array.from({ length: 250 }, (_, i) => batcher.find({ kind: "Role" }, `r${i}`, s.firstPage, s.fetchOne)),
    );
    expect(results.every((r, i) => r?.id === `r${i}`)).toBe(true);
    expect(s.calls).toEqual({ pages: 3, single: 0 });
  });

  it("answers a read from the page that lists its record, before the scan's later pages are listed", async () => {
    const batcher = new ReadBatcher();
    const s = scope(250);
    let releaseLaterPages = () => {};
    const gate = new Promise<void>((resolve) => (releaseLaterPages = resolve));
    const firstPage = async (): Promise<PageLike<Rec>> => {
      const first = await s.firstPage();
      return { ...first, nextPage: async () => (await gate, first.nextPage()) };
    };
    const onFirstPage = batcher.find({ kind: "Role" }, "r5", firstPage, s.fetchOne);
    const onLastPage = batcher.find({ kind: "Role" }, "r249", firstPage, s.fetchOne);
    const missing = batcher.find({ kind: "Role" }, "gone", firstPage, s.fetchOne);
    let laterSettled = false;
    void Promise.all([onLastPage, missing]).then(() => (laterSettled = true));
    expect((await onFirstPage)?.id).toBe("r5");
    expect(laterSettled).toBe(false);
    expect(s.calls.pages).toBe(1);
    releaseLaterPages();
    expect((await onLastPage)?.id).toBe("r249");
    expect(await missing).toBeUndefined();
    expect(s.calls).toEqual({ pages: 3, single: 0 });
  });

  it("reports an id missing from a complete scan as gone, without another request", async () => {
    const batcher = new ReadBatcher();
    const s = scope(5);
    expect(await batcher.find({ kind: "Role" }, "nope", s.firstPage, s.fetchOne)).toBeUndefined();
    expect(s.calls).toEqual({ pages: 1, single: 0 });
  });

  it("reads single records when the scan was cut short", async () => {
    const batcher = new ReadBatcher({ maxPages: 1 });
    const s = scope(150);
    expect((await batcher.find({ kind: "Role" }, "r120", s.firstPage, s.fetchOne))?.id).toBe("r120");
    expect(s.calls).toEqual({ pages: 1, single: 1 });
  });

  it("scans again after a write invalidates the scope, and after a failed scan", async () => {
    const batcher = new ReadBatcher();
    const s = scope(3);
    await batcher.find({ kind: "ProviderConfig", within: "prov_a" }, "r1", s.firstPage, s.fetchOne);
    await batcher.find({ kind: "ProviderConfig", within: "prov_a" }, "r2", s.firstPage, s.fetchOne);
    expect(s.calls.pages).toBe(1);
    batcher.invalidate("ProviderConfig");
    await batcher.find({ kind: "ProviderConfig", within: "prov_a" }, "r1", s.firstPage, s.fetchOne);
    expect(s.calls.pages).toBe(2);

    let fail = true;
    const flaky = async () => {
      if (fail) {
        fail = false;
        throw new Error("503");
      }
      return s.firstPage();
    };
    await expect(batcher.find({ kind: "Callback" }, "r1", flaky, s.fetchOne)).rejects.toThrow("503");
    expect((await batcher.find({ kind: "Callback" }, "r1", flaky, s.fetchOne))?.id).toBe("r1");
  });

  it("regression: a write to callbacks keeps the scans of callback instances (a kind is matched whole, not as a prefix)", async () => {
    const batcher = new ReadBatcher();
    const callbacks = scope(2);
    const instances = scope(2);
    await batcher.find({ kind: "Callback" }, "r0", callbacks.firstPage, callbacks.fetchOne);
    await batcher.find({ kind: "CallbackInstance", within: "cb_1" }, "r0", instances.firstPage, instances.fetchOne);
    batcher.invalidate("Callback");
    await batcher.find({ kind: "CallbackInstance", within: "cb_1" }, "r1", instances.firstPage, instances.fetchOne);
    await batcher.find({ kind: "Callback" }, "r1", callbacks.firstPage, callbacks.fetchOne);
    expect(instances.calls.pages).toBe(1);
    expect(callbacks.calls.pages).toBe(2);
  });

  it("starts a scope's next scan from a page another request listed, once and while fresh, and not after a write", async () => {
    const batcher = new ReadBatcher({ ttlMs: 1_000 });
    const s = scope(150);
    const offered = scope(150);
    batcher.offer({ kind: "Role" }, await offered.firstPage());
    expect((await batcher.find({ kind: "Role" }, "r120", s.firstPage, s.fetchOne))?.id).toBe("r120");
    // The offered page stood for the scan's first: only its second page was listed.
    expect([s.calls, offered.calls]).toEqual([
      { pages: 0, single: 0 },
      { pages: 2, single: 0 },
    ]);

    // Listed longer ago than the TTL: the scan lists afresh.
    const stale = new ReadBatcher({ ttlMs: 1_000 });
    const listedAgain = scope(50);
    stale.offer({ kind: "Role" }, await scope(50).firstPage(), Date.now() - 2_000);
    await stale.find({ kind: "Role" }, "r1", listedAgain.firstPage, listedAgain.fetchOne);
    expect(listedAgain.calls.pages).toBe(1);

    // A write to the kind drops it: what it lists may have changed.
    const written = new ReadBatcher();
    written.offer({ kind: "Role" }, await scope(50).firstPage());
    written.invalidate("Role");
    const after = scope(50);
    await written.find({ kind: "Role" }, "r1", after.firstPage, after.fetchOne);
    expect(after.calls.pages).toBe(1);
  });
});
