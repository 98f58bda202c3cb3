// What the engine's read gives Pulumi as the inputs after a refresh, against the emulator in process:
// none when nothing declared changed (the recorded inputs stay as they are), and after a change by
// hand the live values, with what the API never returns kept as recorded and what the program did
// not declare left out. (On the real engine: test/long/resource-options.test.ts.)
import { BINDINGS } from "../../../provider/engine/bindings";
import type { ApiContext } from "../../../provider/engine/binding";
import { markerSecret } from "../../../provider/engine/create-marker";
import { ReadBatcher } from "../../../provider/engine/read-batcher";
import { ResourceEngine } from "../../../provider/engine/resource-engine";
import type { ResourceKind } from "../../../provider/shapes/shape";
import { startSdkHarness, type SdkHarness } from "../sdk/sdk-helpers";

const GITHUB_PROVIDER = "prov_github00000000000000";
const GITHUB_INTEGRATION_PROVIDER = "intp_github00000000000000";

describe("engine read: the inputs recorded by a refresh", () => {
  let harness: SdkHarness;
  let context: ApiContext;

  beforeAll(async () => {
    harness = await startSdkHarness();
    context = {
      client: harness.client(),
      reads: new ReadBatcher(),
      orphans: new ReadBatcher({ ttlMs: Number.POSITIVE_INFINITY }),
      markerSecret: markerSecret("k"),
      takenOver: new Set(),
      claimed: new Set(),
      settingsFingerprint: "",
      environment: () => Promise.reject(new Error("this test records no environment")),
      learnEnvironment: () => undefined,
    };
  });
  afterAll(() => harness.close());

  function engine(kind: ResourceKind) {
    return new ResourceEngine(
      BINDINGS[kind],
      () => context,
      () => undefined,
    );
  }

  /** A read as a fresh refresh makes it (nothing cached from earlier reads). */
  async function refresh(kind: ResourceKind, id: string, state: Record<string, unknown>) {
    context.reads = new ReadBatcher();
    return engine(kind).read(id, state);
  }

  it("returns no inputs for an object nobody changed", async () => {
    const created = await engine("Callback").create({
      integrationProviderId: GITHUB_INTEGRATION_PROVIDER,
      name: "GitHub events",
      tcsCreateKey: "k1",
    });
    const read = await refresh("Callback", created.id, created.outs);
    expect(read).toEqual({ id: created.id, props: created.outs });
    expect(read).not.toHaveProperty("inputs");
  });

  it("after a change by hand, returns the live values of the declared fields and nothing undeclared", async () => {
    const config = await engine("ProviderConfig").create({
      providerId: GITHUB_PROVIDER,
      name: "GitHub",
      value: { base_url: "https://x.example.com/api", timeout_seconds: 3 },
      tcsCreateKey: "k2",
    });
    await harness.client().providerConfigs.update(config.id, { name: "by hand", metadata: { owner: "ops" } });
    const read = await refresh("ProviderConfig", config.id, config.outs);
    expect(read.props).toMatchObject({
      name: "by hand",
      providerDeploymentId: expect.stringMatching(/^pdep_/),
      toolFilters: { type: "allow_all" },
    });
    // The value is never returned by the API: kept as recorded. The deployment the service chose, the
    // default tool filter and empty fields are not declarations.
    expect(read.inputs).toEqual({
      providerId: GITHUB_PROVIDER,
      name: "by hand",
      metadata: { owner: "ops" },
      value: { base_url: "https://x.example.com/api", timeout_seconds: 3 },
    });
  });

  it("keeps adoptId and a role's permissions as the service holds them", async () => {
    const role = await harness
      .client()
      .roles.create({ name: "Made by hand", slug: "made-by-hand", permissions: ["thread_read"] });
    const adopted = await engine("Role").create({
      name: "Made by hand",
      slug: "made-by-hand",
      permissions: ["thread_read"],
      adoptId: role.id,
    });
    await harness.client().roles.update(role.id, {
      name: "Made by hand",
      slug: "made-by-hand",
      permissions: ["thread_read", "thread_create"],
    });
    const read = await refresh("Role", role.id, adopted.outs);
    expect(read.inputs).toEqual({
      name: "Made by hand",
      slug: "made-by-hand",
      permissions: expect.arrayContaining(["thread_read", "thread_create"]),
      adoptId: role.id,
    });
  });

  it("returns nothing at all for an object gone", async () => {
    const created = await engine("Callback").create({
      integrationProviderId: "intp_linear00000000000000",
      name: "Linear",
      tcsCreateKey: "k3",
    });
    await harness.client().callbacks.delete(created.id);
    expect(await refresh("Callback", created.id, created.outs)).toEqual({});
  });
});
