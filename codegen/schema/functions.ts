// The schema's functions: one per lookup of provider/dynamic/lookups, `tcs:index:<lookupName>`.
//
// THE CONVENTION INVOKE IMPLEMENTS (the native provider's functions return exactly this):
//   - Inputs: the lookup's arguments minus `connection` (a provider instance is one connection), under
//     the same camelCase names. An argument that takes one value or several (`type`, `sourceId`,
//     `status`, `customProviderId`, ...) is declared as a list of strings: it arrives as an array,
//     which the lookup's query takes as it is. `limit` is a number.
//   - A lookup that returns a list (`returns: "list"` in provider/lookups/catalog.ts) returns
//     `{ items: [record, ...] }`: one property, `items` (LIST_PROPERTY), always present (an empty array
//     when nothing matched), the records in the lookup's order.
//   - A lookup that returns one record (`returns: "record"`) returns the record itself: its fields at
//     the top level, no wrapper.
//   - A record is the SDK's, as its zod schema (sdk/schemas) parses it: camelCase names (`isDefault`,
//     `createdAt`, `customProviderId`), the `object` tag included, nested records as objects (types
//     `tcs:index:<Name>Record`), user data (metadata, JSON Schemas, event payloads) as maps of any.
//     Only the fields the schema lists are the contract. The SDK's loose records also pass through
//     fields a newer service added; Invoke should drop those (at every level), so that every language
//     sees the same result: Node.js would hand them on untyped, the typed SDKs do not declare them.
//   - Only `id` (and `items`) is promised: any other field the service left out or sent as null may
//     be missing or null in the result.
// waitForCustomProviderDeployment is not a function: it polls for minutes, where a function reads.
import type { NamedTypes } from "./named-types";
import { objectPropertiesOf, pulumiTypeOfJsonSchema } from "./json-schema-to-pulumi";
import type { LookupSource } from "./lookup-source";
import { pascalCase, tokenOf, type FunctionSpec, type ObjectTypeSpec, type Properties } from "./pulumi-types";
import type { RecordSchemas } from "./record-schemas";
import type ts from "typescript";
import { pulumiTypeOfTsType } from "./ts-type-to-pulumi";

/** The one output of a function whose lookup returns a list. */
export const LIST_PROPERTY = "items";

/** Lookups that are no functions (see the convention above). */
export const NOT_FUNCTIONS: ReadonlySet<string> = new Set(["waitForCustomProviderDeployment"]);

/** The suffix of every record type (`RoleRecord`): keeps records apart from the resources of the same name. */
export const RECORD_SUFFIX = "Record";

export interface FunctionContext {
  lookups: LookupSource[];
  records: RecordSchemas;
  checker: ts.TypeChecker;
  types: NamedTypes;
}

function inputsOf(lookup: LookupSource, context: FunctionContext): ObjectTypeSpec | undefined {
  if (lookup.args.length === 0) return undefined;
  const properties: Properties = {};
  const required: string[] = [];
  for (const argument of lookup.args) {
    const typeName = pascalCase(lookup.name) + pascalCase(argument.name);
    const mapped = pulumiTypeOfTsType(argument.type, { checker: context.checker, types: context.types, typeName });
    properties[argument.name] = {
      ...mapped.spec,
      ...(argument.description ? { description: argument.description } : {}),
    };
    if (!argument.optional && !mapped.missable) required.push(argument.name);
  }
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}) };
}

function outputsOf(lookup: LookupSource, context: FunctionContext): ObjectTypeSpec {
  const document = context.records.documentOf(lookup.recordSchema);
  const place = {
    types: context.types,
    defs: document.defs,
    baseName: document.name,
    suffix: RECORD_SUFFIX,
    docs: context.records.docsOf(document.name),
    docsOf: context.records.docsOf,
  };
  if (lookup.returnsList) {
    const items = pulumiTypeOfJsonSchema(document.root, place).spec;
    return {
      type: "object",
      properties: {
        [LIST_PROPERTY]: { type: "array", items, description: "The records the lookup found, in its order." },
      },
      required: [LIST_PROPERTY],
    };
  }
  const record = document.defs[document.name] ?? document.root;
  return { type: "object", ...objectPropertiesOf(record, place) };
}

export function deriveFunctions(context: FunctionContext): Record<string, FunctionSpec> {
  const functions: Record<string, FunctionSpec> = {};
  for (const lookup of context.lookups) {
    const inputs = inputsOf(lookup, context);
    functions[tokenOf(lookup.name)] = {
      ...(lookup.description ? { description: lookup.description } : {}),
      ...(inputs ? { inputs } : {}),
      outputs: outputsOf(lookup, context),
    };
  }
  return functions;
}
