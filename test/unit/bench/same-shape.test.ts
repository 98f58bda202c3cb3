// The same-shape floor (scripts/bench/programs/same-shape.ts and same-shape-provider.js): resources with the
// properties of ours, on a plugin that does nothing and calls no one.
import { SHAPES } from "../../../provider/shapes";
import { sameShapeModule, sameShapeTemplate, sameShapeTemplates } from "../../../scripts/bench/programs/same-shape";

const provider = require("../../../scripts/bench/programs/same-shape-provider.js");

describe("the same-shape floor's templates", () => {
  it("hold every field of every shape, in the shape's order", () => {
    const templates = sameShapeTemplates();
    for (const shape of Object.values(SHAPES)) {
      expect(Object.keys(templates[shape.kind].fields)).toEqual(Object.keys(shape.fields));
      expect(templates[shape.kind].prefix).toBe(shape.id.prefix);
    }
  });

  it("read null for an undeclared optional input, what no declaration means, a setting's default, and a value for each output", () => {
    const config = sameShapeTemplate(SHAPES.ProviderConfig).fields;
    expect(config).toMatchObject({
      description: null,
      providerConfigVaultId: null,
      toolFilters: { type: "allow_all" },
      isDefault: false,
      status: "active",
    });
    expect(config.providerDeploymentId).toMatch(/^pdep_/);
    const session = sameShapeTemplate(SHAPES.IntegrationSetupSession).fields;
    expect(session).toMatchObject({ replaceWhenExpired: false, status: "pending", identityId: null });
  });

  it("name the plugin module by one line, per kind", () => {
    expect(sameShapeModule("Role")).toMatch(
      /^const p=\{configure\(\)\{.*same-shape-provider\.js"\)\.forKind\("Role"\)\)\}\};exports\.handler=\(\)=>p;$/,
    );
  });
});

describe("the same-shape floor's plugin", () => {
  const role = provider.forKind("Role", sameShapeTemplates());
  const news = { __provider: "module", name: "Scale role 1", slug: "mix-role-1", permissions: ["thread_read"] };

  it("creates an id and every field as outputs, the declared values first", async () => {
    const { id, outs } = await role.create(news);
    expect(id).toMatch(/^rol_[0-9a-f]{20}$/);
    expect(Object.keys(outs)).toEqual(Object.keys(SHAPES.Role.fields));
    expect(outs).toMatchObject({
      name: "Scale role 1",
      slug: "mix-role-1",
      permissions: ["thread_read"],
      description: null,
      isDefault: false,
    });
  });

  it("checks nothing, reads the state back, and sees a change only where a declared value differs", async () => {
    const { outs } = await role.create(news);
    const olds = { ...outs, __provider: "module" };
    expect(await role.check(olds, news)).toEqual({ inputs: news });
    expect(await role.read("rol_1", olds)).toEqual({ id: "rol_1", props: olds });
    expect(await role.diff("rol_1", olds, news)).toEqual({ changes: false });
    expect(await role.diff("rol_1", olds, { ...news, __provider: "another" })).toEqual({ changes: false });
    expect(await role.diff("rol_1", olds, { ...news, name: "Scale role 1 (changed)" })).toEqual({ changes: true });
    expect((await role.update("rol_1", olds, { ...news, name: "renamed" })).outs).toMatchObject({
      name: "renamed",
      createdAt: outs.createdAt,
    });
  });

  it("with the host's plumbing, records the environment as the dynamic door's plugin does, and sees no change in it", async () => {
    process.env[provider.PLUMBING_ENV] = "1";
    const plumbed = provider.forKind("Role", sameShapeTemplates());
    delete process.env[provider.PLUMBING_ENV];
    const sent = { ...news, __tcsCreateKey: "68414b9f118ac625b5e8746df9d27be2" };
    const { inputs } = await plumbed.check({}, sent);
    // The checks' fingerprint is the provider's own plumbing, not the host's: the floor does not carry it.
    expect(inputs).toEqual(sent);
    const { outs } = await plumbed.create(inputs);
    expect(outs.__tcsEnvironment).toMatch(/^[\w-]{22}@rol_\w+$/);
    expect(await plumbed.diff("rol_1", outs, inputs)).toEqual({ changes: false });
    expect((await role.create(news)).outs).not.toHaveProperty("__tcsEnvironment");
  });

  it("fails loudly without a template for its kind", () => {
    expect(() => provider.forKind("Role", {})).toThrow(/no template for Role/);
  });
});
