import { fixtureId as fid } from "../../emulator/ids";
import { eventually, ID_FORMAT, startHarness, TIMESTAMP, type Harness } from "./emulator-helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.emu.close());
beforeEach(async () => {
  await h.control("POST", "/_emulator/reset");
});

const ip = (name: string) => (h.emu.fixtures.integration_providers.find((p) => p.provider_id.startsWith(`prov_${name}`)) ?? fail(`no ${name}`)).id;

describe("callbacks", () => {
  test("create returns the record; get, list and patch agree", async () => {
    const created = await h.dev("POST", "/callbacks", { integration_provider_id: ip("github"), name: "ci", metadata: { team: "infra" } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      object: "callback",
      status: "active",
      name: "ci",
      description: null,
      metadata: { team: "infra" },
      integration_provider_id: ip("github"),
      integration_id: "int_devtools000000000000",
      provider_id: "prov_github00000000000000",
    });
    expect(created.body.id).toMatch(ID_FORMAT("cb_"));
    expect(created.body.created_at).toMatch(TIMESTAMP);

    const got = await h.dev("GET", `/callbacks/${created.body.id}`);
    expect(got.body).toEqual(created.body);

    const patched = await h.dev("PATCH", `/callbacks/${created.body.id}`, { description: "builds", metadata: null });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: "ci", description: "builds", metadata: null });

    const list = await h.dev("GET", "/callbacks");
    expect(list.body.items.map((c: { id: string }) => c.id)).toEqual([created.body.id]);
    expect(list.body.pagination).toEqual({ has_more_after: false, has_more_before: false });
  });

  test("a second active callback for the same integration provider is already_exists with the id in the hint", async () => {
    const first = await h.dev("POST", "/callbacks", { integration_provider_id: ip("github") });
    const second = await h.dev("POST", "/callbacks", { integration_provider_id: ip("github") });
    expect(second.status).toBe(422);
    expect(second.body.code).toBe("already_exists");
    expect(second.body.hint).toContain(first.body.id);
  });

  test("a provider with triggers disabled is callbacks_not_supported", async () => {
    const reply = await h.dev("POST", "/callbacks", { integration_provider_id: ip("notion") });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe("callbacks_not_supported");
  });

  test("instances are registered in the background for matching integration instances", async () => {
    const cb = await h.dev("POST", "/callbacks", { integration_provider_id: ip("github") });
    const instances = await eventually(async () => {
      const list = await h.dev("GET", `/callbacks/${cb.body.id}/instances`);
      return list.body.items.length > 0 && list.body.items;
    });
    expect(instances[0]).toMatchObject({ object: "callback.instance", status: "attached", config: { id: fid("pcfg_", "githubacme") }, auth_config: { id: fid("pac_", "githuboauth") } });
  });

  test("delete marks deleted, detaches instances, hides it from lists unless asked", async () => {
    const cb = await h.dev("POST", "/callbacks", { integration_provider_id: ip("github") });
    const config = await h.dev("POST", "/provider-configs", { provider_id: "prov_github00000000000000", provider_config_vault_id: fid("pcvt_", "githubdefault") });
    const instance = await h.dev("POST", `/callbacks/${cb.body.id}/instances`, { provider_config_id: config.body.id });
    expect(instance.status).toBe(200);
    const deleted = await h.dev("DELETE", `/callbacks/${cb.body.id}`);
    expect(deleted.body.status).toBe("deleted");
    expect((await h.dev("GET", `/callbacks/${cb.body.id}`)).body.status).toBe("deleted");
    expect((await h.dev("GET", `/callbacks/${cb.body.id}/instances/${instance.body.id}`)).body.status).toBe("detached");
    expect((await h.dev("GET", "/callbacks")).body.items).toEqual([]);
    expect((await h.dev("GET", "/callbacks?status=deleted")).body.items.map((c: { id: string }) => c.id)).toEqual([cb.body.id]);
    // A new active callback may now be created.
    expect((await h.dev("POST", "/callbacks", { integration_provider_id: ip("github") })).status).toBe(200);
  });

  test("a record of the other environment is a 404", async () => {
    const cb = await h.dev("POST", "/callbacks", { integration_provider_id: ip("github") });
    const reply = await h.prod("GET", `/callbacks/${cb.body.id}`);
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe("not_found");
  });
});
