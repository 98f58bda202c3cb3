// `npm run golden`: writes the golden records the tests read (test/golden/observed/*.json) from the
// record shapes the service's own client declares, so they are generated, never copied by hand. They
// are made from the repository's copy of that spec (test/golden/observed-records.md), so that a fresh
// clone, CI's, checks them without the shared spec folder beside it; when the shared spec
// (../shared/spec/observed-records.md, or TCS_OBSERVED_RECORDS) is there, `npm run golden` first
// refreshes the copy from it, so one command updates both. `npm run golden -- --check` only compares,
// and exits 1 when the committed files differ from what the copy gives, or the copy from the spec.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseObservedRecords } from "./golden/observed-shapes";
import { goldenFile, goldenFileName } from "./golden/records";

export const REPO_ROOT = path.resolve(__dirname, "..");
/** The repository's copy of the spec, relative to the repository: what the golden files are made from and record. */
export const OBSERVED_RECORDS_COPY = "test/golden/observed-records.md";
/** The spec itself, as the docs name it: the shared folder beside the repository. TCS_OBSERVED_RECORDS overrides. */
export const OBSERVED_RECORDS_SOURCE = "../shared/spec/observed-records.md";
export const GOLDEN_DIR = path.join(REPO_ROOT, "test", "golden", "observed");

export function observedRecordsCopyPath(): string {
  return path.join(REPO_ROOT, OBSERVED_RECORDS_COPY);
}

export function observedRecordsPath(): string {
  return path.resolve(REPO_ROOT, process.env.TCS_OBSERVED_RECORDS ?? OBSERVED_RECORDS_SOURCE);
}

/** File name -> file text, as the generator writes them. */
export function renderGoldenFiles(markdown: string): Map<string, string> {
  const sha256 = createHash("sha256").update(markdown).digest("hex");
  const files = new Map<string, string>();
  for (const endpoint of parseObservedRecords(markdown)) {
    const name = goldenFileName(endpoint);
    if (files.has(name)) throw new Error(`two sections of observed-records.md map to ${name}`);
    files.set(name, `${JSON.stringify(goldenFile(endpoint, { path: OBSERVED_RECORDS_COPY, sha256 }), null, 2)}\n`);
  }
  return files;
}

/** Names of committed files that differ from the generated ones, are missing, or are left over. */
export function staleGoldenFiles(expected: Map<string, string>, dir = GOLDEN_DIR): string[] {
  const present = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith(".json")) : [];
  const stale = [...expected].filter(([name, text]) => !present.includes(name) || fs.readFileSync(path.join(dir, name), "utf8") !== text).map(([name]) => name);
  return [...stale, ...present.filter((name) => !expected.has(name))].sort();
}

/**
 * The spec's text, when it is there, and whether the copy differs from it. Bytes, not text: the copy
 * must hash as the spec does. A missing override is a mistake; a missing shared folder is a fresh
 * clone, whose copy stands.
 */
function readSpec(): { spec: Buffer | undefined; copyStale: boolean } {
  const source = observedRecordsPath();
  if (!fs.existsSync(source)) {
    if (process.env.TCS_OBSERVED_RECORDS !== undefined) fail(2, `TCS_OBSERVED_RECORDS: ${source} not found`);
    return { spec: undefined, copyStale: false };
  }
  const spec = fs.readFileSync(source);
  const copy = observedRecordsCopyPath();
  return { spec, copyStale: !fs.existsSync(copy) || !fs.readFileSync(copy).equals(spec) };
}

function fail(code: number, message: string): never {
  process.stderr.write(`golden-records: ${message}\n`);
  process.exit(code);
}

function main(): void {
  const check = process.argv.includes("--check");
  const { spec, copyStale } = readSpec();
  const copy = observedRecordsCopyPath();
  if (copyStale && check) fail(1, `${OBSERVED_RECORDS_COPY} is not ${observedRecordsPath()}; run npm run golden`);
  if (copyStale && spec) {
    fs.writeFileSync(copy, spec);
    process.stdout.write(`golden-records: copied ${observedRecordsPath()} to ${OBSERVED_RECORDS_COPY}\n`);
  }
  if (!fs.existsSync(copy)) fail(2, `${OBSERVED_RECORDS_COPY} not found, nor ${observedRecordsPath()} to copy it from`);
  const files = renderGoldenFiles(fs.readFileSync(copy, "utf8"));
  const stale = staleGoldenFiles(files);
  if (check) {
    if (stale.length > 0) fail(1, `out of date: ${stale.join(", ")}; run npm run golden`);
    process.stdout.write(`golden-records: ${files.size} files up to date\n`);
    return;
  }
  fs.mkdirSync(GOLDEN_DIR, { recursive: true });
  for (const name of fs.readdirSync(GOLDEN_DIR)) if (name.endsWith(".json") && !files.has(name)) fs.rmSync(path.join(GOLDEN_DIR, name));
  for (const [name, text] of files) fs.writeFileSync(path.join(GOLDEN_DIR, name), text);
  process.stdout.write(`golden-records: wrote ${files.size} files to ${path.relative(REPO_ROOT, GOLDEN_DIR)} (${stale.length} changed)\n`);
}

if (require.main === module) main();
