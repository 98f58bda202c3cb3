import { fixtureId as fid } from "../../../emulator/ids";
import { ID_FORMAT, startHarness, type Harness } from "./emulator-helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.emu.close());
beforeEach(async () => {
  await h.control("POST", "/_emulator/reset");
});

const GITHUB = fid("prov_", "github");
const GOOD_VALUE = { base_url: "https://api.github.com", timeout_seconds: 30 };

describe("provider configs: create", () => {
  test("from values: the record per spec, value never returned, tool_filters -> tool_filter", async () => {
    const reply = await h.dev("POST", "/provider-configs", {
      provider_id: GITHUB,
      name: "ci",
      description: "for CI",
      metadata: { owner: "infra" },
      value: GOOD_VALUE,
      tool_filters: { type: "tool_keys", keys: ["create_issue", "list_issues"] },
    });
    expect(reply.status).toBe(200);
    const config = reply.body;
    expect(config.id).toMatch(ID_FORMAT("pcfg_"));
    expect(config).toEqual({
      object: "provider.config",
      id: config.id,
      status: "active",
      is_default: false,
      name: "ci",
      description: "for CI",
      metadata: { owner: "infra" },
      tool_filter: { type: "tool_keys", keys: ["create_issue", "list_issues"], ignore_parent_filters: false },
      provider_id: GITHUB,
      specification_id: fid("pspec_", "github"),
      deployment: expect.objectContaining({
        object: "provider.deployment#preview",
        id: fid("pdep_", "githubcloud"),
        is_default: true,
        provider_id: GITHUB,
      }),
      from_vault: null,
      created_at: config.created_at,
      updated_at: config.created_at,
    });
    expect(JSON.stringify(config)).not.toContain("api.github.com");
    expect(await h.dev("GET", `/provider-configs/${config.id}`)).toMatchObject({ status: 200, body: config });
  });

  test("from a vault, on an explicit deployment; default tool filter is allow_all", async () => {
    const reply = await h.dev("POST", "/provider-configs", {
      provider_id: GITHUB,
      provider_deployment_id: fid("pdep_", "githubenterprise"),
      provider_config_vault_id: fid("pcvt_", "githubenterprise"),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.deployment).toMatchObject({ id: fid("pdep_", "githubenterprise"), is_default: false });
    expect(reply.body.from_vault).toMatchObject({
      object: "provider.config_vault",
      id: fid("pcvt_", "githubenterprise"),
      status: "active",
      deployment: { object: "provider.deployment#preview" },
    });
    expect(reply.body.tool_filter).toEqual({ type: "allow_all", ignore_parent_filters: false });
  });

  test("value is validated against the deployment's schema, with paths", async () => {
    const reply = await h.dev("POST", "/provider-configs", {
      provider_id: GITHUB,
      value: { base_url: "not a url", timeout_seconds: 301, proxy: "x" },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("validation_failed");
    expect(reply.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ["value", "base_url"], code: "invalid_format" }),
        expect.objectContaining({ path: ["value", "timeout_seconds"], code: "too_large" }),
        expect.objectContaining({ path: ["value", "proxy"], code: "unknown_field" }),
      ]),
    );
    const missing = await h.dev("POST", "/provider-configs", { provider_id: GITHUB, value: { timeout_seconds: 1.5 } });
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ["value", "base_url"], code: "required" }),
        expect.objectContaining({ path: ["value", "timeout_seconds"], code: "invalid_type" }),
      ]),
    );
    const items = await h.dev("POST", "/provider-configs", {
      provider_id: fid("prov_", "jira"),
      value: { site_url: "https://a.b", project_keys: ["OK", 7, "X"] },
    });
    expect(items.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ["value", "project_keys", 1] }),
        expect.objectContaining({ path: ["value", "project_keys", 2], code: "too_short" }),
      ]),
    );
    const enumBad = await h.dev("POST", "/provider-configs", {
      provider_id: fid("prov_", "linear"),
      value: { workspace_slug: "a", sync_mode: "sometimes" },
    });
    expect(enumBad.body.errors).toEqual([
      expect.objectContaining({ path: ["value", "sync_mode"], code: "invalid_value" }),
    ]);
  });

  test("format uri means what the provider's preview check means (ajv-formats): a string URL parsing accepts is not enough", async () => {
    // Both parse as WHATWG URLs, neither is an RFC 3986 URI: the provider refuses them at preview, so the service must too.
    for (const notUri of ["m:{=i&s8=)", "uu:\"'{"]) {
      const reply = await h.dev("POST", "/provider-configs", {
        provider_id: fid("prov_", "jira"),
        value: { site_url: notUri, project_keys: ["OPS"] },
      });
      expect({ notUri, status: reply.status, errors: reply.body.errors }).toEqual({
        notUri,
        status: 422,
        errors: [{ code: "invalid_format", message: "must be an absolute URI", path: ["value", "site_url"] }],
      });
    }
  });

  test("value overrides the vault's values; the merge is what gets validated", async () => {
    const ok = await h.dev("POST", "/provider-configs", {
      provider_id: GITHUB,
      provider_config_vault_id: fid("pcvt_", "githubdefault"),
      value: { timeout_seconds: 90 },
    });
    expect(ok.status).toBe(200);
    const bad = await h.dev("POST", "/provider-configs", {
      provider_id: GITHUB,
      provider_config_vault_id: fid("pcvt_", "githubdefault"),
      value: { timeout_seconds: 0 },
    });
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: ["value", "timeout_seconds"] })]);
  });

  test("missing and mismatched references are 422 naming the field", async () => {
    const cases: [unknown, string][] = [
      [{ value: GOOD_VALUE }, "provider_id"],
      [{ provider_id: "prov_nothing", value: GOOD_VALUE }, "provider_id"],
      [{ provider_id: GITHUB }, "value"],
      [
        { provider_id: GITHUB, value: GOOD_VALUE, provider_deployment_id: fid("pdep_", "slackcloud") },
        "provider_deployment_id",
      ],
      [{ provider_id: GITHUB, provider_config_vault_id: fid("pcvt_", "slackdefault") }, "provider_config_vault_id"],
      [{ provider_id: GITHUB, value: "x" }, "value"],
      [{ provider_id: GITHUB, value: GOOD_VALUE, tool_filters: { type: "some" } }, "tool_filters"],
      [{ provider_id: GITHUB, value: GOOD_VALUE, tool_filters: { type: "tool_keys" } }, "tool_filters"],
      [{ provider_id: GITHUB, value: GOOD_VALUE, extra: 1 }, "extra"],
    ];
    for (const [body, field] of cases) {
      const reply = await h.dev("POST", "/provider-configs", body);
      expect({ field, status: reply.status }).toEqual({ field, status: 422 });
      expect(reply.body.errors.map((e: { path: string[] }) => e.path[0])).toContain(field);
      expect(reply.body.message).toContain(field);
    }
  });

  test("the encrypted schema provider validates too", async () => {
    const reply = await h.dev("POST", "/provider-configs", {
      provider_id: fid("prov_", "slack"),
      value: { bot_token: "short", signing_secret: "s".repeat(16) },
    });
    expect(reply.body.errors).toEqual([expect.objectContaining({ path: ["value", "bot_token"], code: "too_short" })]);
  });
});

