// A JSON Schema, as zod's `z.toJSONSchema` writes it, as a Pulumi type: what an input's check takes
// and what an SDK record holds. Tolerant by design: a part with no clean Pulumi type (a union of
// different primitives, a tuple, `allOf`) becomes Pulumi's Any instead of failing the derivation.
// Constraints (patterns, lengths, formats) are left out: Pulumi's schema has no place for them, and
// the provider's check still enforces them.
import type { NamedTypes } from "./named-types";
import {
  ANY,
  pascalCase,
  singularOf,
  type ObjectTypeSpec,
  type Properties,
  type PropertySpec,
  type TypeSpec,
} from "./pulumi-types";

export type JsonSchema = { [key: string]: unknown };

/** Descriptions from the source, for a type and each of its properties (nested objects have their own). */
export interface DocTree {
  description?: string;
  properties?: Record<string, DocTree>;
}

export interface JsonSchemaPlace {
  types: NamedTypes;
  /** The document's `$defs`: the schemas registered with a name, which `$ref` points to. */
  defs: Record<string, JsonSchema>;
  /** The name an object type met here is given, before the suffix (a property's adds its own name). */
  baseName: string;
  /** Added to every object type's name (`Record` for the SDK's records). */
  suffix: string;
  docs?: DocTree;
  /** The descriptions of a schema registered under this name, when a `$ref` leads to it. */
  docsOf?: (name: string) => DocTree | undefined;
}

export interface MappedType {
  spec: TypeSpec;
  /** Null is among the values, or the value may be anything: the property may be missing. */
  missable: boolean;
}

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isNullSchema = (node: JsonSchema) => node.type === "null";
const same = (a: TypeSpec, b: TypeSpec) => JSON.stringify(a) === JSON.stringify(b);

export function pulumiTypeOfJsonSchema(node: JsonSchema, place: JsonSchemaPlace): MappedType {
  if (typeof node.$ref === "string") {
    const name = /^#\/\$defs\/(.+)$/.exec(node.$ref)?.[1];
    const target = name === undefined ? undefined : place.defs[name];
    if (name === undefined || !isSchema(target)) return { spec: ANY, missable: true };
    return pulumiTypeOfJsonSchema(target, { ...place, baseName: name, docs: place.docsOf?.(name) });
  }
  const variants = node.anyOf ?? node.oneOf;
  if (Array.isArray(variants)) return unionOf(variants.filter(isSchema), place);
  if (Array.isArray(node.type)) {
    const types = node.type.filter((type) => type !== "null");
    const missable = types.length < node.type.length;
    if (types.length !== 1) return { spec: ANY, missable: true };
    return { spec: pulumiTypeOfJsonSchema({ ...node, type: types[0] }, place).spec, missable };
  }
  switch (node.type) {
    case "string":
    case "integer":
    case "number":
    case "boolean":
      return { spec: { type: node.type }, missable: false };
    case "array":
      return {
        spec: {
          type: "array",
          items: isSchema(node.items)
            ? pulumiTypeOfJsonSchema(node.items, { ...place, baseName: singularOf(place.baseName) }).spec
            : ANY,
        },
        missable: false,
      };
    case "object":
      return { spec: objectOf(node, place), missable: false };
  }
  if (typeof node.const === "string") return { spec: { type: "string" }, missable: false };
  return { spec: ANY, missable: true };
}

/** The properties of an object schema, with their descriptions, and which of them are always set. */
export function objectPropertiesOf(
  node: JsonSchema,
  place: JsonSchemaPlace,
): { properties: Properties; required?: string[] } {
  const properties: Properties = {};
  const required: string[] = [];
  const listed = Array.isArray(node.required) ? node.required : [];
  for (const [name, child] of Object.entries(isSchema(node.properties) ? node.properties : {})) {
    if (!isSchema(child)) continue;
    const mapped = pulumiTypeOfJsonSchema(child, childPlace(place, name));
    properties[name] = described(mapped.spec, place.docs?.properties?.[name]?.description);
    if (listed.includes(name) && !mapped.missable) required.push(name);
  }
  return { properties, ...(required.length > 0 ? { required } : {}) };
}

function childPlace(place: JsonSchemaPlace, property: string): JsonSchemaPlace {
  return { ...place, baseName: place.baseName + pascalCase(property), docs: place.docs?.properties?.[property] };
}

function described(spec: TypeSpec, description: string | undefined): PropertySpec {
  return description ? { ...spec, description } : { ...spec };
}

