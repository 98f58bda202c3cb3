import { client, ID_FORMAT, RELAXED_LIMITS, startHarness, sleep, type Harness } from "./emulator-helpers";

describe("auth and environments", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.emu.close());

  test("missing, malformed and unknown keys are 401; secrets never echoed", async () => {
    const cases: Record<string, string | undefined> = {
      missing: undefined,
      notBearer: `Basic ${h.emu.keys.development.secret}`,
      malformed: "Bearer sk_live_whatever",
      unknown: "Bearer service_sk_0123456789abcdefghij",
    };
    for (const [name, header] of Object.entries(cases)) {
      const reply = await fetch(`${h.emu.url}/callbacks`, { headers: header ? { Authorization: header } : {} });
      const body = await reply.text();
      expect({ name, status: reply.status }).toEqual({ name, status: 401 });
      expect(JSON.parse(body)).toMatchObject({ object: "error", status: 401, code: "unauthorized" });
      expect(body).not.toContain("service_sk_0123456789abcdefghij");
      expect(body).not.toContain(h.emu.keys.development.secret);
    }
  });

  test("a publishable key reads the config schema only; else 403 with a hint", async () => {
    expect(
      (await h.devPublishable("GET", `/provider-config-schema?provider_id=${h.emu.fixtures.providers[0].id}`)).status,
    ).toBe(200);
    for (const [method, path] of [
      ["GET", "/callbacks"],
      ["POST", "/roles"],
      ["GET", "/provider-configs"],
    ]) {
      const reply = await h.devPublishable(method, path, method === "POST" ? {} : undefined);
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe("forbidden");
      expect(reply.body.hint).toMatch(/secret key/);
    }
  });

  test("fixture ids are the same in both environments but the default roles', records are not shared", async () => {
    const devRole = await h.dev("POST", "/roles", { name: "x", slug: "only-dev", permissions: [] });
    expect((await h.prod("GET", `/roles/${devRole.body.id}`)).status).toBe(404);
    expect((await h.prod("PUT", `/roles/${devRole.body.id}`, { name: "y", slug: "y", permissions: [] })).status).toBe(
      404,
    );
    expect((await h.prod("GET", "/roles?slug=only-dev")).body.items).toEqual([]);
    expect((await h.prod("GET", "/provider-configs/pcfg_githubpersonal000000")).status).toBe(200);
    expect(h.emu.fixtures.environments.map((e) => e.type).sort()).toEqual(["development", "production"]);
  });

  test("each environment has default roles of its own, in every emulator, so its oldest role names it; a reset keeps them", async () => {
    const owner = h.emu.fixtures.roles.find((role) => role.slug === "owner")!;
    expect(owner.id).toBe(owner.ids.development);
    expect(owner.ids.development).toMatch(ID_FORMAT("rol_"));
    expect((await h.dev("GET", `/roles/${owner.ids.development}`)).body).toMatchObject({
      slug: "owner",
      isDefault: true,
    });
    expect((await h.prod("GET", `/roles/${owner.ids.production}`)).body).toMatchObject({
      slug: "owner",
      isDefault: true,
    });
    expect((await h.prod("GET", `/roles/${owner.ids.development}`)).status).toBe(404);
    const oldest = async (call: typeof h.dev) => (await call("GET", "/roles?limit=1&order=asc")).body.items[0].id;
    const [dev, prod] = [await oldest(h.dev), await oldest(h.prod)];
    expect(dev).not.toBe(prod);
    await h.dev("POST", "/roles", { name: "x", slug: "newer", permissions: [] });
    expect(await oldest(h.dev)).toBe(dev);
    await h.control("POST", "/_emulator/reset");
    expect([await oldest(h.dev), await oldest(h.prod)]).toEqual([dev, prod]);
    expect((await h.control("GET", "/_emulator/fixtures")).body.roles).toEqual(h.emu.fixtures.roles);
    const other = await startHarness();
    try {
      expect([await oldest(other.dev), await oldest(other.prod)]).not.toContain(dev);
      expect(other.emu.fixtures.roles.map((role) => role.ids.development)).not.toContain(owner.ids.development);
    } finally {
      await other.emu.close();
    }
  });

  test("a second secret key reaches the same environment as the first", async () => {
    const second = client(h.emu.url, h.emu.keys.development.secondSecret);
    const made = await h.dev("POST", "/roles", { name: "x", slug: "seen-by-both", permissions: [] });
    expect((await second("GET", `/roles/${made.body.id}`)).body).toMatchObject({ slug: "seen-by-both" });
    expect((await client(h.emu.url, h.emu.keys.production.secondSecret)("GET", `/roles/${made.body.id}`)).status).toBe(
      404,
    );
  });

  test("Request-Id on every response, success or error", async () => {
    for (const reply of [
      await h.dev("GET", "/roles"),
      await h.dev("GET", "/nope"),
      await h.anonymous("GET", "/roles"),
    ]) {
      expect(reply.headers.get("request-id")).toMatch(ID_FORMAT("req_"));
    }
  });

  test("unknown routes are 404 not_found; ids over 255 characters are 400", async () => {
    const unknown = await h.dev("GET", "/widgets");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("not_found");
    expect((await h.dev("PUT", "/callbacks")).body.code).toBe("not_found");
    const long = await h.dev("GET", `/callbacks/cb_${"a".repeat(253)}`);
    expect(long.status).toBe(400);
    expect(long.body.code).toBe("invalid_request");
    expect(long.body.message).toContain("callback_id");
    expect((await h.dev("GET", `/callbacks/cb_${"a".repeat(252)}`)).status).toBe(404);
    expect((await h.dev("GET", "/callbacks/%E0%A4%A")).status).toBe(400);
  });

  test("Service-Version: echoed; malformed or unsupported is 400 unsupported_version", async () => {
    const plain = await h.dev("GET", "/roles");
    expect(plain.headers.get("service-version")).toBe("2026-01-01");
    const pinned = await h.dev("GET", "/roles", undefined, { "Service-Version": "2026-01-01" });
    expect(pinned.status).toBe(200);
    expect(pinned.headers.get("service-version")).toBe("2026-01-01");
    for (const version of ["2025-06-01", "latest", "2026-1-1", "2026-02-30"]) {
      const reply = await h.dev("GET", "/roles", undefined, { "Service-Version": version });
      expect({ version, status: reply.status, code: reply.body.code }).toEqual({
        version,
        status: 400,
        code: "unsupported_version",
      });
      expect(reply.body.hint).toContain("2026-01-01");
      expect(reply.headers.get("service-version")).toBe("2026-01-01");
    }
  });
});

