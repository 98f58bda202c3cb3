import { fixtureId as fid } from "../../../emulator/ids";
import { startHarness, type Harness } from "./emulator-helpers";

/**
 * Every query filter of every list endpoint of the spec's Endpoints part, over HTTP: the records that
 * match come back (and only them), a value that matches nothing gives an empty list, array filters
 * work in each spelling of the contract, and date ranges exclude both bounds. Records meant to differ
 * in time are made an hour apart on the emulator's clock, so nothing depends on wall time.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.emu.close());

const HOUR = 3_600_000;
const NOBODY = "00000000000000000000";

type Dated = { id: string; created_at: string; updated_at: string };

const sorted = (values: string[]) => [...values].sort();
const iso = (ms: number) => new Date(ms).toISOString();

/** Back to the fixtures, clock included. */
async function reset(): Promise<void> {
  expect((await h.control("POST", "/_emulator/reset")).status).toBe(200);
}

/** Moves the emulator's clock forward (and runs what became due). */
async function advance(ms = HOUR): Promise<void> {
  expect((await h.control("POST", "/_emulator/clock", { advance_ms: ms })).status).toBe(200);
}

async function items<T = Dated>(list: string, query = ""): Promise<T[]> {
  const path = `${list}?limit=100${query ? `&${query}` : ""}`;
  const reply = await h.dev("GET", path);
  expect({ path, status: reply.status }).toEqual({ path, status: 200 });
  return reply.body.items;
}

/** Sorted ids of a list's items for a query. */
async function ids(list: string, query = ""): Promise<string[]> {
  return sorted((await items<{ id: string }>(list, query)).map((r) => r.id));
}

async function expectIds(list: string, query: string, want: string[]): Promise<void> {
  expect({ query, ids: await ids(list, query) }).toEqual({ query, ids: sorted(want) });
}

/**
 * One array filter: each value alone gives exactly its records; in every spelling the contract allows,
 * two values give both sets, and a value plus one matching nothing gives the first set only (a strict
 * subset of the list, so a spelling the emulator ignored would show); a value matching nothing gives an
 * empty list.
 */
async function expectArrayFilter(
  list: string,
  name: string,
  cases: [value: string, want: string[]][],
  nothing: string,
): Promise<void> {
  for (const [value, want] of cases) {
    expect(want.length).toBeGreaterThan(0);
    await expectIds(list, `${name}=${encodeURIComponent(value)}`, want);
  }
  const spellings = (a: string, b: string) => [
    `${name}=${a}&${name}=${b}`,
    `${name}[]=${a}&${name}[]=${b}`,
    `${name}[0]=${a}&${name}[1]=${b}`,
    `${name}=${a},${b}`,
  ];
  const [first, wantFirst] = cases[0];
  const none = encodeURIComponent(nothing);
  expect(wantFirst.length).toBeLessThan((await ids(list)).length);
  for (const query of spellings(encodeURIComponent(first), none)) await expectIds(list, query, wantFirst);
  if (cases.length >= 2) {
    const [second, wantSecond] = cases[1];
    for (const query of spellings(encodeURIComponent(first), encodeURIComponent(second)))
      await expectIds(list, query, [...new Set([...wantFirst, ...wantSecond])]);
  }
  await expectIds(list, `${name}=${none}`, []);
  await expectIds(list, `${name}[]=${none}`, []);
}

/**
 * A date range filter probed at and one millisecond around every timestamp of `records` (every record
 * the list holds), alone and as a window, each answer checked against the contract: only records
 * strictly after `gt` and strictly before `lt`.
 */
