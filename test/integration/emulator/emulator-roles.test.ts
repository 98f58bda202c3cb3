import { ID_FORMAT, startHarness, TIMESTAMP, type Harness } from "./emulator-helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.emu.close());
beforeEach(async () => {
  await h.control("POST", "/_emulator/reset");
});

const ROLE = {
  name: "Support agent",
  slug: "support-agent",
  description: "Answers tickets.",
  permissions: ["thread_create", "thread_read"],
};

describe("roles", () => {
  test("the list uses the common envelope and holds the default roles", async () => {
    const list = await h.dev("GET", "/roles");
    expect(list.status).toBe(200);
    expect(list.body.pagination).toEqual({ has_more_after: false, has_more_before: false });
    expect(list.body.items.map((r: { slug: string }) => r.slug).sort()).toEqual(
      h.emu.fixtures.roles.map((r) => r.slug).sort(),
    );
    expect(list.body.items.every((r: { isDefault: boolean }) => r.isDefault)).toBe(true);
    const page = await h.dev("GET", "/roles?limit=2");
    expect(page.body.items).toHaveLength(2);
    expect(page.body.pagination.has_more_after).toBe(true);
  });

  test("create returns the record with camelCase isDefault", async () => {
    const reply = await h.dev("POST", "/roles", ROLE);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      object: "role",
      id: reply.body.id,
      ...ROLE,
      isDefault: false,
      created_at: reply.body.created_at,
      updated_at: reply.body.created_at,
    });
    expect(reply.body.id).toMatch(ID_FORMAT("rol_"));
    expect(reply.body.created_at).toMatch(TIMESTAMP);
    expect((await h.dev("GET", `/roles/${reply.body.id}`)).body).toEqual(reply.body);
    expect((await h.dev("GET", "/roles?slug=support-agent")).body.items).toHaveLength(1);
  });

  test("description defaults to an empty string", async () => {
    const { description: _omit, ...withoutDescription } = ROLE;
    expect((await h.dev("POST", "/roles", withoutDescription)).body.description).toBe("");
  });

  test("the slug is unique per environment: already_exists with the id in the hint", async () => {
    const first = await h.dev("POST", "/roles", ROLE);
    const second = await h.dev("POST", "/roles", { ...ROLE, name: "Other" });
    expect(second.status).toBe(422);
    expect(second.body.code).toBe("already_exists");
    expect(second.body.hint).toContain(first.body.id);
    expect((await h.prod("POST", "/roles", ROLE)).status).toBe(200);
    const taken = await h.dev("POST", "/roles", { ...ROLE, slug: "owner" });
    expect(taken.body.hint).toContain(h.emu.fixtures.roles.find((role) => role.slug === "owner")!.ids.development);
  });

  test("PUT and POST both replace a role", async () => {
    const role = (await h.dev("POST", "/roles", ROLE)).body;
    const put = await h.dev("PUT", `/roles/${role.id}`, { name: "Agent", slug: "agent", permissions: ["thread_read"] });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      id: role.id,
      name: "Agent",
      slug: "agent",
      description: "",
      permissions: ["thread_read"],
      isDefault: false,
      created_at: role.created_at,
    });
    const post = await h.dev("POST", `/roles/${role.id}`, {
      name: "Agent 2",
      slug: "agent",
      permissions: [],
      description: "d",
    });
    expect(post.body).toMatchObject({ name: "Agent 2", permissions: [], description: "d" });
    const incomplete = await h.dev("PUT", `/roles/${role.id}`, { name: "x" });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.errors.map((e: { path: string[] }) => e.path[0]).sort()).toEqual(["permissions", "slug"]);
    const other = (await h.dev("POST", "/roles", { ...ROLE, slug: "other" })).body;
    const clash = await h.dev("PUT", `/roles/${role.id}`, { ...ROLE, slug: "other" });
    expect(clash.body.code).toBe("already_exists");
    expect(clash.body.hint).toContain(other.id);
  });

  test("default roles cannot be changed", async () => {
    const owner = h.emu.fixtures.roles.find((r) => r.slug === "owner")!;
    const reply = await h.dev("PUT", `/roles/${owner.id}`, {
      name: "Boss",
      slug: "owner",
      permissions: ["thread_read"],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe("invalid_action");
  });

  test("permissions come from the catalog, unique; slugs follow the pattern", async () => {
    const bad = await h.dev("POST", "/roles", {
      ...ROLE,
      slug: "Bad Slug",
      permissions: ["thread_read", "fly", "thread_read"],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ["slug"], code: "invalid_format" }),
        expect.objectContaining({ path: ["permissions", 1], code: "invalid_value" }),
        expect.objectContaining({ path: ["permissions", 2], code: "duplicate" }),
      ]),
    );
    expect((await h.dev("POST", "/roles", { ...ROLE, slug: "a".repeat(65) })).body.errors[0]).toMatchObject({
      path: ["slug"],
      code: "too_long",
    });
    expect((await h.dev("POST", "/roles", { ...ROLE, permissions: "thread_read" })).body.errors[0]).toMatchObject({
      path: ["permissions"],
      code: "invalid_type",
    });
    expect((await h.dev("POST", "/roles", { ...ROLE, isDefault: true })).body.errors[0]).toMatchObject({
      path: ["isDefault"],
      code: "not_updatable",
    });
  });

  test("there is no DELETE: 404 not_found", async () => {
    const role = (await h.dev("POST", "/roles", ROLE)).body;
    const reply = await h.dev("DELETE", `/roles/${role.id}`);
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe("not_found");
    expect((await h.dev("GET", `/roles/${role.id}`)).status).toBe(200);
    expect((await h.dev("GET", "/roles/rol_00000000000000000000")).status).toBe(404);
  });
});
