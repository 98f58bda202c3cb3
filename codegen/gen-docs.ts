// `npm run codegen`'s last step: writes the reference pages (docs/reference/) from the committed schema
// and the generated examples (codegen/docs/pages.ts). `--check` only compares, and exits 1 naming the
// pages that differ, are missing or are left over.
import * as fs from "node:fs";
import * as path from "node:path";
import { functionPage, indexPage, INSTALL_PAGE, installPage, pageOf, resourcePage } from "./docs/pages";
import type { PackageSchema } from "./schema/pulumi-types";
import { repoPath } from "./schema/source-program";

const DOCS_DIR = repoPath("docs", "reference");

/** Every page, by file name. */
export function referencePages(schema: PackageSchema): Map<string, string> {
  const pages = new Map<string, string>([
    ["README.md", indexPage(schema)],
    [INSTALL_PAGE, installPage(schema)],
  ]);
  for (const [token, resource] of Object.entries(schema.resources))
    pages.set(pageOf(token.split(":")[2]), resourcePage(schema, token, resource));
  for (const [token, fn] of Object.entries(schema.functions))
    pages.set(pageOf(token.split(":")[2]), functionPage(schema, token, fn));
  return pages;
}

function main(): void {
  const schema = JSON.parse(fs.readFileSync(repoPath("provider", "native", "schema.json"), "utf8")) as PackageSchema;
  const pages = referencePages(schema);
  const existing = fs.existsSync(DOCS_DIR) ? fs.readdirSync(DOCS_DIR) : [];
  if (process.argv.includes("--check")) {
    const stale = [...pages]
      .filter(([file, text]) => !existing.includes(file) || fs.readFileSync(path.join(DOCS_DIR, file), "utf8") !== text)
      .map(([file]) => file);
    const extra = existing.filter((file) => !pages.has(file));
    if (stale.length + extra.length === 0) {
      process.stdout.write(`gen-docs: docs/reference/ is up to date (${pages.size} pages)\n`);
      return;
    }
    process.stderr.write(
      `gen-docs: docs/reference/ is out of date: run npm run codegen (differs: ${[...stale, ...extra].join(", ")})\n`,
    );
    process.exit(1);
  }
  fs.rmSync(DOCS_DIR, { recursive: true, force: true });
  fs.mkdirSync(DOCS_DIR, { recursive: true });
  for (const [file, text] of pages) fs.writeFileSync(path.join(DOCS_DIR, file), text);
  process.stdout.write(`gen-docs: wrote docs/reference/ (${pages.size} pages)\n`);
}

if (require.main === module) main();
