import { fixtureId as fid } from "../../../emulator/ids";
import { ID_FORMAT, startHarness, TIMESTAMP, type Harness } from "./emulator-helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.emu.close());
beforeEach(async () => {
  await h.control("POST", "/_emulator/reset");
});

const DEVTOOLS = fid("int_", "devtools");
const HOUR = 3_600_000;

describe("integration setup sessions", () => {
  test("create: pending, 24 h expiry, a draft integration instance, a capability URL", async () => {
    const reply = await h.dev("POST", "/integration-setup-sessions", {
      integration_id: DEVTOOLS,
      name: "Onboard Ada",
      metadata: { user: "ada" },
      configuration: { team: "core" },
    });
    expect(reply.status).toBe(200);
    const session = reply.body;
    expect(session.id).toMatch(ID_FORMAT("iss_"));
    expect(session).toMatchObject({
      object: "integration.setup_session",
      status: "pending",
      name: "Onboard Ada",
      description: null,
      metadata: { user: "ada" },
      configuration: { team: "core" },
      redirect_url: null,
      integration_id: DEVTOOLS,
      integration_instance: { object: "integration.instance#preview", status: "draft", integration_id: DEVTOOLS },
    });
    expect(session.integration_instance.id).toMatch(ID_FORMAT("inst_"));
    expect(session.expires_at).toMatch(TIMESTAMP);
    expect(Date.parse(session.expires_at) - Date.parse(session.created_at)).toBe(24 * HOUR);
    expect(session.url).toMatch(new RegExp(`^${h.emu.url}/_setup/[0-9A-Za-z]{40}$`));
    expect((await h.dev("GET", `/integration-setup-sessions/${session.id}`)).body).toEqual(session);
  });

  test("expires_at must be in the future and at most 7 days ahead", async () => {
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    for (const expires_at of [at(-HOUR), at(8 * 24 * HOUR), "tomorrow", "2026-13-01T00:00:00Z"]) {
      const reply = await h.dev("POST", "/integration-setup-sessions", {
        integration_id: DEVTOOLS,
        name: "s",
        expires_at,
      });
      expect(reply.status).toBe(422);
      expect(reply.body.errors[0].path).toEqual(["expires_at"]);
    }
    const ok = await h.dev("POST", "/integration-setup-sessions", {
      integration_id: DEVTOOLS,
      name: "s",
      expires_at: at(HOUR),
    });
    expect(ok.status).toBe(200);
  });

  test("required fields, unknown integration, bad redirect_url", async () => {
    const reply = await h.dev("POST", "/integration-setup-sessions", { redirect_url: "not a url", identity_id: 5 });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e: { path: string[] }) => e.path[0]).sort()).toEqual([
      "identity_id",
      "integration_id",
      "name",
      "redirect_url",
    ]);
    const unknown = await h.dev("POST", "/integration-setup-sessions", { integration_id: "int_nope", name: "s" });
    expect(unknown.body.errors[0]).toMatchObject({ path: ["integration_id"], code: "not_found" });
  });

  test("a pending session past expires_at reads expired (list filter too)", async () => {
    const session = (
      await h.dev("POST", "/integration-setup-sessions", {
        integration_id: DEVTOOLS,
        name: "s",
        expires_at: new Date(Date.now() + HOUR).toISOString(),
      })
    ).body;
    await h.control("POST", "/_emulator/clock", { advance_ms: HOUR + 1000 });
    expect((await h.dev("GET", `/integration-setup-sessions/${session.id}`)).body.status).toBe("expired");
    expect(
      (await h.dev("GET", "/integration-setup-sessions?status=expired")).body.items.map((s: { id: string }) => s.id),
    ).toEqual([session.id]);
    expect((await h.dev("GET", "/integration-setup-sessions?status=pending")).body.items).toEqual([]);
    const page = await fetch(session.url);
    expect(page.status).toBe(410);
    expect((await fetch(`${session.url}/complete`, { method: "POST" })).status).toBe(410);
  });

  test("the setup page's button completes the setup", async () => {
    const session = (await h.dev("POST", "/integration-setup-sessions", { integration_id: DEVTOOLS, name: "s" })).body;
    const page = await fetch(session.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    expect(action).toBeDefined();
    const done = await fetch(h.emu.url + action, { method: "POST" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("successful");
    const after = (await h.dev("GET", `/integration-setup-sessions/${session.id}`)).body;
    expect(after.status).toBe("successful");
    expect(after.integration_instance.status).toBe("active");
    expect((await h.dev("GET", "/integration-setup-sessions?status=successful")).body.items).toHaveLength(1);
  });

  test("completion redirects to redirect_url", async () => {
    const session = (
      await h.dev("POST", "/integration-setup-sessions", {
        integration_id: DEVTOOLS,
        name: "s",
        redirect_url: "https://app.example.com/done?x=1",
      })
    ).body;
    const done = await fetch(`${session.url}/complete`, { method: "POST", redirect: "manual" });
    expect(done.status).toBe(303);
    const location = new URL(done.headers.get("location")!);
    expect(location.origin + location.pathname).toBe("https://app.example.com/done");
    expect(location.searchParams.get("integration_setup_session_id")).toBe(session.id);
    expect(location.searchParams.get("x")).toBe("1");
  });

  test("list filters: id, integration_id, integration_instance_id, status, created_at", async () => {
    const a = (await h.dev("POST", "/integration-setup-sessions", { integration_id: DEVTOOLS, name: "a" })).body;
    const b = (await h.dev("POST", "/integration-setup-sessions", { integration_id: fid("int_", "chat"), name: "b" }))
      .body;
    const ids = async (query: string) =>
      (await h.dev("GET", `/integration-setup-sessions?${query}`)).body.items.map((s: { id: string }) => s.id).sort();
    expect(await ids("")).toEqual([a.id, b.id].sort());
    expect(await ids(`integration_id=${DEVTOOLS}`)).toEqual([a.id]);
    expect(await ids(`integration_instance_id=${b.integration_instance.id}`)).toEqual([b.id]);
    expect(await ids(`id=${a.id},${b.id}`)).toEqual([a.id, b.id].sort());
    expect(await ids(`created_at[gt]=${encodeURIComponent(new Date(Date.now() + HOUR).toISOString())}`)).toEqual([]);
    expect(await ids("status=pending&status=successful")).toEqual([a.id, b.id].sort());
    expect((await h.dev("GET", "/integration-setup-sessions?status=done")).status).toBe(400);
  });

  test("no update or delete endpoint", async () => {
    const session = (await h.dev("POST", "/integration-setup-sessions", { integration_id: DEVTOOLS, name: "s" })).body;
    expect((await h.dev("DELETE", `/integration-setup-sessions/${session.id}`)).status).toBe(404);
    expect((await h.dev("PATCH", `/integration-setup-sessions/${session.id}`, { name: "x" })).status).toBe(404);
  });
});
