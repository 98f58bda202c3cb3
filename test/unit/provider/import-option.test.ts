// Pulumi's `import` resource option cannot work on a dynamic resource (the engine reads the object with
// no `__provider`, and the dynamic provider host fails with a TypeError from its gRPC handler): the
// resource classes refuse it where the program declares the resource, before anything is registered,
// with one message naming the resource, the id and what to write instead (adoptId).
import * as pulumi from "@pulumi/pulumi";

describe("the import resource option", () => {
  const registered: string[] = [];

  beforeAll(() => {
    pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          registered.push(args.name);
          return { id: `${args.name}-id`, state: args.inputs };
        },
        call: (args) => args.inputs,
      },
      "project",
      "stack",
      true,
    );
  });

  it("is refused with a message that names the resource, the id and adoptId, and nothing is registered", async () => {
    // Loaded after the mocks are set, as Pulumi's unit-testing guide says.
    const tcs = await import("../../../provider/index");
    const declare = () =>
      new tcs.Role(
        "auditors",
        { name: "Auditors", slug: "auditors", permissions: ["thread_read"] },
        { import: "rol_handmade0000000000" },
      );
    expect(declare).toThrow(pulumi.RunError);
    expect(declare).toThrow('tcs:Role "auditors"');
    expect(declare).toThrow('adoptId: "rol_handmade0000000000"');
    expect(declare).toThrow("docs/adoption.md");
    expect(registered).toEqual([]);
  });

  it("is refused for every kind, while the same resource declared with adoptId registers", async () => {
    const tcs = await import("../../../provider/index");
    expect(() => new tcs.Callback("events", { integrationProviderId: "intp_1" }, { import: "cb_1" })).toThrow(
      'tcs:Callback "events"',
    );
    expect(
      () =>
        new tcs.CallbackInstance("attachment", { callbackId: "cb_1", providerConfigId: "pcfg_1" }, { import: "cbi_1" }),
    ).toThrow('adoptId: "cbi_1"');
    expect(() => new tcs.ProviderConfig("github", { providerId: "prov_1" }, { import: "pcfg_1" })).toThrow(
      'adoptId: "pcfg_1"',
    );
    expect(
      () => new tcs.IntegrationSetupSession("onboarding", { integrationId: "int_1", name: "S" }, { import: "iss_1" }),
    ).toThrow('adoptId: "iss_1"');
    const adopted = new tcs.Role("auditors", {
      name: "Auditors",
      slug: "auditors",
      permissions: ["thread_read"],
      adoptId: "rol_handmade0000000000",
    });
    await new Promise((resolve) => adopted.urn.apply(resolve));
    expect(registered).toEqual(["auditors"]);
  });
});
