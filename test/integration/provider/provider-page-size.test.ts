// A service that serves fewer records a page than asked (here 7 where the scan asks for
// SCAN_PAGE_SIZE) still gets a complete refresh: every scan follows has_more_after, so every record is
// found in the scan, none is taken for gone, and none costs a read of its own.
import { ToolConnectivityClient } from "../../../sdk/index";
import { SCAN_PAGE_SIZE } from "../../../provider/page-size";
import { BINDINGS } from "../../../provider/engine/bindings";
import type { ApiContext } from "../../../provider/engine/binding";
import { ReadBatcher } from "../../../provider/engine/read-batcher";
import { ResourceEngine } from "../../../provider/engine/resource-engine";
import type { ResourceKind } from "../../../provider/shapes/shape";
import { startSdkHarness, type SdkHarness } from "../sdk/sdk-helpers";

const PAGE = 7;
let h: SdkHarness;
beforeAll(async () => {
  h = await startSdkHarness({ maxPageSize: PAGE });
});
afterAll(() => h.close());

function engine(kind: ResourceKind, client: ToolConnectivityClient) {
  const ctx: ApiContext = {
    client,
    reads: new ReadBatcher(),
    orphans: new ReadBatcher({ ttlMs: Number.POSITIVE_INFINITY }),
    markerSecret: Buffer.alloc(32),
    takenOver: new Set(),
    claimed: new Set(),
    settingsFingerprint: "",
    environment: () => Promise.reject(new Error("this test records no environment")),
    learnEnvironment: () => undefined,
  };
  return new ResourceEngine(
    BINDINGS[kind],
    () => ctx,
    () => undefined,
  );
}

describe("a service that serves fewer records a page than asked", () => {
  it("still gets a complete refresh: the scan pages on, every record is found, none read alone", async () => {
    const client = h.client();
    const roles = [];
    for (let i = 0; i < 40; i++)
      roles.push(await client.roles.create({ name: `Paged ${i}`, slug: `paged-${i}`, permissions: ["thread_read"] }));
    const configs = [];
    const github = h.emu.fixtures.providers.find((p) => p.config_vaults.length > 0)!;
    for (let i = 0; i < 20; i++)
      configs.push(
        await client.providerConfigs.create({
          providerId: github.id,
          providerConfigVaultId: github.config_vaults[0]!.id,
          name: `paged ${i}`,
        }),
      );
    // The service answers 7 a page where the scan asks for more.
    expect(SCAN_PAGE_SIZE).toBeGreaterThan(PAGE);
    const first = await client.roles.list({ limit: SCAN_PAGE_SIZE });
    expect([first.items.length, first.hasMoreAfter]).toEqual([PAGE, true]);
    await h.control("DELETE", "/_emulator/requests");

    // What the engine does in a refresh: every resource read at once, in one plugin process.
    const roleEngine = engine("Role", client);
    const configEngine = engine("ProviderConfig", client);
    const reads = await Promise.all([
      ...roles.map((role) =>
        roleEngine.read(role.id, { name: role.name, slug: role.slug, permissions: role.permissions }),
      ),
      ...configs.map((config) => configEngine.read(config.id, { providerId: config.providerId, name: config.name })),
    ]);
    expect(reads.map((r) => r.id)).toEqual([...roles, ...configs].map((r) => r.id));
    expect(reads.every((r) => r.props !== undefined)).toBe(true);

    const routes = (await h.control<{ by_route: Record<string, number> }>("GET", "/_emulator/requests")).by_route;
    // One scan per scope, page after page; no record read by id.
    expect(routes["GET /roles"]).toBeGreaterThanOrEqual(Math.ceil(roles.length / PAGE));
    expect(routes["GET /provider-configs"]).toBeGreaterThanOrEqual(Math.ceil(configs.length / PAGE));
    expect(routes["GET /roles/{roleId}"] ?? 0).toBe(0);
    expect(routes["GET /provider-configs/{provider_config_id}"] ?? 0).toBe(0);
  });
});
