import { request } from "undici";
import { fixtureId as fid } from "../../../emulator/ids";
import { client, startHarness, type Harness } from "./emulator-helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.emu.close());
beforeEach(async () => {
  await h.control("POST", "/_emulator/reset");
});

describe("control plane", () => {
  test("health", async () => {
    const reply = await h.control("GET", "/_emulator/health");
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: "ok", db: ":memory:", clock: { offset_ms: 0 } });
  });

  test("fixtures: the documented catalog, the same object the in-process API returns", async () => {
    const reply = await h.control("GET", "/_emulator/fixtures");
    expect(reply.body).toEqual(JSON.parse(JSON.stringify(h.emu.fixtures)));
    const f = reply.body;
    expect(f.environments).toEqual([
      { id: expect.stringMatching(/^env_/), type: "development", keys: h.emu.keys.development },
      { id: expect.stringMatching(/^env_/), type: "production", keys: h.emu.keys.production },
    ]);
    expect(f.permissions.slice(0, 2)).toEqual(["thread_create", "thread_read"]);
    const enabled = f.integration_providers.filter((p: { triggers_enabled: boolean }) => p.triggers_enabled);
    expect(enabled.length).toBeGreaterThanOrEqual(3);
    expect(f.integration_providers.some((p: { triggers_enabled: boolean }) => !p.triggers_enabled)).toBe(true);
    for (const provider of f.providers) {
      expect(provider.deployments.map((d: { id: string }) => d.id)).toContain(provider.default_deployment_id);
      expect(provider).toEqual(
        expect.objectContaining({ config_vaults: expect.any(Array), auth_configs: expect.any(Array) }),
      );
    }
    const allIds: string[] =
      JSON.stringify(f).match(/"(?:int|intp|prov|pdep|pcvt|pac|pcfg|cprov|cpd|cpv|rol|inst|env)_[^"]*"/g) ?? [];
    for (const id of allIds) expect(id).toMatch(/^"[a-z]+_[0-9A-Za-z]{20}"$/);
    expect(
      f.custom_providers.flatMap((c: { deployments: { final_status: string }[] }) =>
        c.deployments.map((d) => d.final_status),
      ),
    ).toContain("failed");
  });

  test("reset: back to fixtures only, counters zeroed, clock back", async () => {
    await h.dev("POST", "/roles", { name: "x", slug: "x", permissions: [] });
    await h.control("POST", "/_emulator/clock", { advance_ms: 5000 });
    const reset = await h.control("POST", "/_emulator/reset");
    expect(reset.body.clock.offset_ms).toBe(0);
    expect((await h.dev("GET", "/roles?slug=x")).body.items).toEqual([]);
    expect((await h.dev("GET", "/roles")).body.items).toHaveLength(h.emu.fixtures.roles.length);
    const counters = await h.control("GET", "/_emulator/requests");
    expect(counters.body.total).toBe(2);
  });

  test("request counters by route and by key; 429s and faults included", async () => {
    const cb = await h.dev("POST", "/callbacks", { integration_provider_id: fid("intp_", "github") });
    await h.dev("GET", `/callbacks/${cb.body.id}`);
    await h.dev("GET", `/callbacks/${cb.body.id}`);
    await h.prod("GET", "/callbacks/cb_x");
    await h.anonymous("GET", "/roles");
    await h.control("POST", "/_emulator/faults", { rules: [{ path: "/roles", status: 503 }] });
    await h.dev("GET", "/roles");
    const reply = await h.control("GET", "/_emulator/requests");
    const dev = h.emu.fixtures.environments[0].id;
    const prod = h.emu.fixtures.environments[1].id;
    expect(reply.body).toEqual({
      total: 6,
      rate_limited: 0,
      by_route: { "POST /callbacks": 1, "GET /callbacks/{callback_id}": 3, "GET /roles": 2 },
      by_key: { [`${dev}:secret`]: 4, [`${prod}:secret`]: 1 },
    });
    expect((await h.control("DELETE", "/_emulator/requests")).body).toEqual({
      total: 0,
      rate_limited: 0,
      by_route: {},
      by_key: {},
    });
  });

  test("clock: advance moves time forward; bad bodies are 422", async () => {
    const before = Date.parse((await h.control("GET", "/_emulator/clock")).body.now);
    const moved = await h.control("POST", "/_emulator/clock", { advance_ms: 3_600_000 });
    expect(Date.parse(moved.body.now) - before).toBeGreaterThanOrEqual(3_600_000);
    const role = await h.dev("POST", "/roles", { name: "x", slug: "later", permissions: [] });
    expect(Date.parse(role.body.created_at) - Date.now()).toBeGreaterThan(3_500_000);
    expect((await h.control("POST", "/_emulator/clock", { advance_ms: -1 })).status).toBe(422);
    expect((await h.control("POST", "/_emulator/clock", {})).status).toBe(422);
  });

  test("unknown control routes are 404", async () => {
    expect((await h.control("GET", "/_emulator/nothing")).status).toBe(404);
    expect((await h.control("POST", "/_emulator/callbacks/cb_nope/archive")).status).toBe(404);
  });
});

