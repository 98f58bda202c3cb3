// Issues 12 and 9: JSON fields the service stores as given (metadata, a setup session's
// configuration, a provider config's value) are refused at preview when the service would refuse
// them: nested deeper than its 32 levels, larger than its size limit, or a metadata key that is
// empty. Driven through each shape's zod schema and the engine's check, without network.
import { BINDINGS } from "../../../provider/engine/bindings";
import { ResourceEngine } from "../../../provider/engine/resource-engine";
import { SHAPES } from "../../../provider/shapes";
import type { ResourceKind } from "../../../provider/shapes/shape";

const SESSION = { integrationId: "int_devtools000000000000", name: "Setup" };
const CONFIG = { providerId: "prov_acmetools00000000000" };
const CALLBACK = { integrationProviderId: "intp_github00000000000000" };

/** `levels` objects nested in each other (a scalar inside): `{a: {a: 1}}` is 2 levels. Built without recursion. */
function nestedObjects(levels: number): Record<string, unknown> {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value as Record<string, unknown>;
}
function nestedArrays(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

/** The failures a shape's schema reports, as [property, message]. */
function failures(kind: ResourceKind, inputs: Record<string, unknown>): Array<[string, string]> {
  const result = SHAPES[kind].schema.safeParse(inputs);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.map(String).join("."), issue.message]);
}

function engine(kind: ResourceKind) {
  const noApi = () => {
    throw new Error("these checks must not touch the API");
  };
  return new ResourceEngine(BINDINGS[kind], noApi, () => undefined);
}

const DEPTH = /must be nested at most 32 levels deep/;

describe("a setup session's configuration", () => {
  it("takes 32 levels of objects and refuses 33, naming configuration and the limit", () => {
    expect(failures("IntegrationSetupSession", { ...SESSION, configuration: nestedObjects(32) })).toEqual([]);
    expect(failures("IntegrationSetupSession", { ...SESSION, configuration: nestedObjects(33) })).toEqual([
      ["configuration", expect.stringMatching(DEPTH)],
    ]);
    expect(failures("IntegrationSetupSession", { ...SESSION, configuration: { list: nestedArrays(32) } })).toEqual([
      ["configuration", expect.stringMatching(DEPTH)],
    ]);
  });

  it("refuses thousands of levels with a failure, not a stack overflow", () => {
    expect(failures("IntegrationSetupSession", { ...SESSION, configuration: nestedObjects(4_500) })).toEqual([
      ["configuration", expect.stringMatching(DEPTH)],
    ]);
  });

  it("refuses more than the service's 20000 characters of JSON", () => {
    const sized = (length: number) => ({ text: "x".repeat(length - '{"text":""}'.length) });
    expect(JSON.stringify(sized(20_000))).toHaveLength(20_000);
    expect(failures("IntegrationSetupSession", { ...SESSION, configuration: sized(20_000) })).toEqual([]);
    expect(failures("IntegrationSetupSession", { ...SESSION, configuration: sized(20_001) })).toEqual([
      ["configuration", "must serialize to at most 20000 characters of JSON (the service's limit)"],
    ]);
  });
});

describe("a provider config's value", () => {
  it("takes 32 levels and refuses 33 or thousands, naming value and the limit", () => {
    expect(failures("ProviderConfig", { ...CONFIG, value: nestedObjects(32) })).toEqual([]);
    expect(failures("ProviderConfig", { ...CONFIG, value: nestedObjects(33) })).toEqual([
      ["value", expect.stringMatching(DEPTH)],
    ]);
    expect(failures("ProviderConfig", { ...CONFIG, value: nestedObjects(4_500) })).toEqual([
      ["value", expect.stringMatching(DEPTH)],
    ]);
  });

  it("refuses a value larger than the service takes in one request body (1 MiB)", () => {
    expect(failures("ProviderConfig", { ...CONFIG, value: { blob: "x".repeat(1024 * 1024) } })).toEqual([
      ["value", expect.stringMatching(/must serialize to at most 1 MiB of JSON/)],
    ]);
    expect(failures("ProviderConfig", { ...CONFIG, value: { blob: "x".repeat(1000 * 1000) } })).toEqual([]);
  });
});