async function expectExclusiveRange(
  list: string,
  field: "created_at" | "updated_at",
  records: { id: string; at: string }[],
): Promise<void> {
  expect(await ids(list)).toEqual(sorted(records.map((r) => r.id)));
  const times = [...new Set(records.map((r) => Date.parse(r.at)))].sort((a, b) => a - b);
  expect(times.length).toBeGreaterThanOrEqual(3);
  const probes: { gt?: number; lt?: number }[] = [];
  for (const t of times)
    probes.push({ gt: t }, { gt: t - 1 }, { lt: t }, { lt: t + 1 }, { gt: t - 1, lt: t + 1 }, { gt: t, lt: t + 1 });
  for (let i = 0; i + 2 < times.length; i++) probes.push({ gt: times[i], lt: times[i + 2] });
  for (const { gt, lt } of probes) {
    const want = records
      .filter((r) => (gt === undefined || Date.parse(r.at) > gt) && (lt === undefined || Date.parse(r.at) < lt))
      .map((r) => r.id);
    const query = [
      gt !== undefined ? `${field}[gt]=${encodeURIComponent(iso(gt))}` : "",
      lt !== undefined ? `${field}[lt]=${encodeURIComponent(iso(lt))}` : "",
    ]
      .filter(Boolean)
      .join("&");
    await expectIds(list, query, want);
  }
}

const range = (field: string, bounds: { gt?: string; lt?: string }) =>
  Object.entries(bounds)
    .map(([bound, value]) => `${field}[${bound}]=${encodeURIComponent(value as string)}`)
    .join("&");

const DEVTOOLS = fid("int_", "devtools");
const CHAT = fid("int_", "chat");

describe("GET /callbacks", () => {
  const LIST = "/callbacks";
  let github: Dated, linear: Dated, jira: Dated, slack: Dated;

  beforeAll(async () => {
    await reset();
    const create = async (name: string) => {
      const reply = await h.dev("POST", "/callbacks", { integration_provider_id: fid("intp_", name), name });
      expect(reply.status).toBe(200);
      await advance();
      return reply.body as Dated;
    };
    github = await create("github");
    linear = await create("linear");
    jira = await create("jira");
    slack = await create("slack");
    // The oldest callback is the most recently updated.
    const patched = await h.dev("PATCH", `/callbacks/${github.id}`, { description: "touched last" });
    expect(patched.status).toBe(200);
    github = patched.body;
    expect(Date.parse(linear.created_at) - Date.parse(github.created_at)).toBeGreaterThanOrEqual(HOUR);
    expect(Date.parse(github.updated_at) - Date.parse(slack.updated_at)).toBeGreaterThanOrEqual(HOUR);
  });

  test("id", async () => {
    await expectArrayFilter(
      LIST,
      "id",
      [
        [linear.id, [linear.id]],
        [slack.id, [slack.id]],
        [github.id, [github.id]],
      ],
      `cb_${NOBODY}`,
    );
  });

  test("integration_id", async () => {
    await expectArrayFilter(
      LIST,
      "integration_id",
      [
        [CHAT, [slack.id]],
        [DEVTOOLS, [github.id, linear.id, jira.id]],
      ],
      fid("int_", "docs"),
    );
    // An id that names no integration is no error either.
    await expectIds(LIST, `integration_id=${CHAT}&integration_id=int_nothing`, [slack.id]);
  });

  test("integration_provider_id", async () => {
    await expectArrayFilter(
      LIST,
      "integration_provider_id",
      [
        [fid("intp_", "jira"), [jira.id]],
        [fid("intp_", "github"), [github.id]],
        [fid("intp_", "slack"), [slack.id]],
      ],
      fid("intp_", "notion"),
    );
  });

  test("provider_id", async () => {
    await expectArrayFilter(
      LIST,
      "provider_id",
      [
        [fid("prov_", "linear"), [linear.id]],
        [fid("prov_", "slack"), [slack.id]],
      ],
      fid("prov_", "notion"),
    );
    // Filters combine with AND.
    await expectIds(LIST, `provider_id=${fid("prov_", "slack")}&integration_id=${DEVTOOLS}`, []);
    await expectIds(LIST, `provider_id=${fid("prov_", "jira")}&integration_id=${DEVTOOLS}`, [jira.id]);
  });

  test("created_at: exclusive gt / lt", async () => {
    await expectIds(LIST, range("created_at", { gt: github.created_at, lt: jira.created_at }), [linear.id]);
    await expectIds(LIST, range("created_at", { gt: linear.created_at }), [jira.id, slack.id]);
    await expectIds(LIST, range("created_at", { lt: linear.created_at }), [github.id]);
    await expectIds(LIST, range("created_at", { gt: slack.created_at }), []);
    await expectIds(LIST, range("created_at", { lt: github.created_at }), []);
    await expectExclusiveRange(
      LIST,
      "created_at",
      [github, linear, jira, slack].map((c) => ({ id: c.id, at: c.created_at })),
    );
  });

  test("updated_at: exclusive gt / lt, independent of created_at", async () => {
    await expectIds(LIST, range("updated_at", { gt: slack.updated_at }), [github.id]);
    await expectIds(LIST, range("updated_at", { lt: github.updated_at }), [linear.id, jira.id, slack.id]);
    await expectIds(LIST, range("updated_at", { gt: linear.updated_at, lt: github.updated_at }), [jira.id, slack.id]);
    await expectIds(LIST, range("updated_at", { gt: github.updated_at }), []);
    await expectIds(
      LIST,
      `${range("created_at", { lt: linear.created_at })}&${range("updated_at", { gt: slack.updated_at })}`,
      [github.id],
    );
    await expectIds(
      LIST,
      `${range("created_at", { gt: github.created_at })}&${range("updated_at", { gt: slack.updated_at })}`,
      [],
    );
    await expectExclusiveRange(
      LIST,
      "updated_at",
      [github, linear, jira, slack].map((c) => ({ id: c.id, at: c.updated_at })),
    );
  });

  // Runs last in this block: it deletes and archives callbacks.
  test("status in its array forms", async () => {
    await expectIds(LIST, "status[]=archived&status[]=deleted", []);
    expect((await h.dev("DELETE", `/callbacks/${jira.id}`)).body.status).toBe("deleted");
    expect((await h.control("POST", `/_emulator/callbacks/${slack.id}/archive`)).body.status).toBe("archived");
    await expectIds(LIST, "", [github.id, linear.id, slack.id]);
    await expectIds(LIST, "status=active", [github.id, linear.id]);
    for (const query of [
      "status=archived&status=deleted",
      "status[]=archived&status[]=deleted",
      "status[0]=archived&status[1]=deleted",
      "status=archived,deleted",
    ]) {
      await expectIds(LIST, query, [jira.id, slack.id]);
    }
    await expectIds(LIST, `status=deleted&id=${slack.id}`, []);
  });
});

