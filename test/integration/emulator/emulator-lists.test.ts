import { startHarness, sleep, type Harness } from "./emulator-helpers";

let h: Harness;
const roles: { id: string; created_at: string }[] = [];
beforeAll(async () => {
  h = await startHarness();
  // 7 custom roles + 3 default roles, created a few ms apart so the order is known.
  for (let i = 0; i < 7; i++) {
    roles.push((await h.dev("POST", "/roles", { name: `Role ${i}`, slug: `role-${i}`, permissions: [] })).body);
    await sleep(3);
  }
});
afterAll(() => h.emu.close());

const page = async (query: string) => (await h.dev("GET", `/roles?${query}`)).body;
const ids = (body: { items: { id: string }[] }) => body.items.map((r) => r.id);

describe("pagination", () => {
  test("desc by created_at by default, asc on request", async () => {
    const all = await page("limit=100");
    expect(all.items).toHaveLength(10);
    const created = all.items.map((r: { created_at: string }) => r.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(ids(all).slice(0, 7)).toEqual(roles.map((r) => r.id).reverse());
    expect(ids(await page("limit=100&order=asc"))).toEqual(ids(all).reverse());
  });

  test("after / cursor / before page relative to a record, with has_more flags", async () => {
    const all = ids(await page("limit=100"));
    const first = await page("limit=3");
    expect(ids(first)).toEqual(all.slice(0, 3));
    expect(first.pagination).toEqual({ has_more_after: true, has_more_before: false });
    const second = await page(`limit=3&after=${all[2]}`);
    expect(ids(second)).toEqual(all.slice(3, 6));
    expect(second.pagination).toEqual({ has_more_after: true, has_more_before: true });
    expect(ids(await page(`limit=3&cursor=${all[2]}`))).toEqual(all.slice(3, 6));
    const last = await page(`limit=3&after=${all[8]}`);
    expect(ids(last)).toEqual([all[9]]);
    expect(last.pagination).toEqual({ has_more_after: false, has_more_before: true });
    const back = await page(`limit=3&before=${all[6]}`);
    expect(ids(back)).toEqual(all.slice(3, 6));
    expect(back.pagination).toEqual({ has_more_after: true, has_more_before: true });
    const start = await page(`limit=3&before=${all[2]}`);
    expect(ids(start)).toEqual(all.slice(0, 2));
    expect(start.pagination).toEqual({ has_more_after: true, has_more_before: false });
    expect(ids(await page(`limit=2&order=asc&after=${all[9]}`))).toEqual([all[8], all[7]]);
  });

  test("walking every page with after visits each record once", async () => {
    const seen: string[] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 20; guard++) {
      const body = await page(`limit=4${after ? `&after=${after}` : ""}`);
      seen.push(...ids(body));
      if (!body.pagination.has_more_after) break;
      after = seen[seen.length - 1];
    }
    expect(seen).toEqual(ids(await page("limit=100")));
  });

  test("bad page parameters are 400 invalid_request naming the parameter", async () => {
    for (const [query, param] of [
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["limit=ten", "limit"],
      ["limit=-1", "limit"],
      ["order=up", "order"],
      ["after=rol_00000000000000000000", "after"],
      ["before=nope", "before"],
      [`after=${roles[0].id}&before=${roles[1].id}`, "before"],
      ["created_at[gt]=yesterday", "created_at[gt]"],
      ["created_at=2026-01-01T00:00:00Z", "created_at"],
      ["created_at[eq]=2026-01-01T00:00:00Z", "created_at[eq]"],
    ]) {
      const reply = await h.dev("GET", `/roles?${query}`);
      expect({ query, status: reply.status, code: reply.body.code }).toEqual({
        query,
        status: 400,
        code: "invalid_request",
      });
      expect(reply.body.errors.map((e: { path: string[] }) => e.path[0])).toContain(param);
      expect(reply.body.message).toContain(param);
    }
  });

  test("unknown query parameters are ignored", async () => {
    expect((await h.dev("GET", "/roles?colour=red&limit=2")).body.items).toHaveLength(2);
  });
});

describe("filters", () => {
  test("array filters in every spelling", async () => {
    const [a, b, c] = roles.map((r) => r.id);
    const want = [a, b, c].sort();
    for (const query of [
      `id=${a}&id=${b}&id=${c}`,
      `id[]=${a}&id[]=${b}&id[]=${c}`,
      `id[0]=${a}&id[1]=${b}&id[2]=${c}`,
      `id=${a},${b},${c}`,
      `id=${a},${b}&id[]=${c}`,
    ]) {
      expect(ids(await page(query)).sort()).toEqual(want);
    }
    expect(ids(await page(`id=${a}`))).toEqual([a]);
  });

  test("date ranges are exclusive on both ends", async () => {
    const [r0, r1, r2] = roles;
    const gt = encodeURIComponent(r0.created_at);
    const lt = encodeURIComponent(r2.created_at);
    expect(ids(await page(`created_at[gt]=${gt}&created_at[lt]=${lt}`))).toEqual([r1.id]);
    expect(ids(await page(`updated_at[gt]=${encodeURIComponent(roles[6].created_at)}`))).toEqual([]);
  });
});
