// The schema's resources, one per shape: its inputs (and settings) with their checks' types, every
// field as an output, secrets and replacements as the shape's rules say. `required` lists only the
// required inputs: a record read from the service may leave out any other field (the SDK reads
// records tolerantly), so nothing else is promised to be set.
import { z } from "zod";
import { RESOURCE_KINDS, SHAPES } from "../../provider/shapes";
import type { Field, InputField, SettingField } from "../../provider/shapes/shape";
import type ts from "typescript";
import { fieldDescription } from "./change-sentence";
import { pulumiTypeOfJsonSchema, type JsonSchema } from "./json-schema-to-pulumi";
import type { NamedTypes } from "./named-types";
import {
  ANY,
  pascalCase,
  tokenOf,
  type Properties,
  type PropertySpec,
  type ResourceSpec,
  type TypeSpec,
} from "./pulumi-types";
import type { FieldSource, ShapeSource } from "./shape-source";
import { pulumiTypeOfTsType } from "./ts-type-to-pulumi";

/** Every resource takes it (the shapes add it to their inputs: shape.ts `inputNames`). */
export const ADOPT_ID: PropertySpec = {
  type: "string",
  description:
    "The id of an existing object to take over instead of creating one, on the first up only; prefer `pulumi import`.",
};

export interface ResourceContext {
  sources: Map<string, ShapeSource>;
  checker: ts.TypeChecker;
  types: NamedTypes;
}

/** The type an input or a setting takes: its check as JSON Schema. An object type is named after the field (`ToolFilters`). */
function inputTypeOf(
  name: string,
  field: InputField<unknown> | SettingField<unknown>,
  source: FieldSource,
  types: NamedTypes,
): TypeSpec {
  const json = z.toJSONSchema(field.check(z), { io: "input", unrepresentable: "any" }) as JsonSchema;
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  return pulumiTypeOfJsonSchema(json, {
    types,
    defs,
    baseName: pascalCase(name),
    suffix: "",
    docs: { description: source.description },
  }).spec;
}

/** The type an output holds: `T` of its `output<T>()`. An object type is named after the resource and the field (`CallbackInstanceTrigger`). */
function outputTypeOf(kind: string, name: string, source: FieldSource, context: ResourceContext): TypeSpec {
  if (source.outputType === undefined) return ANY;
  return pulumiTypeOfTsType(source.outputType, {
    checker: context.checker,
    types: context.types,
    typeName: kind + pascalCase(name),
  }).spec;
}

function propertyOf(
  spec: TypeSpec,
  source: FieldSource,
  flags: { secret?: boolean; replaceOnChanges?: boolean },
): PropertySpec {
  return {
    ...spec,
    ...(source.description ? { description: source.description } : {}),
    ...(flags.secret ? { secret: true } : {}),
    ...(flags.replaceOnChanges ? { replaceOnChanges: true } : {}),
  };
}

export function deriveResources(context: ResourceContext): Record<string, ResourceSpec> {
  const resources: Record<string, ResourceSpec> = {};
  for (const kind of RESOURCE_KINDS) {
    const shape = SHAPES[kind];
    const source = context.sources.get(kind);
    if (!source) throw new Error(`no defineShape({ kind: "${kind}" }) found under provider/shapes`);
    const inputProperties: Properties = {};
    const properties: Properties = {};
    const requiredInputs: string[] = [];
    for (const [name, field] of Object.entries(shape.fields) as [string, Field][]) {
      const written = source.fields.get(name);
      if (!written) throw new Error(`${kind}.${name}: not found in the fields of its defineShape call`);
      const fieldSource: FieldSource = { ...written, description: fieldDescription(shape, field, written.description) };
      if (field.role === "output") {
        properties[name] = propertyOf(outputTypeOf(kind, name, fieldSource, context), fieldSource, {
          secret: field.secret,
        });
        continue;
      }
      let spec: TypeSpec;
      try {
        spec = inputTypeOf(name, field, fieldSource, context.types);
      } catch (error) {
        throw new Error(`${kind}.${name}: its check has no JSON Schema (${(error as Error).message})`, {
          cause: error,
        });
      }
      const flags =
        field.role === "input" ? { secret: field.secret, replaceOnChanges: field.rule.onChange === "replace" } : {};
      inputProperties[name] = propertyOf(spec, fieldSource, flags);
      properties[name] = propertyOf(spec, fieldSource, flags);
      if (field.role === "input" && field.presence === "required") requiredInputs.push(name);
    }
    inputProperties.adoptId = { ...ADOPT_ID };
    properties.adoptId = { ...ADOPT_ID };
    resources[tokenOf(kind)] = {
      description: source.description,
      properties,
      ...(requiredInputs.length > 0 ? { required: [...requiredInputs] } : {}),
      inputProperties,
      ...(requiredInputs.length > 0 ? { requiredInputs } : {}),
    };
  }
  return resources;
}
