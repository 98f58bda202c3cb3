// Markdown pieces the reference pages are made of: tables of properties, type names, the schema's
// descriptions without their examples. Nothing here knows which page it is on.
import type { ObjectTypeSpec, PackageSchema, Properties, PropertySpec, TypeSpec } from "../schema/pulumi-types";

/** The description as prose: Pulumi's example section (which the pages show as their own section) left out. */
export function prose(description: string | undefined): string {
  return (description ?? "").replace(/\n*\{\{% examples %\}\}[\s\S]*?\{\{% \/examples %\}\}/g, "").trim();
}

/** The first sentence of a description: what an index's row says. */
export function summary(description: string | undefined): string {
  const text = prose(description).split("\n")[0];
  const end = text.search(/\.(\s|$)/);
  return end < 0 ? text : text.slice(0, end + 1);
}

/** A table cell: one line, no column break. */
export function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n\n+/g, "<br><br>").replace(/\n/g, " ");
}

/** The page anchor GitHub gives a `### Name` heading. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ /g, "-");
}

export function typeName(name: string): string {
  return name.slice(name.lastIndexOf(":") + 1);
}

/** A type as the pages write it, language-neutral: `string`, `list(string)`, `map(any)`, a link to an object type. */
export function typeText(spec: TypeSpec): string {
  if (spec.$ref === "pulumi.json#/Any") return "any";
  if (spec.$ref) {
    const name = typeName(spec.$ref);
    return `[${name}](#${anchorOf(name)})`;
  }
  if (spec.type === "array") return `list(${spec.items ? typeText(spec.items) : "any"})`;
  if (spec.type === "object") return `map(${spec.additionalProperties ? typeText(spec.additionalProperties) : "any"})`;
  return spec.type ?? "any";
}

/** What a property is marked with, beside its type: required, secret, replaces on change. */
function marks(spec: PropertySpec, required: boolean): string {
  const found = [
    required ? "required" : "",
    spec.secret ? "**secret**" : "",
    spec.replaceOnChanges ? "**replaces on change**" : "",
  ];
  return found.filter(Boolean).join(", ");
}

/** A table of properties: name, type, marks, description. */
export function propertyTable(properties: Properties, required: readonly string[] = []): string {
  const rows = Object.entries(properties).map(
    ([name, spec]) =>
      `| \`${name}\` | ${typeText(spec)} | ${marks(spec, required.includes(name))} | ${cell(spec.description ?? "")} |`,
  );
  return ["| name | type | | description |", "|---|---|---|---|", ...rows].join("\n");
}

/** The object types `properties` reach, directly or through other object types, in the order met. */
export function reachedTypes(schema: PackageSchema, properties: Properties[]): [string, ObjectTypeSpec][] {
  const found = new Map<string, ObjectTypeSpec>();
  const visit = (spec: TypeSpec | undefined): void => {
    if (!spec) return;
    if (spec.$ref?.startsWith("#/types/")) {
      const token = spec.$ref.slice("#/types/".length);
      const type = schema.types[token] as ObjectTypeSpec | undefined;
      if (!type || found.has(token)) return;
      found.set(token, type);
      Object.values(type.properties).forEach(visit);
      return;
    }
    visit(spec.items);
    visit(spec.additionalProperties);
  };
  properties.forEach((set) => Object.values(set).forEach(visit));
  return [...found];
}

/** A `## Types` section for the object types a page's properties reach, or nothing when there are none. */
export function typesSection(schema: PackageSchema, properties: Properties[]): string[] {
  const types = reachedTypes(schema, properties);
  if (types.length === 0) return [];
  const lines = ["## Types", ""];
  for (const [token, type] of types) {
    lines.push(`### ${typeName(token)}`, "");
    if (type.description) lines.push(prose(type.description), "");
    lines.push(propertyTable(type.properties, type.required), "");
  }
  return lines;
}