describe("fault rules", () => {
  test("status and code, limited by count, matched by method and glob", async () => {
    await h.control("POST", "/_emulator/faults", {
      rules: [
        { method: "GET", path: "/callbacks/*", status: 503, code: "service_unavailable", count: 2, retry_after: 3 },
      ],
    });
    const cb = await h.dev("POST", "/callbacks", { integration_provider_id: fid("intp_", "github") });
    expect(cb.status).toBe(200);
    const first = await h.dev("GET", `/callbacks/${cb.body.id}`);
    expect(first.status).toBe(503);
    expect(first.body).toMatchObject({ object: "error", status: 503, code: "service_unavailable" });
    expect(first.headers.get("retry-after")).toBe("3");
    expect((await h.dev("GET", `/callbacks/${cb.body.id}`)).status).toBe(503);
    expect((await h.dev("GET", `/callbacks/${cb.body.id}`)).status).toBe(200);
    expect((await h.dev("GET", "/callbacks")).status).toBe(200);
    const described = await h.control("GET", "/_emulator/faults");
    expect(described.body.rules[0]).toMatchObject({ fired: 2, remaining: 0 });
  });

  test("** matches any depth; a status alone picks the catalog code", async () => {
    await h.control("POST", "/_emulator/faults", { rules: [{ path: "/callbacks/**", status: 500 }] });
    expect((await h.dev("GET", "/callbacks")).body.code).toBe("internal_error");
    expect((await h.dev("GET", "/callbacks/cb_x/instances/cbi_y")).status).toBe(500);
    expect((await h.dev("GET", "/roles")).status).toBe(200);
    await h.control("DELETE", "/_emulator/faults");
    expect((await h.dev("GET", "/callbacks")).status).toBe(200);
  });

  test("probability with a seed repeats exactly", async () => {
    const run = async () => {
      await h.control("POST", "/_emulator/faults", {
        seed: 42,
        rules: [{ path: "/roles", status: 500, probability: 0.5 }],
      });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await h.dev("GET", "/roles")).status);
      return statuses;
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    expect(a.filter((s) => s === 500).length).toBeGreaterThan(5);
    expect(a.filter((s) => s === 200).length).toBeGreaterThan(5);
  });

  test("latency_ms delays, with jitter_ms on top", async () => {
    await h.control("POST", "/_emulator/faults", {
      seed: 7,
      rules: [{ path: "/roles", latency_ms: 150, jitter_ms: 50 }],
    });
    const started = Date.now();
    const reply = await h.dev("GET", "/roles");
    const elapsed = Date.now() - started;
    expect(reply.status).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(145);
    expect(elapsed).toBeLessThan(1000);
  });

  test("drop_after_commit applies the change, then drops the connection", async () => {
    await h.control("POST", "/_emulator/faults", {
      rules: [{ method: "POST", path: "/roles", drop_after_commit: true, count: 1 }],
    });
    await expect(
      request(`${h.emu.url}/roles`, {
        method: "POST",
        headers: { Authorization: `Bearer ${h.emu.keys.development.secret}`, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Dropped", slug: "dropped", permissions: [] }),
      }),
    ).rejects.toThrow();
    const list = await h.dev("GET", "/roles?slug=dropped");
    expect(list.body.items).toHaveLength(1);
    // The retry sees the committed write.
    expect((await h.dev("POST", "/roles", { name: "Dropped", slug: "dropped", permissions: [] })).body.code).toBe(
      "already_exists",
    );
  });

  test("late_commit_held drops the connection and applies the change when the test releases it", async () => {
    await h.control("POST", "/_emulator/faults", {
      rules: [{ method: "POST", path: "/roles", late_commit_held: true, count: 1 }],
    });
    await expect(
      request(`${h.emu.url}/roles`, {
        method: "POST",
        headers: { Authorization: `Bearer ${h.emu.keys.development.secret}`, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Held", slug: "held", permissions: [] }),
      }),
    ).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await h.dev("GET", "/roles?slug=held")).body.items).toHaveLength(0);
    expect((await h.control("POST", "/_emulator/faults/release")).body).toEqual({ released: 1 });
    for (let tries = 0; tries < 50; tries++) {
      if ((await h.dev("GET", "/roles?slug=held")).body.items.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await h.dev("GET", "/roles?slug=held")).body.items).toHaveLength(1);
  });

  test("bad rules are 422 naming the field", async () => {
    const reply = await h.control("POST", "/_emulator/faults", {
      rules: [{ path: "/x", status: 99, probability: 2, colour: 1 }],
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e: { path: (string | number)[] }) => e.path.join(".")).sort()).toEqual([
      "rules.0.colour",
      "rules.0.probability",
      "rules.0.status",
    ]);
    expect((await h.control("POST", "/_emulator/faults", {})).status).toBe(422);
  });
});

describe("admin token", () => {
  test("when configured, the control plane requires it", async () => {
    const locked = await startHarness({ adminToken: "let-me-in" });
    try {
      expect((await locked.control("GET", "/_emulator/health")).status).toBe(401);
      expect((await client(locked.emu.url, "wrong")("GET", "/_emulator/health")).status).toBe(401);
      expect(
        (await locked.control("GET", "/_emulator/health", undefined, { Authorization: "Bearer let-me-in" })).status,
      ).toBe(200);
      // The public API still wants an API key, not the admin token.
      expect((await client(locked.emu.url, "let-me-in")("GET", "/roles")).status).toBe(401);
    } finally {
      await locked.emu.close();
    }
  });
});
