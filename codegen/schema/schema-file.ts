// The committed schema: where it lives, how it is written and when it is stale. Stale means its
// content differs from the derived one, key order included (the order is the shapes' field order, and
// a reordered file is a hand edit): formatting is not compared. The file is written in Prettier's JSON
// with the repository's settings, because `npm run lint` checks every JSON file with Prettier; the
// test compares without Prettier, which it cannot load (Prettier 3 imports itself as an ES module,
// which Jest's CommonJS runtime refuses).
import * as fs from "node:fs";
import * as path from "node:path";
import { schemaDifferences } from "./differences";
import type { PackageSchema } from "./pulumi-types";
import { REPO_ROOT } from "./source-program";

/** Relative to the repository: what the messages name. */
export const SCHEMA_FILE = "provider/native/schema.json";

export function schemaFilePath(): string {
  return path.join(REPO_ROOT, SCHEMA_FILE);
}

/** The content as one canonical text: what two schemas are compared by. */
export function canonicalText(schema: unknown): string {
  return JSON.stringify(schema, null, 2);
}

/** The file's text: Prettier's JSON (two spaces, short arrays on one line, a final newline). */
export async function formatSchema(schema: PackageSchema): Promise<string> {
  const prettier = await import("prettier");
  const file = schemaFilePath();
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(canonicalText(schema), { ...options, filepath: file });
}

/** The committed text, or undefined when there is none yet. */
export function readCommittedSchema(): string | undefined {
  const file = schemaFilePath();
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
}

/** The committed content, parsed; undefined when the file is missing, a message when it is not JSON. */
export function parseCommittedSchema(): { content: unknown } | { problem: string } {
  const text = readCommittedSchema();
  if (text === undefined) return { problem: `${SCHEMA_FILE} does not exist` };
  try {
    return { content: JSON.parse(text) };
  } catch (error) {
    return { problem: `${SCHEMA_FILE} is not JSON (${(error as Error).message})` };
  }
}

/** Why the committed schema is not `schema` (each difference's path), or an empty list when it is. */
export function staleness(schema: PackageSchema): string[] {
  const committed = parseCommittedSchema();
  if ("problem" in committed) return [committed.problem];
  if (canonicalText(committed.content) === canonicalText(schema)) return [];
  const differences = schemaDifferences(committed.content, schema);
  return differences.length > 0 ? differences : ["(the same content in another key order)"];
}
