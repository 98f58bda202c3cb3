// Two resources of one program on one object (issue 33, item 1): a natural key the service keeps
// unique (a role's slug, an instance's callback, config and auth config) declared twice makes the
// second resource name the first in a hidden input, and the plugin's check refuses it naming both.
// A key on another connection, or another key, is no conflict.
import * as pulumi from "@pulumi/pulumi";
import { BINDINGS } from "../../../provider/engine/bindings";
import { ResourceEngine } from "../../../provider/engine/resource-engine";
import { resourceProps } from "../../../provider/dynamic/tcs-resource";
import { SAME_KEY_AS_INPUT } from "../../../provider/shapes/reserved";
import { SHAPES } from "../../../provider/shapes";

describe("one object per natural key", () => {
  const inputs = new Map<string, Record<string, unknown>>();
  let tcs: typeof import("../../../provider/index");

  beforeAll(async () => {
    pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          inputs.set(args.name, args.inputs);
          return { id: `${args.name}-id`, state: args.inputs };
        },
        call: (args) => args.inputs,
      },
      "project",
      "stack",
      true,
    );
    tcs = await import("../../../provider/index");
  });

  const registered = (resource: pulumi.CustomResource) => new Promise((resolve) => resource.urn.apply(resolve));

  it("names each resource in the other one's inputs when a role slug is declared twice", async () => {
    const roles = [
      new tcs.Role("triage-a", { name: "Triage", slug: "dup-slug", permissions: ["thread_read"] }),
      new tcs.Role("triage-b", { name: "Triage", slug: "dup-slug", permissions: ["thread_create"] }),
    ];
    await Promise.all(roles.map(registered));
    expect(inputs.get("triage-a")?.[SAME_KEY_AS_INPUT]).toBe("triage-b");
    expect(inputs.get("triage-b")?.[SAME_KEY_AS_INPUT]).toBe("triage-a");
  });

  it("hands Pulumi a plain value to serialize, and a copy taken as the resource is declared the promise of the same answer", async () => {
    // As the program declares them: both in one run of its code, then Pulumi reads the inputs after its own awaits.
    const first = resourceProps(SHAPES.Role, "plain-a", { name: "A", slug: "plain-slug", permissions: [] }, undefined);
    const copiedAsDeclared = { ...first }; // what a transformation that copies the inputs holds
    const second = resourceProps(SHAPES.Role, "plain-b", { name: "B", slug: "plain-slug", permissions: [] }, undefined);
    const alone = resourceProps(SHAPES.Role, "plain-c", { name: "C", slug: "plain-other", permissions: [] }, undefined);
    await Promise.resolve();
    expect(first[SAME_KEY_AS_INPUT]).toBe("plain-b");
    expect(second[SAME_KEY_AS_INPUT]).toBe("plain-a");
    expect(alone).toHaveProperty(SAME_KEY_AS_INPUT, undefined);
    expect(copiedAsDeclared[SAME_KEY_AS_INPUT]).toBeInstanceOf(Promise);
    await expect(copiedAsDeclared[SAME_KEY_AS_INPUT]).resolves.toBe("plain-b");
  });

  it("does so for two instances of one callback and config once the ids are known", async () => {
    const callbackId = pulumi.output(Promise.resolve("cb_aaaaaaaaaaaaaaaaaaaa"));
    const instances = [
      new tcs.CallbackInstance("events-a", { callbackId, providerConfigId: "pcfg_aaaaaaaaaaaaaaaaaaaa" }),
      new tcs.CallbackInstance("events-b", { callbackId, providerConfigId: "pcfg_aaaaaaaaaaaaaaaaaaaa" }),
    ];
    await Promise.all(instances.map(registered));
    expect(inputs.get("events-a")?.[SAME_KEY_AS_INPUT]).toBe("events-b");
    expect(inputs.get("events-b")?.[SAME_KEY_AS_INPUT]).toBe("events-a");
  });

  it("takes the same key on another connection, another key, and kinds the service does not keep unique as other objects", async () => {
    const resources = [
      new tcs.Role("ops-default", { name: "Ops", slug: "ops-key", permissions: ["thread_read"] }),
      new tcs.Role("ops-staging", {
        name: "Ops",
        slug: "ops-key",
        permissions: ["thread_read"],
        connection: "staging",
      }),
      new tcs.Role("ops-other", { name: "Ops", slug: "ops-other", permissions: ["thread_read"] }),
      new tcs.ProviderConfig("config-a", { providerId: "prov_aaaaaaaaaaaaaaaaaaaa", value: { a: 1 } }),
      new tcs.ProviderConfig("config-b", { providerId: "prov_aaaaaaaaaaaaaaaaaaaa", value: { a: 1 } }),
    ];
    await Promise.all(resources.map(registered));
    for (const name of ["ops-default", "ops-staging", "ops-other", "config-a", "config-b"])
      expect(inputs.get(name)).not.toHaveProperty(SAME_KEY_AS_INPUT);
  });

  it("is refused by the plugin's check, naming both resources and the key, with no request", async () => {
    const engine = new ResourceEngine(
      BINDINGS.Role,
      () => {
        throw new Error("no request expected");
      },
      () => undefined,
    );
    const result = await engine.check(
      {},
      { name: "Triage", slug: "dup-slug", permissions: ["thread_create"], [SAME_KEY_AS_INPUT]: "triage-a" },
    );
    expect(result.failures).toEqual([
      { property: "slug", reason: expect.stringMatching(/^tcs\.Role "triage-a" declares it too: one Role per slug/) },
    ]);
  });
});
