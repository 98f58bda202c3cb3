// `npm run codegen`'s step for what the shapes give outside the schema: the dynamic door's field docs
// (provider/dynamic/field-docs.ts), docs/drift.md's field-by-field table and the record of what each
// class registers in state (test/unit/provider/registrations.json). `--check` only compares, and exits 1
// naming the files that differ.
import * as fs from "node:fs";
import { FIELD_DOCS_FILE, fieldDocsText } from "./shapes/field-docs";
import { DRIFT_DOC, withDriftTable } from "./shapes/drift-table";
import { REGISTRATIONS_FILE, registrations } from "./shapes/registrations";
import { SHAPES_DIR, SHAPES_INDEX } from "./schema/derive";
import { readShapeSources } from "./schema/shape-source";
import { loadSourceProgram, repoPath } from "./schema/source-program";

/** Prettier's form of a file, as `npm run lint` checks it. */
async function formatted(file: string, text: string): Promise<string> {
  const prettier = await import("prettier");
  const options = (await prettier.resolveConfig(repoPath(file))) ?? {};
  return prettier.format(text, { ...options, filepath: repoPath(file) });
}

async function derivedFiles(): Promise<Map<string, string>> {
  const source = loadSourceProgram([SHAPES_INDEX]);
  const shapeFiles = source.program
    .getSourceFiles()
    .map((file) => file.fileName)
    .filter((file) => file.startsWith(`${SHAPES_DIR}/`));
  const sources = readShapeSources(source, shapeFiles);
  return new Map([
    [FIELD_DOCS_FILE, await formatted(FIELD_DOCS_FILE, fieldDocsText(sources))],
    [DRIFT_DOC, withDriftTable(fs.readFileSync(repoPath(DRIFT_DOC), "utf8"))],
    [REGISTRATIONS_FILE, await formatted(REGISTRATIONS_FILE, JSON.stringify(registrations(), null, 2))],
  ]);
}

async function main(): Promise<void> {
  const files = await derivedFiles();
  const current = (file: string) =>
    fs.existsSync(repoPath(file)) ? fs.readFileSync(repoPath(file), "utf8") : undefined;
  const stale = [...files].filter(([file, text]) => current(file) !== text).map(([file]) => file);
  if (process.argv.includes("--check")) {
    if (stale.length === 0) {
      process.stdout.write(`gen-from-shapes: ${[...files.keys()].join(", ")} are up to date\n`);
      return;
    }
    process.stderr.write(`gen-from-shapes: out of date, run npm run codegen: ${stale.join(", ")}\n`);
    process.exit(1);
  }
  for (const file of stale) fs.writeFileSync(repoPath(file), files.get(file)!);
  process.stdout.write(`gen-from-shapes: wrote ${stale.length > 0 ? stale.join(", ") : "nothing (up to date)"}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `gen-from-shapes: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(2);
  });
}
