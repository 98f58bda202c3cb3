// The part of Pulumi's package schema (pkg/codegen/schema/pulumi.json in pulumi/pulumi) this package
// writes, as types, and the few values every derivation module builds with. Only what the tcs schema
// uses is typed: a field added here is one the generated SDKs will see.
import { NATIVE_TOKEN_PREFIX } from "../../provider/type-tokens";

/** The package's name: the first part of every token, and the plugin's (`pulumi-resource-tcs`). */
export const PACKAGE_NAME = "tcs";

/** `tcs:index:<name>`: one module, so every resource, function and type is at the package's top level. */
export function tokenOf(name: string): string {
  return `${NATIVE_TOKEN_PREFIX}${name}`;
}

/** A reference to a type, with no description: what a property, an array's items or a map's values are. */
export interface TypeSpec {
  type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  $ref?: string;
}

/** A property of a resource, a function's inputs or outputs, an object type or the provider's config. */
export interface PropertySpec extends TypeSpec {
  description?: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
}

export type Properties = Record<string, PropertySpec>;

export interface ObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Properties;
  required?: string[];
}

export interface ResourceSpec {
  description?: string;
  properties: Properties;
  required?: string[];
  inputProperties: Properties;
  requiredInputs?: string[];
}

export interface FunctionSpec {
  description?: string;
  inputs?: ObjectTypeSpec;
  outputs: ObjectTypeSpec;
}

export interface PackageSchema {
  name: string;
  displayName: string;
  description: string;
  keywords: string[];
  license: string;
  publisher: string;
  language: Record<string, unknown>;
  config: { variables: Properties };
  provider: { description: string; inputProperties: Properties };
  types: Record<string, ObjectTypeSpec>;
  resources: Record<string, ResourceSpec>;
  functions: Record<string, FunctionSpec>;
}

/** Pulumi's own "any value": what a part that has no Pulumi type of its own becomes. */
export const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };

/** A reference to an object type of this package. */
export function typeRef(token: string): TypeSpec {
  return { $ref: `#/types/${token}` };
}

/** `toolFilters` -> `ToolFilters`: how a property's name reads as a type's. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== "")
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join("");
}

/** `CallbackInstanceTriggers` -> `CallbackInstanceTrigger`: an array's items are named in the singular. */
export function singularOf(name: string): string {
  return name.endsWith("s") && !name.endsWith("ss") ? name.slice(0, -1) : name;
}