describe("GET /callbacks/{callback_id}/instances", () => {
  let list: string;
  let registered: Dated, detached: Dated, b: Dated, c: Dated;

  beforeAll(async () => {
    await reset();
    const cb = (await h.dev("POST", "/callbacks", { integration_provider_id: fid("intp_", "github") })).body;
    list = `/callbacks/${cb.id}/instances`;
    // Moving the clock runs the background registration for the fixture integration instance now.
    await advance();
    const config = (
      await h.dev("POST", "/provider-configs", {
        provider_id: fid("prov_", "github"),
        provider_config_vault_id: fid("pcvt_", "githubdefault"),
      })
    ).body;
    const attach = async (authConfig: string | null) => {
      const reply = await h.dev("POST", `${list}`, {
        provider_config_id: config.id,
        provider_auth_config_id: authConfig,
      });
      expect(reply.status).toBe(200);
      await advance();
      return reply.body as Dated;
    };
    const a = await attach(null);
    b = await attach(fid("pac_", "githubpat"));
    c = await attach(fid("pac_", "githuboauth"));
    detached = (await h.dev("DELETE", `${list}/${a.id}`)).body;
    expect(detached).toMatchObject({ id: a.id, status: "detached" });
    const others = (await items(list)).filter((i) => ![a.id, b.id, c.id].includes(i.id));
    expect(others).toHaveLength(1);
    registered = others[0];
    expect(Date.parse(detached.created_at) - Date.parse(registered.created_at)).toBeGreaterThanOrEqual(HOUR - 100);
    expect(Date.parse(detached.updated_at) - Date.parse(c.updated_at)).toBeGreaterThanOrEqual(HOUR);
  });

  test("created_at: exclusive gt / lt", async () => {
    await expectIds(list, range("created_at", { gt: detached.created_at, lt: c.created_at }), [b.id]);
    await expectIds(list, range("created_at", { lt: detached.created_at }), [registered.id]);
    await expectIds(list, range("created_at", { gt: b.created_at }), [c.id]);
    await expectIds(list, range("created_at", { gt: c.created_at }), []);
    await expectExclusiveRange(
      list,
      "created_at",
      [registered, detached, b, c].map((i) => ({ id: i.id, at: i.created_at })),
    );
  });

  test("updated_at: exclusive gt / lt", async () => {
    // Detaching moved updated_at of the oldest attached-by-hand instance past every other one.
    await expectIds(list, range("updated_at", { gt: c.updated_at }), [detached.id]);
    await expectIds(list, range("updated_at", { lt: detached.updated_at }), [registered.id, b.id, c.id]);
    await expectIds(list, range("updated_at", { gt: registered.updated_at, lt: detached.updated_at }), [b.id, c.id]);
    await expectIds(list, range("updated_at", { gt: detached.updated_at }), []);
    await expectExclusiveRange(
      list,
      "updated_at",
      [registered, detached, b, c].map((i) => ({ id: i.id, at: i.updated_at })),
    );
  });

  test("id in every array spelling", async () => {
    await expectArrayFilter(
      list,
      "id",
      [
        [b.id, [b.id]],
        [registered.id, [registered.id]],
        [detached.id, [detached.id]],
      ],
      `cbi_${NOBODY}`,
    );
  });
});

