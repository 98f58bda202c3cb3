// The emulator's list mechanics without a server: array filter spellings, date bounds, and paging
// (walking `after` from page to page visits every record once, in order, whatever the page size).
import fc from "fast-check";
import { inRange, paginate, parseDateTime, Query } from "../../../emulator/query";

describe("Query.list reads every array spelling of the contract", () => {
  it.each([
    ["id=a&id=b", ["a", "b"]],
    ["id[]=a&id[]=b", ["a", "b"]],
    ["id[0]=a&id[1]=b", ["a", "b"]],
    ["id=a,b", ["a", "b"]],
    ["id=", []],
    ["other=a", undefined],
  ])("%s", (query, expected) => {
    expect(new Query(new URLSearchParams(query)).list("id")).toEqual(expected);
  });
});

describe("date bounds", () => {
  it("are exclusive and need a zone", () => {
    const at = Date.parse("2026-11-21T10:00:00.000Z");
    expect(inRange("2026-11-21T10:00:00.000Z", { gt: at })).toBe(false);
    expect(inRange("2026-11-21T10:00:00.001Z", { gt: at })).toBe(true);
    expect(inRange("2026-11-21T10:00:00.000Z", { lt: at })).toBe(false);
    expect(parseDateTime("2026-11-21T10:00:00")).toBeUndefined();
    expect(parseDateTime("2026-11-21T12:00:00+02:00")).toBe(at);
  });
});

describe("paginate", () => {
  const record = (i: number, sameInstant: boolean) => ({
    id: `r${String(i).padStart(3, "0")}`,
    created_at: new Date(sameInstant ? 0 : i * 1000).toISOString(),
  });

  it("walked by `after` visits every record once, in order, for any size, page size, order and ties", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 60 }),
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom<"asc" | "desc">("asc", "desc"),
        fc.boolean(),
        (count, limit, order, ties) => {
          const items = Array.from({ length: count }, (_, i) => record(i, ties));
          const byId = new Map(items.map((item) => [item.id, item]));
          const seen: string[] = [];
          let after: string | undefined;
          for (let pages = 0; pages <= count + 1; pages++) {
            const page = paginate(items, { limit, order, after }, (id) => byId.get(id));
            seen.push(...page.items.map((item) => item.id));
            if (!page.pagination.has_more_after) break;
            after = page.items[page.items.length - 1].id;
          }
          const expected = items.map((item) => item.id).sort();
          if (order === "desc") expected.reverse();
          expect(seen).toEqual(expected);
        },
      ),
    );
  });

  it("refuses an `after` that names no record of the list, naming the parameter", () => {
    expect(() => paginate([record(1, false)], { limit: 10, order: "desc", after: "nope" }, () => undefined)).toThrow(
      /after names no record/,
    );
  });
});