describe("provider configs: update and delete", () => {
  test("PATCH changes name, description, metadata, tool_filters only", async () => {
    const created = (await h.dev("POST", "/provider-configs", { provider_id: GITHUB, value: GOOD_VALUE, name: "a" }))
      .body;
    const patched = await h.dev("PATCH", `/provider-configs/${created.id}`, {
      name: "b",
      tool_filters: { type: "tool_keys", keys: ["x"], ignore_parent_filters: true },
    });
    expect(patched.body).toMatchObject({
      name: "b",
      tool_filter: { type: "tool_keys", keys: ["x"], ignore_parent_filters: true },
      deployment: created.deployment,
    });
    const refused = await h.dev("PATCH", `/provider-configs/${created.id}`, {
      value: GOOD_VALUE,
      provider_deployment_id: fid("pdep_", "githubenterprise"),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: { path: string[] }) => e.path[0]).sort()).toEqual([
      "provider_deployment_id",
      "value",
    ]);
  });

  test("DELETE removes it for good", async () => {
    const created = (await h.dev("POST", "/provider-configs", { provider_id: GITHUB, value: GOOD_VALUE })).body;
    const deleted = await h.dev("DELETE", `/provider-configs/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.status).toBe("deleted");
    expect((await h.dev("GET", `/provider-configs/${created.id}`)).status).toBe(404);
    expect((await h.dev("DELETE", `/provider-configs/${created.id}`)).status).toBe(404);
    expect((await h.dev("PATCH", `/provider-configs/${created.id}`, { name: "x" })).status).toBe(404);
  });
});

describe("provider configs: list filters", () => {
  const ids = async (query: string) =>
    (await h.dev("GET", `/provider-configs?${query}`)).body.items.map((c: { id: string }) => c.id).sort();

  test("every filter of the spec", async () => {
    const mine = (
      await h.dev("POST", "/provider-configs", {
        provider_id: GITHUB,
        provider_deployment_id: fid("pdep_", "githubenterprise"),
        value: GOOD_VALUE,
        name: "Needle Config",
      })
    ).body;
    const fixtureIds = h.emu.fixtures.provider_configs.map((c) => c.id);
    expect(await ids("")).toEqual([...fixtureIds, mine.id].sort());
    expect(await ids(`provider_id=${fid("prov_", "slack")}`)).toEqual([fid("pcfg_", "slackacme")]);
    expect(await ids(`provider_deployment_id=${fid("pdep_", "githubenterprise")}`)).toEqual([mine.id]);
    expect(await ids(`provider_specification_id=${fid("pspec_", "linear")}`)).toEqual([fid("pcfg_", "linearacme")]);
    expect(await ids(`provider_config_vault_id=${fid("pcvt_", "githubdefault")}`)).toEqual(
      [fid("pcfg_", "githubacme"), fid("pcfg_", "githubpersonal")].sort(),
    );
    expect(await ids("identity_id=idn_octocat")).toEqual([fid("pcfg_", "githubpersonal")]);
    expect(await ids("actor_id=act_octocat&consumer_id=csm_acme&identity_credential_id=idc_octocat")).toEqual([
      fid("pcfg_", "githubpersonal"),
    ]);
    expect(await ids("available_for_use=true")).toEqual([fid("pcfg_", "githubpersonal"), mine.id].sort());
    expect(await ids("available_for_use=false")).toEqual(
      [fid("pcfg_", "githubacme"), fid("pcfg_", "linearacme"), fid("pcfg_", "slackacme")].sort(),
    );
    // `mine` is locked to the enterprise deployment; unlocked configs are available for any deployment.
    expect(await ids(`available_for_provider_deployment_id=${fid("pdep_", "githubcloud")}`)).not.toContain(mine.id);
    expect(await ids(`available_for_provider_deployment_id=${fid("pdep_", "githubenterprise")}`)).toContain(mine.id);
    expect(await ids("search=needle")).toEqual([mine.id]);
    expect(await ids("search=INSTANCE")).toEqual(
      [fid("pcfg_", "githubacme"), fid("pcfg_", "linearacme"), fid("pcfg_", "slackacme")].sort(),
    );
    expect(await ids("status=active&status=archived")).toHaveLength(5);
    expect(await ids("status=archived")).toEqual([]);
    expect((await h.dev("GET", "/provider-configs?status=deleted")).status).toBe(400);
    expect((await h.dev("GET", "/provider-configs?available_for_use=maybe")).status).toBe(400);
  });
});

describe("provider config schema", () => {
  test("by provider, deployment, version or config; publishable keys may read it", async () => {
    const byProvider = await h.devPublishable("GET", `/provider-config-schema?provider_id=${GITHUB}`);
    expect(byProvider.status).toBe(200);
    expect(byProvider.body).toMatchObject({
      object: "provider.capabilities.config.schema",
      visibility: "plain",
      provider_id: GITHUB,
      specification_id: fid("pspec_", "github"),
      schema: {
        type: "json_schema",
        schema: { type: "object", required: ["base_url", "timeout_seconds"], additionalProperties: false },
      },
    });
    expect(
      (await h.dev("GET", `/provider-config-schema?provider_deployment_id=${fid("pdep_", "githubenterprise")}`)).body,
    ).toEqual(byProvider.body);
    expect((await h.dev("GET", `/provider-config-schema?provider_version_id=${fid("pver_", "github")}`)).body).toEqual(
      byProvider.body,
    );
    expect(
      (await h.dev("GET", `/provider-config-schema?provider_config_id=${fid("pcfg_", "githubacme")}`)).body,
    ).toEqual(byProvider.body);
    expect((await h.dev("GET", `/provider-config-schema?provider_id=${fid("prov_", "slack")}`)).body.visibility).toBe(
      "encrypted",
    );
    expect(
      (await h.dev("GET", `/provider-config-schema?provider_id=${fid("prov_", "acmetools")}`)).body.schema,
    ).toBeNull();
  });

  test("no parameter is a 400; an unknown id a 404; disagreeing ids a 400", async () => {
    expect((await h.dev("GET", "/provider-config-schema")).body.code).toBe("invalid_request");
    expect((await h.dev("GET", "/provider-config-schema?provider_id=prov_nope")).status).toBe(404);
    const mixed = await h.dev(
      "GET",
      `/provider-config-schema?provider_id=${GITHUB}&provider_deployment_id=${fid("pdep_", "slackcloud")}`,
    );
    expect(mixed.status).toBe(400);
  });

  test("a provider without a schema accepts any object as value", async () => {
    expect(
      (
        await h.dev("POST", "/provider-configs", {
          provider_id: fid("prov_", "acmetools"),
          value: { anything: [1, 2] },
        })
      ).status,
    ).toBe(200);
  });
});
