// What `pulumi-tcs generate` declares comes from the shapes, not from a list of kinds in the generator:
// the order (every kind after the kinds it references), the names (a shape's label field, or the
// labels of what it references) and the `.id` references (every input a shape marks `references`).
import type { LiveObject } from "../../../provider/cli/generate/inventory";
import { buildDeclarations, type Declaration, type Reference } from "../../../provider/cli/generate/model";
import { declarationOrder, KIND_ORDER } from "../../../provider/cli/generate/order";
import { RESOURCE_KINDS, SHAPES } from "../../../provider/shapes";

/** Two of each kind, one of them referenced by an instance, and what references them by id. */
const OBJECTS = [
  {
    kind: "Role",
    id: "rol_1",
    record: { id: "rol_1", name: "Support", slug: "support-agents", permissions: ["thread_read"], description: null },
  },
  {
    kind: "Role",
    id: "rol_2",
    record: {
      id: "rol_2",
      name: "Support",
      slug: "auditors",
      permissions: ["message_read"],
      description: "Read only.",
    },
  },
  {
    kind: "CallbackInstance",
    id: "cbi_1",
    inputs: { callbackId: "cb_1" },
    record: { id: "cbi_1", config: { id: "pcfg_1" }, authConfig: null },
  },
  // Attached to a config generate did not list: its id stays a literal, and names it.
  {
    kind: "CallbackInstance",
    id: "cbi_2",
    inputs: { callbackId: "cb_2" },
    record: { id: "cbi_2", config: { id: "pcfg_gone" }, authConfig: null },
  },
  {
    kind: "IntegrationSetupSession",
    id: "iss_1",
    record: { id: "iss_1", integrationId: "int_1", name: "Onboarding", expiresAt: "2026-11-30T00:00:00Z" },
  },
  {
    kind: "Callback",
    id: "cb_2",
    record: { id: "cb_2", integrationProviderId: "intp_2", name: null, description: null },
  },
  {
    kind: "Callback",
    id: "cb_1",
    record: { id: "cb_1", integrationProviderId: "intp_1", name: "Events", description: null },
  },
  {
    kind: "ProviderConfig",
    id: "pcfg_2",
    record: { id: "pcfg_2", providerId: "prov_1", deployment: { id: "pdep_1" }, toolFilter: null, name: "Zed" },
  },
  {
    kind: "ProviderConfig",
    id: "pcfg_1",
    record: { id: "pcfg_1", providerId: "prov_1", deployment: { id: "pdep_1" }, toolFilter: null, name: "GitHub" },
  },
] as unknown as LiveObject[];

const isReference = (value: unknown): value is Reference =>
  typeof value === "object" && value !== null && "ref" in value;

describe("the order generate declares kinds in", () => {
  it("puts every kind after every kind it references, and each kind once", () => {
    expect([...KIND_ORDER].sort()).toEqual([...RESOURCE_KINDS].sort());
    for (const kind of RESOURCE_KINDS) {
      for (const referenced of Object.values(SHAPES[kind].references))
        expect(KIND_ORDER.indexOf(referenced)).toBeLessThan(KIND_ORDER.indexOf(kind));
    }
  });

  it("is, for today's kinds, the order existing generated programs have", () => {
    expect(KIND_ORDER).toEqual(["ProviderConfig", "Callback", "CallbackInstance", "Role", "IntegrationSetupSession"]);
  });

  it("places a new kind after what it references, wherever the kind list has it, and refuses a loop", () => {
    const references: Record<string, string[]> = { Grant: ["Role", "Agent"], Agent: ["Config"], Role: [], Config: [] };
    expect(declarationOrder<string>(["Grant", "Role", "Agent", "Config"], (kind) => references[kind])).toEqual([
      "Config",
      "Agent",
      "Role",
      "Grant",
    ]);
    const loop: Record<string, string[]> = { A: ["B"], B: ["A"], C: [] };
    expect(() => declarationOrder<string>(["A", "B", "C"], (kind) => loop[kind])).toThrow(
      /references loop: A -> B -> A/,
    );
  });
});

describe("generate's declarations", () => {
  const declarations = buildDeclarations(OBJECTS);
  const byId = new Map(declarations.map((declaration) => [declaration.id, declaration]));

  it("come in the kinds' order, by name within a kind, each named after its shape's label", () => {
    expect(declarations.map((d: Declaration) => [d.kind, d.name])).toEqual([
      ["ProviderConfig", "github"],
      ["ProviderConfig", "zed"],
      ["Callback", "cb-2"],
      ["Callback", "events"],
      ["CallbackInstance", "cb-2-pcfg-gone"],
      ["CallbackInstance", "events-github"],
      ["Role", "auditors"],
      ["Role", "support-agents"],
      ["IntegrationSetupSession", "onboarding"],
    ]);
  });

  it("write every input a shape marks as a reference as the referenced resource's .id, and no other input", () => {
    const seen = new Set<string>();
    for (const declaration of declarations) {
      const references = SHAPES[declaration.kind].references;
      for (const [field, value] of Object.entries(declaration.args)) {
        if (!Object.hasOwn(references, field)) {
          expect(isReference(value)).toBe(false);
        } else if (isReference(value)) {
          const target = declarations.find((d) => `${d.variable}.id` === value.ref);
          expect(target?.kind).toBe(references[field]);
          seen.add(`${declaration.kind}.${field}`);
        }
      }
    }
    // Every reference the shapes declare showed up as one (the fixture covers them all).
    const declared = RESOURCE_KINDS.flatMap((kind) =>
      Object.keys(SHAPES[kind].references).map((field) => `${kind}.${field}`),
    );
    expect([...seen].sort()).toEqual(declared.sort());
    expect(declared.length).toBeGreaterThan(0);
    expect(byId.get("cbi_1")!.args).toMatchObject({
      callbackId: { ref: "events.id" },
      providerConfigId: { ref: "github.id" },
    });
    expect(byId.get("cbi_2")!.args).toMatchObject({ callbackId: { ref: "cb2.id" }, providerConfigId: "pcfg_gone" });
  });

  it("follow the shapes: a field that stops referencing is a literal id, and a label field names the resource", () => {
    const instance = SHAPES.CallbackInstance;
    const replaced = jest.replaceProperty(instance, "references", { callbackId: "Callback" });
    const relabelled = jest.replaceProperty(SHAPES.Role, "label", "name");
    try {
      const again = new Map(buildDeclarations(OBJECTS).map((declaration) => [declaration.id, declaration]));
      expect(again.get("cbi_1")).toMatchObject({
        name: "events-2",
        args: { callbackId: { ref: "events.id" }, providerConfigId: "pcfg_1" },
      });
      expect([again.get("rol_1")!.name, again.get("rol_2")!.name]).toEqual(["support", "support-2"]);
    } finally {
      replaced.restore();
      relabelled.restore();
    }
  });
});
