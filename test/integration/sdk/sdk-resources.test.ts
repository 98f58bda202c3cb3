import {
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
  ToolConnectivityClient,
  ToolConnectivityError,
  UnprocessableEntityError,
  type Role,
} from "../../../sdk/index";
import { startSdkHarness, waitFor, type SdkHarness } from "./sdk-helpers";

let h: SdkHarness;
beforeAll(async () => {
  h = await startSdkHarness();
});
afterAll(() => h.close());

const github = () => h.emu.fixtures.providers.find((p) => p.id.includes("github"))!;

describe("roles", () => {
  const created: Role[] = [];

  it("creates 300 roles and reads them back over several pages, with for await and with nextPage", async () => {
    const client = h.client();
    const made = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        client.roles.create({ name: `Role ${i}`, slug: `sdk-role-${i}`, permissions: ["thread_read"] }),
      ),
    );
    created.push(...made);
    const defaults = h.emu.fixtures.roles.length;

    const seen: string[] = [];
    for await (const role of client.roles.list({ limit: 100 })) seen.push(role.id);
    expect(seen).toHaveLength(300 + defaults);
    expect(new Set(seen).size).toBe(seen.length);
    for (const role of made) expect(seen).toContain(role.id);

    let page = await client.roles.list({ limit: 25, order: "asc" });
    const manual: string[] = [];
    let pages = 0;
    for (;;) {
      pages += 1;
      manual.push(...page.items.map((r) => r.id));
      const next = await page.nextPage();
      if (!next) break;
      expect(next.hasMoreBefore).toBe(true);
      page = next;
    }
    expect(pages).toBe(Math.ceil((300 + defaults) / 25));
    expect(manual).toHaveLength(300 + defaults);
    expect(new Set(manual)).toEqual(new Set(seen));
  });

  it("reads, replaces (PUT) and filters roles", async () => {
    const client = h.client();
    const role = created[0]!;
    expect(await client.roles.retrieve(role.id)).toEqual(role);
    const replaced = await client.roles.update(role.id, {
      name: "Renamed",
      slug: role.slug!,
      permissions: ["thread_read", "thread_create"],
      description: "Writers",
    });
    expect(replaced).toMatchObject({
      name: "Renamed",
      description: "Writers",
      isDefault: false,
      permissions: ["thread_read", "thread_create"],
    });
    const bySlug = await client.roles.list({ slug: [role.slug!, created[1]!.slug!] });
    expect(bySlug.items.map((r) => r.id).sort()).toEqual([role.id, created[1]!.id].sort());
  });

  it("refuses a bad role with field errors, and changes to a default role", async () => {
    const client = h.client();
    const bad = await client.roles
      .create({ name: "x", slug: "Not A Slug", permissions: ["nope"] })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(UnprocessableEntityError);
    const paths = (bad as UnprocessableEntityError).errors?.map((e) => e.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["slug", "permissions.0"]));
    expect((bad as Error).message).toMatch(/^422 validation_failed: .*slug.*\[POST \/roles, request req_\w+\]$/);

    const owner = h.emu.fixtures.roles[0]!;
    const refused = await client.roles
      .update(owner.id, { name: "x", slug: owner.slug, permissions: [] })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BadRequestError);
    expect((refused as BadRequestError).code).toBe("invalid_action");
  });
});