describe("GET /callbacks/{callback_id}/events", () => {
  let list: string;
  let m1: string, reaction: string, m2: string, otherCallbacksEvent: string;

  const deliver = async (url: string, payload: object) => {
    const reply = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
    });
    expect(reply.status).toBe(202);
    return ((await reply.json()) as { callback_event_id: string }).callback_event_id;
  };
  const attached = async (provider: string) => {
    const cb = (await h.dev("POST", "/callbacks", { integration_provider_id: fid("intp_", provider) })).body;
    const vault = h.emu.fixtures.providers.find((p) => p.id === fid("prov_", provider))!.config_vaults[0].id;
    const config = (
      await h.dev("POST", "/provider-configs", { provider_id: fid("prov_", provider), provider_config_vault_id: vault })
    ).body;
    const instance = (await h.dev("POST", `/callbacks/${cb.id}/instances`, { provider_config_id: config.id })).body;
    expect(instance.status).toBe("attached");
    return { cb, instance };
  };

  beforeAll(async () => {
    await reset();
    // Slack triggers are webhooks only: these deliveries are the callback's only events.
    const slack = await attached("slack");
    list = `/callbacks/${slack.cb.id}/events`;
    m1 = await deliver(slack.instance.webhook_url, { id: "m-1", text: "hello" });
    reaction = await deliver(slack.instance.webhook_url, { type: "slack.reaction.added", id: "r-1" });
    m2 = await deliver(slack.instance.webhook_url, { id: "m-2", text: "again" });
    const github = await attached("github");
    const push = github.instance.triggers.find((t: { source: string }) => t.source === "webhook");
    otherCallbacksEvent = await deliver(push.webhook_url, { type: "github.push", id: "m-1" });
    expect(await ids(list)).toEqual(sorted([m1, reaction, m2]));
  });

  test("id", async () => {
    await expectArrayFilter(
      list,
      "id",
      [
        [reaction, [reaction]],
        [m1, [m1]],
        [m2, [m2]],
      ],
      `cbe_${NOBODY}`,
    );
    // An event of another callback is not found through this one.
    await expectIds(list, `id=${otherCallbacksEvent}`, []);
  });

  test("type on its own", async () => {
    await expectArrayFilter(
      list,
      "type",
      [
        ["slack.reaction.added", [reaction]],
        ["slack.message.posted", [m1, m2]],
      ],
      "slack.channel.archived",
    );
    await expectIds(list, "type=github.push", []);
    // Not a prefix or substring match.
    await expectIds(list, "type=slack.message", []);
  });

  test("source_id in every array spelling, and filters combined", async () => {
    await expectArrayFilter(
      list,
      "source_id",
      [
        ["m-2", [m2]],
        ["r-1", [reaction]],
        ["m-1", [m1]],
      ],
      "m-9",
    );
    await expectIds(list, `type=slack.message.posted&id=${reaction}`, []);
    await expectIds(list, "type=slack.message.posted&source_id=m-1,r-1", [m1]);
  });
});

