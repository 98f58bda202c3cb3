// The provider module in state has only `configure`; the plugin calls it first and, when two RPCs for
// one resource type arrive together, lets the second use the provider as soon as configure was called.
// So configure must put every method on the provider before it returns its promise.
import type * as pulumi from "@pulumi/pulumi";
import * as impl from "../../../provider/impl";
import { configure, configureShim, engineFor } from "../../../provider/impl";
import { providerModule } from "../../../provider/dynamic/shim";
import { RESOURCE_KINDS } from "../../../provider/type-tokens";

const config = (values: Record<string, string>): pulumi.dynamic.ConfigureRequest => ({
  config: { get: (key: string) => values[key], require: (key: string) => values[key] },
});

/** Runs a provider module's text as the plugin does (a CommonJS module; `handler` gives the provider), with this tree's impl. */
function loadProviderModule(text: string): { handler(): Partial<pulumi.dynamic.ResourceProvider>; required: string[] } {
  const required: string[] = [];
  const module = { exports: {} as { handler(): Partial<pulumi.dynamic.ResourceProvider> } };
  const requireImpl = (id: string) => {
    required.push(id);
    return impl;
  };
  new Function("exports", "require", "module", text)(module.exports, requireImpl, module);
  return { handler: module.exports.handler, required };
}

describe("provider shim", () => {
  it("is a module whose provider has one method, configure, and the same provider on every call", () => {
    const loaded = loadProviderModule(providerModule("Role"));
    expect(Object.keys(loaded.handler())).toEqual(["configure"]);
    expect(loaded.handler()).toBe(loaded.handler());
    expect(loaded.required).toEqual([]);
  });

  it("loads the implementation from the package path every saved state names, and configures the type it names", async () => {
    for (const kind of RESOURCE_KINDS) {
      const loaded = loadProviderModule(providerModule(kind));
      const provider = loaded.handler();
      await provider.configure!(config({ "tcs:apiKey": "sk_test_x", "tcs:baseUrl": "http://127.0.0.1:1" }));
      expect(loaded.required).toEqual(["pulumi-tcs/provider/impl"]);
      expect(provider.check).toBeDefined();
      if (kind === "Role") {
        const result = await provider.check!({}, { name: "Ops", slug: "Not A Slug", permissions: [] });
        expect(result.failures?.map((failure) => failure.property)).toContain("slug");
      }
    }
  });

  it("keeps each resource's state small: the module is one short line, with no code of the program's", () => {
    for (const kind of RESOURCE_KINDS) {
      const text = providerModule(kind);
      expect(text).not.toContain("\n");
      expect(text.length).toBeLessThan(160);
    }
  });

  it("configure installs every method synchronously, before its promise settles", () => {
    const provider: Partial<pulumi.dynamic.ResourceProvider> = {};
    const configured = configureShim(
      provider,
      "Role",
      config({ "tcs:apiKey": "sk_test_x", "tcs:baseUrl": "http://127.0.0.1:1" }),
    );
    expect(Object.keys(provider).sort()).toEqual(["check", "create", "delete", "diff", "read", "update"]);
    return configured;
  });

  it("the installed methods belong to the resource type configure named", async () => {
    const provider: Partial<pulumi.dynamic.ResourceProvider> = {};
    await configureShim(provider, "Role", config({ "tcs:apiKey": "sk_test_x", "tcs:baseUrl": "http://127.0.0.1:1" }));
    const result = await provider.check!({}, { name: "Ops", slug: "Not A Slug", permissions: [] });
    expect(result.failures?.map((failure) => failure.property)).toContain("slug");
  });

  it("engineFor, which the shim of earlier builds calls from each serialized method, serves the same resource type", async () => {
    await configure(config({ "tcs:apiKey": "sk_test_x", "tcs:baseUrl": "http://127.0.0.1:1" }));
    const result = await engineFor("Role").check({}, { name: "Ops", slug: "Not A Slug", permissions: [] });
    expect(result.failures?.map((failure) => failure.property)).toEqual(["slug"]);
  });
});