describe("provider configs and their schema", () => {
  it("creates from values, reads, updates, filters and deletes a config", async () => {
    const client = h.client();
    const provider = github();
    const config = await client.providerConfigs.create({
      providerId: provider.id,
      name: "SDK config",
      description: "made by the sdk test",
      metadata: { ownerTeam: "platform" },
      value: { base_url: "https://api.github.com", timeout_seconds: 30 },
      toolFilters: { type: "tool_keys", keys: ["list_issues"] },
    });
    expect(config).toMatchObject({
      object: "provider.config",
      status: "active",
      name: "SDK config",
      metadata: { ownerTeam: "platform" },
      providerId: provider.id,
      toolFilter: { type: "tool_keys", keys: ["list_issues"], ignoreParentFilters: false },
      fromVault: null,
    });
    expect(config).not.toHaveProperty("value");
    expect(await client.providerConfigs.retrieve(config.id)).toEqual(config);

    const updated = await client.providerConfigs.update(config.id, {
      name: "SDK config 2",
      toolFilters: { type: "allow_all" },
    });
    expect(updated).toMatchObject({
      name: "SDK config 2",
      toolFilter: { type: "allow_all", ignoreParentFilters: false },
    });

    const found = await client.providerConfigs.list({
      search: "sdk CONFIG 2",
      providerId: provider.id,
      status: ["active"],
    });
    expect(found.items.map((c) => c.id)).toEqual([config.id]);
    const available = await client.providerConfigs.list({ availableForUse: true, id: [config.id] });
    expect(available.items.map((c) => c.id)).toEqual([config.id]);

    await expect(client.providerConfigs.delete(config.id)).resolves.toBeUndefined();
    await expect(client.providerConfigs.retrieve(config.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("creates from a vault and reports value problems with paths", async () => {
    const client = h.client();
    const provider = github();
    const vault = provider.config_vaults[0]!;
    const config = await client.providerConfigs.create({ providerId: provider.id, providerConfigVaultId: vault.id });
    expect(config.fromVault).toMatchObject({ object: "provider.config_vault", id: vault.id });
    expect(config.deployment).toMatchObject({ id: vault.deployment_id });

    const bad = await client.providerConfigs
      .create({ providerId: provider.id, value: { base_url: 1 } })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(UnprocessableEntityError);
    expect((bad as UnprocessableEntityError).errors?.some((e) => e.path[0] === "value")).toBe(true);
  });

  it("reads the config schema, also with a publishable key, which is refused for everything else", async () => {
    const provider = github();
    const publishable = h.client({ apiKey: h.emu.keys.development.publishable });
    const schema = await publishable.providerConfigSchema.retrieve({ providerId: provider.id });
    expect(schema).toMatchObject({
      object: "provider.capabilities.config.schema",
      providerId: provider.id,
      visibility: "plain",
    });
    // JSON Schema bodies keep their keys verbatim.
    expect(Object.keys((schema.schema!.schema as { properties: object }).properties)).toEqual(
      expect.arrayContaining(["base_url", "timeout_seconds"]),
    );

    const refused = await publishable.roles.list().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ToolConnectivityError);
    expect(refused).not.toBeInstanceOf(PermissionDeniedError); // refused before sending
    expect((refused as Error).message).toMatch(/use a secret key \(service_sk_\.\.\.\)/i);

    await expect(h.client().providerConfigSchema.retrieve({})).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe("integration setup sessions", () => {
  it("creates, reads and lists a session with its draft instance", async () => {
    const client = h.client();
    const integration = h.emu.fixtures.integrations[0]!;
    const expiresAt = new Date(Date.now() + 3600_000);
    const session = await client.integrationSetupSessions.create({
      integrationId: integration.id,
      name: "Onboard ACME",
      configuration: { workspace_name: "acme" },
      redirectUrl: "https://example.com/done",
      expiresAt,
    });
    expect(session).toMatchObject({
      object: "integration.setup_session",
      status: "pending",
      integrationId: integration.id,
      configuration: { workspace_name: "acme" },
      redirectUrl: "https://example.com/done",
      integrationInstance: { status: "draft" },
    });
    expect(Date.parse(session.expiresAt!)).toBe(expiresAt.getTime());
    expect(await client.integrationSetupSessions.retrieve(session.id)).toEqual(session);
    const listed = await client.integrationSetupSessions.list({
      integrationId: integration.id,
      status: ["pending", "successful"],
    });
    expect(listed.items.map((s) => s.id)).toContain(session.id);
  });
});

describe("custom provider deployments and versions", () => {
  it("lists, reads and follows a deployment's logs", async () => {
    const client = h.client();
    const deployments = await client.customProviderDeployments.list({ limit: 100 });
    expect(deployments.items.length).toBeGreaterThan(0);
    const first = deployments.items[0]!;
    expect(await client.customProviderDeployments.retrieve(first.id)).toMatchObject({
      id: first.id,
      object: "custom_provider.deployment",
    });
    const logs = await client.customProviderDeployments.retrieveLogs(first.id);
    expect(logs).toMatchObject({ object: "custom_provider.deployment.logs", customProviderDeploymentId: first.id });

    const settled = await waitFor(async () => {
      const page = await client.customProviderDeployments.list({ status: ["succeeded", "failed"] });
      return page.items.length > 0 ? page.items : undefined;
    });
    expect(settled.every((d) => d.status === "succeeded" || d.status === "failed")).toBe(true);

    const versions = await client.customProviderVersions.list({ customProviderId: first.customProviderId! });
    expect(versions.items.length).toBeGreaterThan(0);
    expect(versions.items.every((v) => v.customProviderId === first.customProviderId)).toBe(true);
  });
});

describe("auth and versioning", () => {
  it("surfaces a wrong key as an AuthenticationError without showing the key", async () => {
    const wrongKey = "service_sk_not_a_real_key_000000000000000";
    const client = new ToolConnectivityClient({ apiKey: wrongKey, baseUrl: h.emu.url, rateLimit: false });
    const error = await client.roles.list().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as Error).name).toBe("AuthenticationError");
    expect((error as Error).message).not.toContain(wrongKey);
  });

  it("pins Service-Version; an unsupported one is a 400 unsupported_version", async () => {
    const error = await h
      .client({ serviceVersion: "1999-01-01" })
      .roles.list()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).code).toBe("unsupported_version");
    expect((error as BadRequestError).message).toContain("2026-01-01");
  });
});