describe("GET /custom-provider-deployments and /custom-provider-versions", () => {
  const DEPLOYMENTS = "/custom-provider-deployments";
  const VERSIONS = "/custom-provider-versions";
  const fixtureDeployments = () => h.emu.fixtures.custom_providers.flatMap((c) => c.deployments.map((d) => d.id));
  const fixtureVersions = () => h.emu.fixtures.custom_providers.flatMap((c) => c.versions.map((v) => v.id));
  let d1: Dated, d2: Dated, d3: Dated;
  let v1: string, v2: string, v3: string;

  beforeAll(async () => {
    await reset();
    // Well after the fixtures' fresh releases, which start at the reset.
    await advance();
    const start = async (name: string, outcome: "succeeded" | "failed") => {
      const reply = await h.control("POST", "/_emulator/custom-provider-deployments", {
        custom_provider_id: fid("cprov_", name),
        outcome,
      });
      expect(reply.status).toBe(200);
      await advance();
      return reply.body as { deployment: Dated; version_id: string };
    };
    const r1 = await start("acmetools", "succeeded");
    const r2 = await start("weather", "succeeded");
    const r3 = await start("acmetools", "failed");
    [v1, v2, v3] = [r1.version_id, r2.version_id, r3.version_id];
    // Every deployment has settled by now: read them as they are.
    const byId = new Map((await items(DEPLOYMENTS)).map((d) => [d.id, d]));
    [d1, d2, d3] = [r1, r2, r3].map((r) => byId.get(r.deployment.id)!);
    expect([d1, d2, d3].map((d) => (d as unknown as { status: string }).status)).toEqual([
      "succeeded",
      "succeeded",
      "failed",
    ]);
    // Settling moved updated_at past created_at, but not as far as the next release.
    expect(Date.parse(d1.updated_at)).toBeGreaterThan(Date.parse(d1.created_at));
    expect(Date.parse(d1.updated_at)).toBeLessThan(Date.parse(d2.created_at));
  });

  test("deployments: id", async () => {
    await expectArrayFilter(
      DEPLOYMENTS,
      "id",
      [
        [d2.id, [d2.id]],
        [fid("cpd_", "acmetoolsv1"), [fid("cpd_", "acmetoolsv1")]],
        [d3.id, [d3.id]],
      ],
      `cpd_${NOBODY}`,
    );
    // A version id is not a deployment id.
    await expectIds(DEPLOYMENTS, `id=${v2}`, []);
  });

  test("deployments: created_at, exclusive gt / lt", async () => {
    await expectIds(DEPLOYMENTS, range("created_at", { gt: d1.created_at, lt: d3.created_at }), [d2.id]);
    await expectIds(DEPLOYMENTS, range("created_at", { gt: d1.created_at }), [d2.id, d3.id]);
    await expectIds(DEPLOYMENTS, range("created_at", { lt: d1.created_at }), fixtureDeployments());
    await expectIds(DEPLOYMENTS, range("created_at", { gt: d3.created_at }), []);
    const all = await items(DEPLOYMENTS);
    expect(all).toHaveLength(fixtureDeployments().length + 3);
    await expectExclusiveRange(
      DEPLOYMENTS,
      "created_at",
      all.map((d) => ({ id: d.id, at: d.created_at })),
    );
  });

  test("deployments: updated_at, exclusive gt / lt", async () => {
    await expectIds(DEPLOYMENTS, range("updated_at", { gt: d1.created_at, lt: d2.created_at }), [d1.id]);
    await expectIds(DEPLOYMENTS, range("updated_at", { gt: d1.updated_at, lt: d3.updated_at }), [d2.id]);
    await expectIds(DEPLOYMENTS, range("updated_at", { gt: d3.updated_at }), []);
    await expectExclusiveRange(
      DEPLOYMENTS,
      "updated_at",
      (await items(DEPLOYMENTS)).map((d) => ({ id: d.id, at: d.updated_at })),
    );
  });

  test("versions: id in every array spelling", async () => {
    await expectArrayFilter(
      VERSIONS,
      "id",
      [
        [v1, [v1]],
        [fid("cpv_", "weatherv2"), [fid("cpv_", "weatherv2")]],
        [v3, [v3]],
      ],
      `cpv_${NOBODY}`,
    );
    await expectIds(VERSIONS, `id=${d1.id}`, []);
  });

  test("versions: created_at, exclusive gt / lt", async () => {
    await expectIds(VERSIONS, range("created_at", { gt: d1.created_at, lt: d3.created_at }), [v2]);
    await expectIds(VERSIONS, range("created_at", { lt: d1.created_at }), fixtureVersions());
    await expectIds(VERSIONS, range("created_at", { gt: d3.created_at }), []);
    await expectExclusiveRange(
      VERSIONS,
      "created_at",
      (await items(VERSIONS)).map((v) => ({ id: v.id, at: v.created_at })),
    );
  });

  test("versions: updated_at, exclusive gt / lt", async () => {
    await expectIds(VERSIONS, range("updated_at", { gt: d1.created_at, lt: d2.created_at }), [v1]);
    await expectIds(VERSIONS, range("updated_at", { gt: d1.updated_at, lt: d3.updated_at }), [v2]);
    await expectIds(VERSIONS, range("updated_at", { gt: d3.updated_at }), []);
    await expectExclusiveRange(
      VERSIONS,
      "updated_at",
      (await items(VERSIONS)).map((v) => ({ id: v.id, at: v.updated_at })),
    );
  });
});

