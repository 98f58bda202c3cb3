// `npm run golden`: writes the golden records the tests read (test/golden/observed/*.json) from the
// record shapes the service's own client declares, kept in test/golden/observed-records.md: generated,
// never copied by hand. That file is the repository's only record of those shapes: when the service's
// client declares new ones, edit it, then run `npm run golden`. `npm run golden -- --check` only
// compares, and exits 1 when the committed files differ from what the file gives.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseObservedRecords } from "./golden/observed-shapes";
import { goldenFile, goldenFileName } from "./golden/records";

export const REPO_ROOT = path.resolve(__dirname, "..");
/** The observed record shapes, relative to the repository: what the golden files are made from and record. */
export const OBSERVED_RECORDS = "test/golden/observed-records.md";
export const GOLDEN_DIR = path.join(REPO_ROOT, "test", "golden", "observed");

export function observedRecordsPath(): string {
  return path.join(REPO_ROOT, OBSERVED_RECORDS);
}

/** File name -> file text, as the generator writes them. */
export function renderGoldenFiles(markdown: string): Map<string, string> {
  const sha256 = createHash("sha256").update(markdown).digest("hex");
  const files = new Map<string, string>();
  for (const endpoint of parseObservedRecords(markdown)) {
    const name = goldenFileName(endpoint);
    if (files.has(name)) throw new Error(`two sections of observed-records.md map to ${name}`);
    files.set(name, `${JSON.stringify(goldenFile(endpoint, { path: OBSERVED_RECORDS, sha256 }), null, 2)}\n`);
  }
  return files;
}

/** Names of committed files that differ from the generated ones, are missing, or are left over. */
export function staleGoldenFiles(expected: Map<string, string>, dir = GOLDEN_DIR): string[] {
  const present = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith(".json")) : [];
  const stale = [...expected]
    .filter(([name, text]) => !present.includes(name) || fs.readFileSync(path.join(dir, name), "utf8") !== text)
    .map(([name]) => name);
  return [...stale, ...present.filter((name) => !expected.has(name))].sort();
}

function fail(code: number, message: string): never {
  process.stderr.write(`golden-records: ${message}\n`);
  process.exit(code);
}

function main(): void {
  const check = process.argv.includes("--check");
  const source = observedRecordsPath();
  if (!fs.existsSync(source)) fail(2, `${OBSERVED_RECORDS} not found`);
  const files = renderGoldenFiles(fs.readFileSync(source, "utf8"));
  const stale = staleGoldenFiles(files);
  if (check) {
    if (stale.length > 0) fail(1, `out of date: ${stale.join(", ")}; run npm run golden`);
    process.stdout.write(`golden-records: ${files.size} files up to date\n`);
    return;
  }
  fs.mkdirSync(GOLDEN_DIR, { recursive: true });
  for (const name of fs.readdirSync(GOLDEN_DIR))
    if (name.endsWith(".json") && !files.has(name)) fs.rmSync(path.join(GOLDEN_DIR, name));
  for (const [name, text] of files) fs.writeFileSync(path.join(GOLDEN_DIR, name), text);
  process.stdout.write(
    `golden-records: wrote ${files.size} files to ${path.relative(REPO_ROOT, GOLDEN_DIR)} (${stale.length} changed)\n`,
  );
}

if (require.main === module) main();
