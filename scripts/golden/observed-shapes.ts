// Reads test/golden/observed-records.md: one `## METHOD /path` heading per endpoint, followed by a
// ```json block whose leaves name types in the file's notation (`'a' | 'b'` an enum, `| null`
// nullable, `?` optional, `map` an object of any keys, `"(this object)"` the enclosing object's own
// nullability or optionality). The result is a shape tree the record generator walks.

export type LeafType = "string" | "boolean" | "number" | "date-time" | "map" | "enum";

export type Shape =
  | { kind: "leaf"; type: LeafType; values: string[] }
  | { kind: "object"; fields: Field[] }
  | { kind: "array"; item: Shape };

export interface Field {
  /** The wire key (snake_case). */
  name: string;
  shape: Shape;
  nullable: boolean;
  optional: boolean;
}

export interface Endpoint {
  /** The heading as written, e.g. `GET /provider-configs (list)`. */
  heading: string;
  method: string;
  /** The path as written, e.g. `/provider-configs/{id}`. */
  path: string;
  list: boolean;
  shape: Shape;
}

const THIS_OBJECT = "(this object)";
const LEAF_TYPES: readonly string[] = ["string", "boolean", "number", "date-time", "map"];

export function parseObservedRecords(markdown: string): Endpoint[] {
  const endpoints: Endpoint[] = [];
  const section = /^## (\S+) (\/\S*)( \(list\))?\s*\n+```json\n([\s\S]*?)\n```/gm;
  for (const match of markdown.matchAll(section)) {
    const [, method, path, list, body] = match;
    const heading = `${method} ${path}${list ?? ""}`;
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (error) {
      throw new Error(`observed-records.md, ${heading}: the json block does not parse (${(error as Error).message})`, {
        cause: error,
      });
    }
    endpoints.push({ heading, method, path, list: list !== undefined, shape: parseShape(json, heading) });
  }
  if (endpoints.length === 0)
    throw new Error("observed-records.md: no `## METHOD /path` section with a json block found");
  return endpoints;
}

function parseShape(value: unknown, where: string): Shape {
  if (Array.isArray(value)) {
    if (value.length !== 1) throw new Error(`${where}: an array shape lists exactly one item shape`);
    return { kind: "array", item: parseShape(value[0], `${where}[]`) };
  }
  if (value !== null && typeof value === "object") {
    const fields: Field[] = [];
    for (const [key, inner] of Object.entries(value)) {
      if (key === THIS_OBJECT) continue;
      const name = key.endsWith("?") ? key.slice(0, -1) : key;
      const own = ownModifiers(inner);
      const leaf = typeof inner === "string" ? parseLeaf(inner, `${where}.${name}`) : undefined;
      fields.push({
        name,
        shape: leaf?.shape ?? parseShape(inner, `${where}.${name}`),
        nullable: leaf?.nullable ?? own.nullable,
        optional: key.endsWith("?") || (leaf?.optional ?? own.optional),
      });
    }
    return { kind: "object", fields };
  }
  throw new Error(`${where}: a shape is a type string, an object or a one-item array`);
}

/** `"(this object)": "| null"` or `"?"` inside an object: modifiers of the field holding it. */
function ownModifiers(value: unknown): { nullable: boolean; optional: boolean } {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { nullable: false, optional: false };
  const text = (value as Record<string, unknown>)[THIS_OBJECT];
  if (typeof text !== "string") return { nullable: false, optional: false };
  return { nullable: /\bnull\b/.test(text), optional: text.includes("?") };
}

function parseLeaf(text: string, where: string): { shape: Shape; nullable: boolean; optional: boolean } {
  let optional = false;
  let body = text.trim();
  if (body.endsWith("?")) {
    optional = true;
    body = body.slice(0, -1).trim();
  }
  const parts = body.split("|").map((part) => part.trim());
  const nullable = parts.includes("null");
  const types = parts.filter((part) => part !== "null");
  const enumValues = types.filter((part) => /^'.*'$/.test(part)).map((part) => part.slice(1, -1));
  if (enumValues.length > 0) {
    if (enumValues.length !== types.length)
      throw new Error(`${where}: an enum mixes quoted values and types ('${text}')`);
    return { shape: { kind: "leaf", type: "enum", values: enumValues }, nullable, optional };
  }
  if (types.length !== 1 || !LEAF_TYPES.includes(types[0])) throw new Error(`${where}: unknown type '${text}'`);
  return { shape: { kind: "leaf", type: types[0] as LeafType, values: [] }, nullable, optional };
}
