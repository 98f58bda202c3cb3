import { json, mockedClient, wireRole } from "./helpers";

function mockRolePages(pool: ReturnType<typeof mockedClient>["pool"], total: number, pageSize: number) {
  const roles = Array.from({ length: total }, (_, i) => wireRole(i + 1));
  const paths: string[] = [];
  pool
    .intercept({ path: (p) => p.startsWith("/roles?") || p === "/roles", method: "GET" })
    .reply((opts) => {
      paths.push(opts.path);
      const query = new URL(opts.path, "http://x").searchParams;
      const after = query.get("after");
      const start = after ? roles.findIndex((r) => r.id === after) + 1 : 0;
      const items = roles.slice(start, start + pageSize);
      return {
        statusCode: 200,
        data: { items, pagination: { has_more_after: start + pageSize < total, has_more_before: start > 0 } },
        responseOptions: { headers: json },
      };
    })
    .persist();
  return paths;
}

describe("pagination", () => {
  it("awaits to the first page and follows nextPage to the end", async () => {
    const { client, pool } = mockedClient();
    mockRolePages(pool, 7, 3);
    const first = await client.roles.list({ limit: 3 });
    expect(first.items.map((r) => r.slug)).toEqual(["role-1", "role-2", "role-3"]);
    expect(first).toMatchObject({ hasMoreAfter: true, hasMoreBefore: false });
    const second = await first.nextPage();
    expect(second?.items.map((r) => r.slug)).toEqual(["role-4", "role-5", "role-6"]);
    const third = await second!.nextPage();
    expect(third?.items.map((r) => r.slug)).toEqual(["role-7"]);
    expect(third?.hasMoreAfter).toBe(false);
    expect(await third!.nextPage()).toBeNull();
  });

  it("iterates every item of every page with for await, keeping the caller's filters", async () => {
    const { client, pool } = mockedClient();
    const paths = mockRolePages(pool, 10, 4);
    const slugs: string[] = [];
    for await (const role of client.roles.list({ limit: 4, order: "asc" })) slugs.push(role.slug!);
    expect(slugs).toHaveLength(10);
    expect(new Set(slugs).size).toBe(10);
    expect(paths).toEqual([
      "/roles?limit=4&order=asc",
      "/roles?limit=4&order=asc&after=rol_00000000000000000004",
      "/roles?limit=4&order=asc&after=rol_00000000000000000008",
    ]);
  });

  it("sends nothing until the list is awaited or iterated", async () => {
    const { client, pool } = mockedClient();
    const paths = mockRolePages(pool, 1, 1);
    const pending = client.roles.list();
    await new Promise((r) => setTimeout(r, 10));
    expect(paths).toHaveLength(0);
    await pending;
    expect(paths).toHaveLength(1);
  });
});