describe("GET /integration-setup-sessions", () => {
  const LIST = "/integration-setup-sessions";
  type Session = Dated & { url: string; status: string; integration_instance: { id: string } };
  let s1: Session, s2: Session, s3: Session;

  beforeAll(async () => {
    await reset();
    const create = async (integration: string, name: string) => {
      const reply = await h.dev("POST", LIST, { integration_id: integration, name });
      expect(reply.status).toBe(200);
      await advance();
      return reply.body;
    };
    s1 = await create(DEVTOOLS, "one");
    s2 = await create(CHAT, "two");
    s3 = await create(DEVTOOLS, "three");
    // Completing the oldest session moves its updated_at past the others, which stay pending (none expires in 3 h).
    const done = await fetch(`${s1.url}/complete`, { method: "POST" });
    expect(done.status).toBe(200);
    s1 = (await h.dev("GET", `${LIST}/${s1.id}`)).body;
    expect(s1).toMatchObject({ status: "successful" });
    expect(Date.parse(s1.updated_at) - Date.parse(s3.updated_at)).toBeGreaterThanOrEqual(HOUR);
  });

  test("updated_at: exclusive gt / lt", async () => {
    await expectIds(LIST, range("updated_at", { gt: s3.updated_at }), [s1.id]);
    await expectIds(LIST, range("updated_at", { lt: s1.updated_at }), [s2.id, s3.id]);
    await expectIds(LIST, range("updated_at", { gt: s2.updated_at, lt: s1.updated_at }), [s3.id]);
    await expectIds(LIST, range("updated_at", { gt: s1.updated_at }), []);
    await expectIds(LIST, `${range("updated_at", { gt: s3.updated_at })}&status=pending`, []);
    await expectExclusiveRange(
      LIST,
      "updated_at",
      [s1, s2, s3].map((s) => ({ id: s.id, at: s.updated_at })),
    );
  });

  test("created_at: exclusive gt / lt", async () => {
    await expectIds(LIST, range("created_at", { gt: s1.created_at, lt: s3.created_at }), [s2.id]);
    await expectIds(LIST, range("created_at", { lt: s2.created_at }), [s1.id]);
    await expectIds(LIST, range("created_at", { gt: s3.created_at }), []);
    await expectExclusiveRange(
      LIST,
      "created_at",
      [s1, s2, s3].map((s) => ({ id: s.id, at: s.created_at })),
    );
  });

  test("id, integration_id, integration_instance_id and status in every array spelling", async () => {
    await expectArrayFilter(
      LIST,
      "id",
      [
        [s3.id, [s3.id]],
        [s2.id, [s2.id]],
      ],
      `iss_${NOBODY}`,
    );
    await expectArrayFilter(
      LIST,
      "integration_id",
      [
        [CHAT, [s2.id]],
        [DEVTOOLS, [s1.id, s3.id]],
      ],
      fid("int_", "docs"),
    );
    await expectArrayFilter(
      LIST,
      "integration_instance_id",
      [
        [s1.integration_instance.id, [s1.id]],
        [s2.integration_instance.id, [s2.id]],
      ],
      fid("inst_", "acmedevtools"), // an integration instance, but not one of a setup session
    );
    await expectArrayFilter(
      LIST,
      "status",
      [
        ["successful", [s1.id]],
        ["pending", [s2.id, s3.id]],
      ],
      "expired",
    );
  });
});

