import { fixtureId as fid } from "../../../emulator/ids";
import { eventually, ID_FORMAT, startHarness, TIMESTAMP, type Harness } from "./emulator-helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.emu.close());
beforeEach(async () => {
  await h.control("POST", "/_emulator/reset");
});

const ip = (name: string) =>
  (h.emu.fixtures.integration_providers.find((p) => p.provider_id.startsWith(`prov_${name}`)) ?? fail(`no ${name}`)).id;

describe("callbacks", () => {
  test("create returns the record; get, list and patch agree", async () => {
    const created = await h.dev("POST", "/callbacks", {
      integration_provider_id: ip("github"),
      name: "ci",
      metadata: { team: "infra" },
    });
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
    expect(instances[0]).toMatchObject({
      object: "callback.instance",
      status: "attached",
      config: { id: fid("pcfg_", "githubacme") },
      auth_config: { id: fid("pac_", "githuboauth") },
    });
  });

  test("delete marks deleted, detaches instances, hides it from lists unless asked", async () => {
    const cb = await h.dev("POST", "/callbacks", { integration_provider_id: ip("github") });
    const config = await h.dev("POST", "/provider-configs", {
      provider_id: "prov_github00000000000000",
      provider_config_vault_id: fid("pcvt_", "githubdefault"),
    });
    const instance = await h.dev("POST", `/callbacks/${cb.body.id}/instances`, { provider_config_id: config.body.id });
    expect(instance.status).toBe(200);
    const deleted = await h.dev("DELETE", `/callbacks/${cb.body.id}`);
    expect(deleted.body.status).toBe("deleted");
    expect((await h.dev("GET", `/callbacks/${cb.body.id}`)).body.status).toBe("deleted");
    expect((await h.dev("GET", `/callbacks/${cb.body.id}/instances/${instance.body.id}`)).body.status).toBe("detached");
    expect((await h.dev("GET", "/callbacks")).body.items).toEqual([]);
    expect((await h.dev("GET", "/callbacks?status=deleted")).body.items.map((c: { id: string }) => c.id)).toEqual([
      cb.body.id,
    ]);
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

describe("callback updates", () => {
  test("PATCH rejects fields it cannot change, naming them", async () => {
    const cb = await h.dev("POST", "/callbacks", { integration_provider_id: ip("linear") });
    const reply = await h.dev("PATCH", `/callbacks/${cb.body.id}`, {
      integration_provider_id: ip("jira"),
      colour: "red",
    });
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("validation_failed");
    expect(reply.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: "not_updatable", path: ["integration_provider_id"] }),
        expect.objectContaining({ code: "unknown_field", path: ["colour"] }),
      ]),
    );
    expect(reply.body.message).toContain("colour");
  });

  test("a deleted callback cannot be changed", async () => {
    const cb = await h.dev("POST", "/callbacks", { integration_provider_id: ip("linear") });
    await h.dev("DELETE", `/callbacks/${cb.body.id}`);
    const reply = await h.dev("PATCH", `/callbacks/${cb.body.id}`, { name: "x" });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe("invalid_action");
    // Deleting again is harmless.
    expect((await h.dev("DELETE", `/callbacks/${cb.body.id}`)).body.status).toBe("deleted");
  });

  test("archived is reached out of band only and frees the integration provider", async () => {
    const cb = await h.dev("POST", "/callbacks", { integration_provider_id: ip("jira") });
    const archived = await h.control("POST", `/_emulator/callbacks/${cb.body.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.status).toBe("archived");
    expect((await h.dev("GET", `/callbacks/${cb.body.id}`)).body.status).toBe("archived");
    expect((await h.dev("GET", "/callbacks?status=archived")).body.items).toHaveLength(1);
    const config = await h.dev("POST", "/provider-configs", {
      provider_id: fid("prov_", "jira"),
      provider_config_vault_id: fid("pcvt_", "jiradefault"),
    });
    const attach = await h.dev("POST", `/callbacks/${cb.body.id}/instances`, { provider_config_id: config.body.id });
    expect(attach.status).toBe(400);
    expect(attach.body.code).toBe("invalid_action");
    expect((await h.dev("POST", "/callbacks", { integration_provider_id: ip("jira") })).status).toBe(200);
  });
});

describe("callback instances", () => {
  async function setup(provider = "github") {
    const cb = await h.dev("POST", "/callbacks", { integration_provider_id: ip(provider) });
    const vault = h.emu.fixtures.providers.find((p) => p.id.startsWith(`prov_${provider}`))!.config_vaults[0].id;
    const config = await h.dev("POST", "/provider-configs", {
      provider_id: fid("prov_", provider),
      provider_config_vault_id: vault,
    });
    return { cb: cb.body, config: config.body };
  }

  test("attach returns previews, triggers and webhook URLs", async () => {
    const { cb, config } = await setup();
    const reply = await h.dev("POST", `/callbacks/${cb.id}/instances`, {
      provider_config_id: config.id,
      provider_auth_config_id: fid("pac_", "githubpat"),
    });
    expect(reply.status).toBe(200);
    const instance = reply.body;
    expect(instance.id).toMatch(ID_FORMAT("cbi_"));
    expect(instance).toMatchObject({
      object: "callback.instance",
      status: "attached",
      callback_id: cb.id,
      deployment: {
        object: "provider.deployment#preview",
        id: fid("pdep_", "githubcloud"),
        provider_id: fid("prov_", "github"),
      },
      config: { object: "provider.config#preview", id: config.id },
      auth_config: { object: "provider.auth_config#preview", id: fid("pac_", "githubpat") },
    });
    expect(instance.webhook_url).toMatch(new RegExp(`^${h.emu.url}/_webhooks/[0-9A-Za-z]{40}$`));
    const sources = instance.triggers.map((t: { source: string }) => t.source).sort();
    expect(sources).toEqual(["polling", "webhook"]);
    const polling = instance.triggers.find((t: { source: string }) => t.source === "polling");
    expect(polling).toMatchObject({
      object: "callback.instance.trigger",
      poll_interval_seconds: 60,
      last_polled_at: null,
      provider_trigger: { key: "issue_opened", invocation: { type: "polling", interval_seconds: 60 } },
    });
    expect(polling.next_poll_at).toMatch(TIMESTAMP);
  });

  test("the same config and auth config twice is already_exists with the id in the hint", async () => {
    const { cb, config } = await setup();
    const first = await h.dev("POST", `/callbacks/${cb.id}/instances`, { provider_config_id: config.id });
    const second = await h.dev("POST", `/callbacks/${cb.id}/instances`, { provider_config_id: config.id });
    expect(second.status).toBe(422);
    expect(second.body.code).toBe("already_exists");
    expect(second.body.hint).toContain(first.body.id);
    // With another auth config it is a different combination.
    expect(
      (
        await h.dev("POST", `/callbacks/${cb.id}/instances`, {
          provider_config_id: config.id,
          provider_auth_config_id: fid("pac_", "githuboauth"),
        })
      ).status,
    ).toBe(200);
    // After a detach the pair may attach again.
    await h.dev("DELETE", `/callbacks/${cb.id}/instances/${first.body.id}`);
    expect((await h.dev("POST", `/callbacks/${cb.id}/instances`, { provider_config_id: config.id })).status).toBe(200);
  });

  test("bad references are 422 naming the field", async () => {
    const { cb } = await setup();
    const slackConfig = await h.dev("POST", "/provider-configs", {
      provider_id: fid("prov_", "slack"),
      provider_config_vault_id: fid("pcvt_", "slackdefault"),
    });
    const cases: [unknown, string][] = [
      [{}, "provider_config_id"],
      [{ provider_config_id: "pcfg_missing" }, "provider_config_id"],
      [{ provider_config_id: slackConfig.body.id }, "provider_config_id"],
      [
        { provider_config_id: fid("pcfg_", "githubacme"), provider_auth_config_id: fid("pac_", "slackbot") },
        "provider_auth_config_id",
      ],
      [{ provider_config_id: 42 }, "provider_config_id"],
    ];
    for (const [body, field] of cases) {
      const reply = await h.dev("POST", `/callbacks/${cb.id}/instances`, body);
      expect(reply.status).toBe(422);
      expect(reply.body.errors.map((e: { path: string[] }) => e.path[0])).toContain(field);
    }
  });

  test("DELETE detaches; the record stays readable; filters work", async () => {
    const { cb, config } = await setup();
    const a = await h.dev("POST", `/callbacks/${cb.id}/instances`, { provider_config_id: config.id });
    const b = await h.dev("POST", `/callbacks/${cb.id}/instances`, {
      provider_config_id: config.id,
      provider_auth_config_id: fid("pac_", "githubpat"),
    });
    const detached = await h.dev("DELETE", `/callbacks/${cb.id}/instances/${a.body.id}`);
    expect(detached.status).toBe(200);
    expect(detached.body.status).toBe("detached");
    expect((await h.dev("DELETE", `/callbacks/${cb.id}/instances/${a.body.id}`)).body.status).toBe("detached");
    const ids = async (query: string) =>
      (await h.dev("GET", `/callbacks/${cb.id}/instances?${query}`)).body.items.map((i: { id: string }) => i.id).sort();
    await eventually(async () => (await ids("status=attached")).length === 2); // + the background one
    expect(await ids("status=detached")).toEqual([a.body.id]);
    expect(await ids(`provider_auth_config_id=${fid("pac_", "githubpat")}`)).toEqual([b.body.id]);
    expect(await ids(`provider_config_id=${config.id}`)).toEqual([a.body.id, b.body.id].sort());
    expect(await ids(`id[]=${a.body.id}&id[]=${b.body.id}`)).toEqual([a.body.id, b.body.id].sort());
    expect((await h.dev("GET", `/callbacks/${cb.id}/instances?status=gone`)).status).toBe(400);
  });

  test("an instance of another callback is a 404 under this one", async () => {
    const one = await setup("github");
    const two = await setup("linear");
    const instance = await h.dev("POST", `/callbacks/${one.cb.id}/instances`, { provider_config_id: one.config.id });
    expect((await h.dev("GET", `/callbacks/${two.cb.id}/instances/${instance.body.id}`)).status).toBe(404);
  });
});

describe("callback events", () => {
  async function attached(provider: string) {
    const cb = await h.dev("POST", "/callbacks", { integration_provider_id: ip(provider) });
    const vault = h.emu.fixtures.providers.find((p) => p.id.startsWith(`prov_${provider}`))!.config_vaults[0].id;
    const config = await h.dev("POST", "/provider-configs", {
      provider_id: fid("prov_", provider),
      provider_config_vault_id: vault,
    });
    const instance = await h.dev("POST", `/callbacks/${cb.body.id}/instances`, { provider_config_id: config.body.id });
    return { cb: cb.body, instance: instance.body };
  }

  test("a POST of JSON to a webhook URL records an event that then gets processed", async () => {
    const { cb, instance } = await attached("slack");
    const delivery = await fetch(instance.webhook_url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: "msg-1", text: "hello" }),
    });
    expect(delivery.status).toBe(202);
    const receipt = (await delivery.json()) as { callback_event_id: string };
    const event = await h.dev("GET", `/callbacks/${cb.id}/events/${receipt.callback_event_id}`);
    expect(event.body).toMatchObject({
      object: "callback.event",
      type: "slack.message.posted",
      source_id: "msg-1",
      trigger_key: "message_posted",
      output: { id: "msg-1", text: "hello" },
      callback_id: cb.id,
      callback_instance_id: instance.id,
      error: null,
    });
    expect(event.body.id).toMatch(ID_FORMAT("cbe_"));
    await eventually(
      async () =>
        (await h.dev("GET", `/callbacks/${cb.id}/events/${receipt.callback_event_id}`)).body.status === "succeeded",
    );
    expect((await h.dev("GET", `/callbacks/${cb.id}/events/${receipt.callback_event_id}`)).body.delivery_status).toBe(
      "delivered",
    );
    // Filters by type and source_id.
    const byType = await h.dev("GET", `/callbacks/${cb.id}/events?type=slack.message.posted&source_id=msg-1`);
    expect(byType.body.items).toHaveLength(1);
    expect((await h.dev("GET", `/callbacks/${cb.id}/events?source_id=other`)).body.items).toHaveLength(0);
  });

  test("a trigger's own webhook URL records for that trigger; bad deliveries are refused", async () => {
    const { cb, instance } = await attached("github");
    const push = instance.triggers.find((t: { source: string }) => t.source === "webhook");
    const reply = await fetch(push.webhook_url, {
      method: "POST",
      body: JSON.stringify({ type: "github.push", ref: "main" }),
    });
    expect(reply.status).toBe(202);
    expect((await fetch(push.webhook_url, { method: "POST", body: "[1,2]" })).status).toBe(400);
    expect((await fetch(push.webhook_url, { method: "POST", body: "{oops" })).status).toBe(400);
    expect((await fetch(`${h.emu.url}/_webhooks/${"x".repeat(40)}`, { method: "POST", body: "{}" })).status).toBe(404);
    const events = await h.dev("GET", `/callbacks/${cb.id}/events`);
    expect(events.body.items.map((e: { trigger_key: string }) => e.trigger_key)).toEqual(["push"]);
    await h.dev("DELETE", `/callbacks/${cb.id}/instances/${instance.id}`);
    expect((await fetch(push.webhook_url, { method: "POST", body: "{}" })).status).toBe(404);
  });

  test("polling triggers produce events on their interval while attached", async () => {
    const { cb, instance } = await attached("linear"); // polls every 30 s
    expect((await h.dev("GET", `/callbacks/${cb.id}/events`)).body.items).toHaveLength(0);
    await h.control("POST", "/_emulator/clock", { advance_ms: 95_000 });
    // The instance registered in the background for the fixture integration instance polls too.
    const ours = async () =>
      (await h.dev("GET", `/callbacks/${cb.id}/events?order=asc&limit=100`)).body.items.filter(
        (e: { callback_instance_id: string }) => e.callback_instance_id === instance.id,
      );
    const events = await ours();
    expect(events).toHaveLength(3);
    expect(events.every((e: { trigger_key: string }) => e.trigger_key === "issue_updated")).toBe(true);
    expect(
      events.map((e: { created_at: string }) => Date.parse(e.created_at) - Date.parse(instance.created_at)),
    ).toEqual([30_000, 60_000, 90_000]);
    const after = await h.dev("GET", `/callbacks/${cb.id}/instances/${instance.id}`);
    const trigger = after.body.triggers[0];
    expect(Date.parse(trigger.next_poll_at) - Date.parse(trigger.last_polled_at)).toBe(30_000);
    await h.dev("DELETE", `/callbacks/${cb.id}/instances/${instance.id}`);
    await h.control("POST", "/_emulator/clock", { advance_ms: 120_000 });
    expect(await ours()).toHaveLength(3);
  });

  test("events of an unknown callback are a 404", async () => {
    expect((await h.dev("GET", "/callbacks/cb_00000000000000000000/events")).status).toBe(404);
    const { cb } = await attached("slack");
    expect((await h.dev("GET", `/callbacks/${cb.id}/events/cbe_00000000000000000000`)).status).toBe(404);
  });
});
