// The SDK's records (sdk/schemas/*.ts) as JSON Schema, and their descriptions from the source: what
// the functions return. Every zod schema those modules export is registered under its export name
// without `Schema` (`RoleSchema` -> `Role`), so a record nested in another is a `$ref` to that name
// (a named type, `RoleRecord`) rather than a copy. Every module of the folder is loaded, so a new
// one is covered without an edit here.
/* eslint-disable @typescript-eslint/no-require-imports */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { z } from "zod";
import { docCommentOf } from "./doc-comments";
import type { DocTree, JsonSchema } from "./json-schema-to-pulumi";
import { REPO_ROOT } from "./source-program";

export const RECORD_SCHEMAS_DIR = path.join(REPO_ROOT, "sdk", "schemas");

export interface RecordDocument {
  /** The record's registered name (`Role`): the document's root is `$ref` to it. */
  name: string;
  root: JsonSchema;
  defs: Record<string, JsonSchema>;
}

export interface RecordSchemas {
  /** The JSON Schema of the record whose zod schema is exported as `exportName` (`RoleSchema`). */
  documentOf(exportName: string): RecordDocument;
  /** The descriptions of a registered record and its properties. */
  docsOf(name: string): DocTree | undefined;
}

const nameOfExport = (exportName: string) => exportName.replace(/Schema$/, "");

function schemaModules(): string[] {
  return fs
    .readdirSync(RECORD_SCHEMAS_DIR)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
    .sort()
    .map((file) => path.join(RECORD_SCHEMAS_DIR, file));
}

export function loadRecordSchemas(): RecordSchemas {
  const registry = z.registry<{ id: string }>();
  const exported = new Map<string, z.ZodType>();
  const docs = new Map<string, DocTree>();
  for (const file of schemaModules()) {
    const module = require(file) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module)) {
      if (!(value instanceof z.ZodType)) continue;
      exported.set(exportName, value);
      // The first name a schema is exported under is its name (a re-export keeps it).
      if (!registry.has(value)) registry.add(value, { id: nameOfExport(exportName) });
    }
    for (const [exportName, tree] of docTreesOf(file)) docs.set(nameOfExport(exportName), tree);
  }
  return {
    documentOf(exportName) {
      const schema = exported.get(exportName);
      if (!schema) throw new Error(`${exportName} is not a zod schema exported by a module of sdk/schemas`);
      const json = z.toJSONSchema(schema, { metadata: registry, io: "output", unrepresentable: "any" }) as JsonSchema;
      return { name: nameOfExport(exportName), root: json, defs: (json.$defs ?? {}) as Record<string, JsonSchema> };
    },
    docsOf: (name) => docs.get(name),
  };
}

/** The descriptions of every `export const XSchema = z.looseObject({ ... })` of a file, by export name. */
function docTreesOf(file: string): Map<string, DocTree> {
  const sourceFile = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.ES2023, true);
  const trees = new Map<string, DocTree>();
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      trees.set(declaration.name.text, {
        description: docCommentOf(declaration),
        ...propertyDocsOf(declaration.initializer),
      });
    }
  }
  return trees;
}

/** The object literal that lists a schema's properties: the first one passed to a call (`looseObject({...})`, `.extend({...})`, `maybe(z.array(z.looseObject({...})))`). */
function objectLiteralOf(expression: ts.Expression): ts.ObjectLiteralExpression | undefined {
  if (!ts.isCallExpression(expression)) return undefined;
  for (const argument of expression.arguments) {
    if (ts.isObjectLiteralExpression(argument)) return argument;
    const nested = objectLiteralOf(argument);
    if (nested) return nested;
  }
  return undefined;
}

function propertyDocsOf(expression: ts.Expression): Pick<DocTree, "properties"> {
  const literal = objectLiteralOf(expression);
  if (!literal) return {};
  const properties: Record<string, DocTree> = {};
  for (const property of literal.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const description = docCommentOf(property);
    properties[property.name.getText()] = {
      ...(description ? { description } : {}),
      ...propertyDocsOf(property.initializer),
    };
  }
  return { properties };
}