describe("GET /provider-configs", () => {
  const LIST = "/provider-configs";
  const GITHUB_ACME = fid("pcfg_", "githubacme");
  const GITHUB_PERSONAL = fid("pcfg_", "githubpersonal");
  const LINEAR_ACME = fid("pcfg_", "linearacme");
  const SLACK_ACME = fid("pcfg_", "slackacme");
  let enterprise: string;

  beforeAll(async () => {
    await reset();
    enterprise = (
      await h.dev("POST", LIST, {
        provider_id: fid("prov_", "github"),
        provider_deployment_id: fid("pdep_", "githubenterprise"),
        provider_config_vault_id: fid("pcvt_", "githubenterprise"),
      })
    ).body.id;
  });

  test("id", async () => {
    await expectArrayFilter(
      LIST,
      "id",
      [
        [SLACK_ACME, [SLACK_ACME]],
        [enterprise, [enterprise]],
        [GITHUB_PERSONAL, [GITHUB_PERSONAL]],
      ],
      `pcfg_${NOBODY}`,
    );
    await expectIds(LIST, `id=${GITHUB_ACME}&provider_id=${fid("prov_", "slack")}`, []);
    // A deleted config is gone from the filtered list too.
    const gone = (
      await h.dev("POST", LIST, {
        provider_id: fid("prov_", "slack"),
        provider_config_vault_id: fid("pcvt_", "slackdefault"),
      })
    ).body.id;
    await expectIds(LIST, `id=${gone}`, [gone]);
    expect((await h.dev("DELETE", `${LIST}/${gone}`)).status).toBe(200);
    await expectIds(LIST, `id=${gone}`, []);
  });

  test("the other id filters and status in their array forms", async () => {
    await expectArrayFilter(
      LIST,
      "provider_id",
      [
        [fid("prov_", "linear"), [LINEAR_ACME]],
        [fid("prov_", "slack"), [SLACK_ACME]],
      ],
      fid("prov_", "notion"),
    );
    await expectArrayFilter(
      LIST,
      "provider_specification_id",
      [
        [fid("pspec_", "slack"), [SLACK_ACME]],
        [fid("pspec_", "linear"), [LINEAR_ACME]],
      ],
      fid("pspec_", "jira"),
    );
    await expectArrayFilter(
      LIST,
      "provider_deployment_id",
      [
        [fid("pdep_", "githubenterprise"), [enterprise]],
        [fid("pdep_", "slackcloud"), [SLACK_ACME]],
      ],
      fid("pdep_", "jiracloud"),
    );
    await expectArrayFilter(
      LIST,
      "provider_config_vault_id",
      [
        [fid("pcvt_", "githubenterprise"), [enterprise]],
        [fid("pcvt_", "lineardefault"), [LINEAR_ACME]],
      ],
      fid("pcvt_", "jiradefault"),
    );
    for (const name of ["actor_id", "consumer_id", "identity_id", "identity_credential_id"]) {
      const value = {
        actor_id: "act_octocat",
        consumer_id: "csm_acme",
        identity_id: "idn_octocat",
        identity_credential_id: "idc_octocat",
      }[name]!;
      await expectArrayFilter(LIST, name, [[value, [GITHUB_PERSONAL]]], `${value}x`);
    }
    await expectIds(LIST, "status=active,archived", [
      GITHUB_ACME,
      GITHUB_PERSONAL,
      LINEAR_ACME,
      SLACK_ACME,
      enterprise,
    ]);
    await expectIds(LIST, "status[]=archived", []);
  });
});