/** An object with named properties is a named type; one with none, a map (of Any when its values are free). */
function objectOf(node: JsonSchema, place: JsonSchemaPlace): TypeSpec {
  const hasProperties = isSchema(node.properties) && Object.keys(node.properties).length > 0;
  if (!hasProperties) {
    const values = node.additionalProperties;
    if (values === false) return ANY;
    return {
      type: "object",
      additionalProperties: isSchema(values) ? pulumiTypeOfJsonSchema(values, place).spec : ANY,
    };
  }
  return place.types.define(place.baseName + place.suffix, (): ObjectTypeSpec => ({
    type: "object",
    ...(place.docs?.description ? { description: place.docs.description } : {}),
    ...objectPropertiesOf(node, place),
  }));
}

function unionOf(variants: JsonSchema[], place: JsonSchemaPlace): MappedType {
  const present = variants.filter((variant) => !isNullSchema(variant));
  const missable = present.length < variants.length;
  if (present.length === 1) {
    const only = pulumiTypeOfJsonSchema(present[0], place);
    return { spec: only.spec, missable: missable || only.missable };
  }
  const resolved = present.map((variant) => resolveRef(variant, place));
  if (resolved.length > 0 && resolved.every((variant) => variant.type === "object" && isSchema(variant.properties))) {
    return { spec: mergedObjectOf(resolved, place), missable };
  }
  const specs = present.map((variant) => pulumiTypeOfJsonSchema(variant, place).spec);
  if (specs.length > 0 && specs.every((spec) => same(spec, specs[0]))) return { spec: specs[0], missable };
  return { spec: ANY, missable: true };
}

function resolveRef(node: JsonSchema, place: JsonSchemaPlace): JsonSchema {
  const name = typeof node.$ref === "string" ? /^#\/\$defs\/(.+)$/.exec(node.$ref)?.[1] : undefined;
  const target = name === undefined ? undefined : place.defs[name];
  return isSchema(target) ? target : node;
}

/**
 * The variants of a union of objects (a discriminated union such as a config's tool filters) as one
 * object type: every property any variant has, required where every variant requires it. A property
 * the source does not describe is described by the union itself: the discriminator's values, and for
 * any other property the variants that take it.
 */
function mergedObjectOf(variants: JsonSchema[], place: JsonSchemaPlace): TypeSpec {
  const propertiesOf = (variant: JsonSchema) =>
    isSchema(variant.properties) ? (variant.properties as Record<string, JsonSchema>) : {};
  const requiredOf = (variant: JsonSchema) => (Array.isArray(variant.required) ? (variant.required as string[]) : []);
  const names = [...new Set(variants.flatMap((variant) => Object.keys(propertiesOf(variant))))];
  const discriminator = names.find((name) =>
    variants.every((variant) => typeof propertiesOf(variant)[name]?.const === "string"),
  );
  const valueOf = (variant: JsonSchema) =>
    discriminator === undefined ? "" : `\`${String(propertiesOf(variant)[discriminator].const)}\``;
  return place.types.define(place.baseName + place.suffix, (): ObjectTypeSpec => {
    const properties: Properties = {};
    const required: string[] = [];
    for (const name of names) {
      const having = variants.filter((variant) => propertiesOf(variant)[name] !== undefined);
      const mapped = having.map((variant) =>
        pulumiTypeOfJsonSchema(propertiesOf(variant)[name], childPlace(place, name)),
      );
      const spec = mapped.every((each) => same(each.spec, mapped[0].spec)) ? mapped[0].spec : ANY;
      const requiredByAll =
        variants.every((variant) => requiredOf(variant).includes(name)) && mapped.every((each) => !each.missable);
      let description = place.docs?.properties?.[name]?.description;
      if (description === undefined && discriminator !== undefined) {
        if (name === discriminator) description = `${listed(variants.map(valueOf))}.`;
        else if (having.length < variants.length) {
          const requiredThere = having.every((variant) => requiredOf(variant).includes(name));
          description = `${requiredThere ? "Required" : "Allowed"} when \`${discriminator}\` is ${listed(having.map(valueOf))}.`;
        }
      }
      properties[name] = described(spec, description);
      if (requiredByAll) required.push(name);
    }
    return {
      type: "object",
      ...(place.docs?.description ? { description: place.docs.description } : {}),
      properties,
      ...(required.length > 0 ? { required } : {}),
    };
  });
}

/** `a`, `a or b`, `a, b or c`. */
function listed(values: string[]): string {
  return values.length <= 1 ? (values[0] ?? "") : `${values.slice(0, -1).join(", ")} or ${values[values.length - 1]}`;
}
