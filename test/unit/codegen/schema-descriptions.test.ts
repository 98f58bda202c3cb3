// Every property of the shipped schema (provider/native/schema.json) has a description: what the
// generated SDKs' doc comments and the docs show. A description is written once, as the doc comment
// of its source: a shape's field (provider/shapes), a lookup's argument (provider/lookups/queries.ts,
// provider/dynamic/lookups) or an SDK record's property (sdk/schemas), then `npm run gen-schema`.
import { RESOURCE_KINDS, SHAPES } from "../../../provider/shapes";
import type { Field } from "../../../provider/shapes/shape";
import type { PackageSchema, Properties } from "../../../codegen/schema/pulumi-types";
import { parseCommittedSchema, SCHEMA_FILE } from "../../../codegen/schema/schema-file";

interface Described {
  /** Where the property is: its place in the schema and its name. */
  at: string;
  description?: string;
}

/** Every property of the schema, by place: the places a generated SDK or page documents. */
function propertiesByPlace(schema: PackageSchema): Record<string, Described[]> {
  const list = (at: string, properties: Properties | undefined) =>
    Object.entries(properties ?? {}).map(([name, property]) => ({
      at: `${at}.${name}`,
      description: property.description,
    }));
  const resources = Object.entries(schema.resources);
  const functions = Object.entries(schema.functions);
  return {
    "resource inputs": resources.flatMap(([token, resource]) =>
      list(`${token} inputProperties`, resource.inputProperties),
    ),
    "resource outputs": resources.flatMap(([token, resource]) => list(`${token} properties`, resource.properties)),
    "function inputs": functions.flatMap(([token, fn]) => list(`${token} inputs`, fn.inputs?.properties)),
    "function outputs": functions.flatMap(([token, fn]) => list(`${token} outputs`, fn.outputs.properties)),
    "types' properties": Object.entries(schema.types).flatMap(([token, type]) => list(token, type.properties)),
    "provider inputs": list("provider inputProperties", schema.provider.inputProperties),
    "config variables": list("config variables", schema.config.variables),
  };
}

let schema: PackageSchema;
beforeAll(() => {
  const committed = parseCommittedSchema();
  if ("problem" in committed) throw new Error(`${committed.problem}: run npm run gen-schema`);
  schema = committed.content as PackageSchema;
});

describe(`the descriptions of ${SCHEMA_FILE}`, () => {
  it("cover every place a property is listed (none of them is empty)", () => {
    for (const [place, properties] of Object.entries(propertiesByPlace(schema)))
      expect([place, properties.length > 0]).toEqual([place, true]);
  });

  it("describe every property", () => {
    const undescribed = Object.values(propertiesByPlace(schema))
      .flat()
      .filter((property) => (property.description ?? "").trim() === "")
      .map((property) => property.at);
    if (undescribed.length > 0) {
      throw new Error(
        `${undescribed.length} properties have no description; write a doc comment on each one's source (a shape's field, a lookup's argument, an SDK record's property), then run npm run gen-schema:\n${undescribed.join("\n")}`,
      );
    }
  });

  it("are safe as Markdown: every code span closed", () => {
    const unbalanced = Object.values(propertiesByPlace(schema))
      .flat()
      .filter((property) => ((property.description ?? "").match(/`/g) ?? []).length % 2 !== 0)
      .map((property) => property.at);
    expect(unbalanced).toEqual([]);
  });

  it("say of each input of a resource whether changing it replaces the object, as its shape's rule does", () => {
    const wrong: string[] = [];
    for (const kind of RESOURCE_KINDS) {
      for (const [name, field] of Object.entries(SHAPES[kind].fields) as [string, Field][]) {
        if (field.role !== "input") continue;
        const description = schema.resources[`tcs:index:${kind}`].inputProperties[name].description ?? "";
        const saysReplaces = /Changing it replaces/.test(description);
        const saysInPlace = /Changes in place/.test(description);
        if (field.rule.onChange === "replace" ? !saysReplaces || saysInPlace : !saysInPlace || saysReplaces) {
          wrong.push(
            `${kind}.${name} (${field.rule.onChange === "replace" ? "replaces: say 'Changing it replaces ...'" : "in place: say 'Changes in place.'"})`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
