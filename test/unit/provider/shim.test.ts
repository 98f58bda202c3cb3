// The serialized shim has only `configure`; the plugin calls it first and, when two RPCs for one
// resource type arrive together, lets the second use the provider as soon as configure was called.
// So configure must put every method on the provider before it returns its promise.
import type * as pulumi from "@pulumi/pulumi";
import { configure, configureShim, engineFor } from "../../../provider/impl";
import { dynamicProvider } from "../../../provider/program/shim";

const config = (values: Record<string, string>): pulumi.dynamic.ConfigureRequest => ({
  config: { get: (key: string) => values[key], require: (key: string) => values[key] },
});

describe("provider shim", () => {
  it("serializes one method, configure", () => {
    expect(Object.keys(dynamicProvider("Role"))).toEqual(["configure"]);
  });

  it("configure installs every method synchronously, before its promise settles", () => {
    const provider: Partial<pulumi.dynamic.ResourceProvider> = {};
    const configured = configureShim(provider, "Role", config({ "tcs:apiKey": "sk_test_x", "tcs:baseUrl": "http://127.0.0.1:1" }));
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
