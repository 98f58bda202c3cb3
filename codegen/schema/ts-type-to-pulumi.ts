// A TypeScript type as a Pulumi type: what an output declared `output<T>()` holds, and what a lookup
// argument takes. Read with the type checker, so an alias or an interface reads as what it stands for.
// Null and undefined only say the value may be missing (a property left out of `required`); string
// literals and open enums (`"active" | (string & {})`) are strings; a value-or-list (`string |
// string[]`) is a list; an object with named properties becomes a named object type; one with only
// a string index signature (`Record<string, unknown>`) a map. Anything else is Pulumi's Any.
import ts from "typescript";
import { unwrapParagraphs } from "./doc-comments";
import type { NamedTypes } from "./named-types";
import { ANY, pascalCase, singularOf, type ObjectTypeSpec, type Properties, type TypeSpec } from "./pulumi-types";

export interface TsTypePlace {
  checker: ts.TypeChecker;
  types: NamedTypes;
  /** The name an object type met here is given (`CallbackInstanceTriggers`; an array's items get its singular). */
  typeName: string;
}

export interface MappedType {
  spec: TypeSpec;
  /** Null or undefined is among the values: the property may be missing. */
  missable: boolean;
}

const MISSING = ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void;

type Primitive = "string" | "number" | "boolean";

function primitiveOf(type: ts.Type): Primitive | undefined {
  if (type.flags & ts.TypeFlags.StringLike) return "string";
  if (type.flags & ts.TypeFlags.NumberLike) return "number";
  if (type.flags & ts.TypeFlags.BooleanLike) return "boolean";
  // `string & {}`: the open end of an open enum, still a string.
  if (type.isIntersection() && type.types.some((member) => member.flags & ts.TypeFlags.StringLike)) return "string";
  return undefined;
}

export function pulumiTypeOfTsType(type: ts.Type, place: TsTypePlace): MappedType {
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return { spec: ANY, missable: true };
  const all = type.isUnion() ? type.types : [type];
  const missable = all.some((member) => member.flags & MISSING);
  const members = all.filter((member) => !(member.flags & MISSING));
  return { spec: specOf(members, place), missable };
}

function specOf(members: readonly ts.Type[], place: TsTypePlace): TypeSpec {
  if (members.length === 0) return ANY;
  const primitives = new Set(members.map(primitiveOf));
  if (primitives.size === 1 && !primitives.has(undefined)) return { type: [...primitives][0] };

  const arrays = members.filter((member) => place.checker.isArrayType(member));
  if (arrays.length === 1) {
    const [element] = place.checker.getTypeArguments(arrays[0] as ts.TypeReference);
    const items = pulumiTypeOfTsType(element, { ...place, typeName: singularOf(place.typeName) }).spec;
    const others = members.filter((member) => member !== arrays[0]);
    // A value or a list of values (`string | string[]`) is taken as a list.
    if (others.length === 0 || JSON.stringify(specOf(others, place)) === JSON.stringify(items))
      return { type: "array", items };
    return ANY;
  }

  if (members.length === 1 && members[0].flags & ts.TypeFlags.Object) return objectSpecOf(members[0], place);
  return ANY;
}

function objectSpecOf(type: ts.Type, place: TsTypePlace): TypeSpec {
  const { checker } = place;
  const properties = checker.getPropertiesOfType(type);
  const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
  if (properties.length === 0) {
    return index ? { type: "object", additionalProperties: pulumiTypeOfTsType(index.type, place).spec } : ANY;
  }
  return place.types.define(place.typeName, (): ObjectTypeSpec => {
    const specs: Properties = {};
    const required: string[] = [];
    for (const property of properties) {
      const mapped = pulumiTypeOfTsType(checker.getTypeOfSymbol(property), {
        ...place,
        typeName: place.typeName + pascalCase(property.name),
      });
      const description = unwrapParagraphs(
        ts.displayPartsToString(property.getDocumentationComment(checker)).split("\n"),
      );
      specs[property.name] = { ...mapped.spec, ...(description ? { description } : {}) };
      if (!mapped.missable && !(property.flags & ts.SymbolFlags.Optional)) required.push(property.name);
    }
    return { type: "object", properties: specs, ...(required.length > 0 ? { required } : {}) };
  });
}