describe("rate limits", () => {
  test("per key tier: development and production windows, Retry-After and RateLimit-* headers", async () => {
    const h = await startHarness({
      rateLimits: {
        perIp: { limit: 1000, windowMs: 10_000 },
        development: { limit: 5, windowMs: 2500 },
        production: { limit: 8, windowMs: 5000 },
      },
    });
    try {
      const first = await h.dev("GET", "/roles");
      expect(first.headers.get("ratelimit-limit")).toBe("5");
      expect(first.headers.get("ratelimit-remaining")).toBe("4");
      expect(first.headers.get("ratelimit-reset")).toBe("0");
      for (let i = 0; i < 4; i++) await h.dev("GET", "/roles");
      const limited = await h.dev("GET", "/roles");
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe("rate_limited");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(3);
      expect(limited.headers.get("ratelimit-remaining")).toBe("0");
      expect(Number(limited.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(1);
      // Each key of the same environment has its own window; production a bigger one.
      expect(
        (await h.devPublishable("GET", "/provider-config-schema?provider_id=prov_github00000000000000")).status,
      ).toBe(200);
      expect((await client(h.emu.url, h.emu.keys.development.secondSecret)("GET", "/roles")).status).toBe(200);
      let prodOk = 0;
      for (let i = 0; i < 10; i++) if ((await h.prod("GET", "/roles")).status === 200) prodOk++;
      expect(prodOk).toBe(8);
      // The counters tell the limits' own 429s apart from injected ones.
      await h.control("POST", "/_emulator/faults", { rules: [{ path: "/callbacks", status: 429, count: 1 }] });
      expect((await h.dev("GET", "/callbacks")).status).toBe(429);
      expect((await h.control("GET", "/_emulator/requests")).body.rate_limited).toBe(3);
      // Waiting Retry-After lets requests through again.
      await sleep(Number(limited.headers.get("retry-after")) * 1000);
      expect((await h.dev("GET", "/roles")).status).toBe(200);
    } finally {
      await h.emu.close();
    }
  });

  test("per IP, before the key is even checked", async () => {
    const h = await startHarness({ rateLimits: { ...RELAXED_LIMITS, perIp: { limit: 6, windowMs: 2000 } } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await h.anonymous("GET", "/roles")).status);
      for (let i = 0; i < 4; i++) statuses.push((await h.dev("GET", "/roles")).status);
      expect(statuses).toEqual([401, 401, 401, 401, 200, 200, 429, 429]);
      expect((await h.control("GET", "/_emulator/requests")).body.rate_limited).toBe(2);
      const limited = await h.dev("GET", "/roles");
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(2);
      expect(limited.headers.get("ratelimit-limit")).not.toBeNull();
      await sleep(retryAfter * 1000);
      expect((await h.dev("GET", "/roles")).status).toBe(200);
    } finally {
      await h.emu.close();
    }
  });

  test("the contract's defaults apply when nothing is configured", async () => {
    const { startEmulator } = await import("../../../emulator/index");
    const emu = await startEmulator();
    try {
      const reply = await client(emu.url, emu.keys.production.secret)("GET", "/roles");
      expect(reply.headers.get("ratelimit-limit")).toBe("5000");
      const dev = await client(emu.url, emu.keys.development.secret)("GET", "/roles");
      expect(dev.headers.get("ratelimit-limit")).toBe("100");
    } finally {
      await emu.close();
    }
  });
});