describe("metadata", () => {
  it("refuses an empty key, naming metadata and the service's key rule", () => {
    expect(failures("Callback", { ...CALLBACK, metadata: { "": "x", team: "a" } })).toEqual([
      ["metadata", "keys must not be empty (the service takes keys of 1 to 40 characters)"],
    ]);
  });

  it("counts its own level: a value of 31 levels fits, 32 do not, thousands fail without a stack overflow", () => {
    expect(failures("Callback", { ...CALLBACK, metadata: { k: nestedArrays(31) } })).toEqual([]);
    expect(failures("Callback", { ...CALLBACK, metadata: { k: nestedArrays(32) } })).toEqual([
      ["metadata.k", expect.stringMatching(DEPTH)],
    ]);
    expect(failures("Callback", { ...CALLBACK, metadata: { k: nestedArrays(4_500) } })).toEqual([
      ["metadata.k", expect.stringMatching(DEPTH)],
    ]);
  });

  it("applies the same rules on every resource with metadata", () => {
    expect(failures("ProviderConfig", { ...CONFIG, value: {}, metadata: { "": 1 } })).toEqual([
      ["metadata", expect.stringMatching(/keys must not be empty/)],
    ]);
    expect(failures("IntegrationSetupSession", { ...SESSION, metadata: { k: nestedObjects(40) } })).toEqual([
      ["metadata.k", expect.stringMatching(DEPTH)],
    ]);
  });
});

describe("through the engine's check (what a preview runs)", () => {
  it("reports the failures naming the field, with no request", async () => {
    const session = await engine("IntegrationSetupSession").check({}, { ...SESSION, configuration: nestedObjects(40) });
    // A value too long to print whole is named in the reason, cut short, so the engine does not echo it.
    expect(session.failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(new RegExp(`^configuration \\(\\{.*…, \\d+ characters\\) ${DEPTH.source}`)),
      },
    ]);
    const callback = await engine("Callback").check({}, { ...CALLBACK, metadata: { "": "x" } });
    expect(callback.failures).toEqual([
      { property: "metadata", reason: expect.stringMatching(/keys must not be empty/) },
    ]);
    const config = await engine("ProviderConfig").check({}, { ...CONFIG, value: nestedObjects(33) });
    // A secret input is named in the reason, so the engine does not print its value beside it.
    expect(config.failures).toEqual([
      { property: "", reason: expect.stringMatching(new RegExp(`^value \\(secret, not shown\\) ${DEPTH.source}`)) },
    ]);
  });
});

describe("a value nested thousands of levels deep", () => {
  it("is refused by check naming the field, without overflowing the check's own stack", async () => {
    let deep: Record<string, unknown> = { leaf: "x" };
    for (let i = 0; i < 5_000; i++) deep = { nested: deep };
    const { BINDINGS } = await import("../../../provider/engine/bindings");
    const { ResourceEngine } = await import("../../../provider/engine/resource-engine");
    const engine = new ResourceEngine(
      BINDINGS.Callback,
      () => {
        throw new Error("no request expected");
      },
      () => undefined,
    );
    const result = await engine.check(
      {},
      { integrationProviderId: "intp_github00000000000000", metadata: { owner: "x" }, name: "n", description: "d" },
    );
    expect(result.failures).toEqual([]);
    const refused = await engine.check({}, { integrationProviderId: "intp_github00000000000000", metadata: deep });
    // A part of an input: reported for the resource, its path named, its value too long to show (property-path.ts).
    expect(refused.failures).toEqual([
      { property: "", reason: expect.stringMatching(/^metadata\.nested \(…\) value must be nested at most 32 levels/) },
    ]);
  });
});
