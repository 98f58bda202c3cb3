// `npm run golden`: writes the golden records the tests read (test/golden/observed/*.json) from the
// record shapes the service's own client declares (../shared/spec/observed-records.md), so they are
// generated, never copied by hand. `npm run golden -- --check` only compares, and exits 1 when the
// committed files differ from what the spec file gives today.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseObservedRecords } from "./golden/observed-shapes";
import { goldenFile, goldenFileName } from "./golden/records";

export const REPO_ROOT = path.resolve(__dirname, "..");
/** As the docs name it: the shared folder beside the repository. TCS_OBSERVED_RECORDS overrides. */
export const OBSERVED_RECORDS_SOURCE = "../shared/spec/observed-records.md";
export const GOLDEN_DIR = path.join(REPO_ROOT, "test", "golden", "observed");

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
    files.set(name, `${JSON.stringify(goldenFile(endpoint, { path: OBSERVED_RECORDS_SOURCE, sha256 }), null, 2)}\n`);
  }
  return files;
}

/** Names of committed files that differ from the generated ones, are missing, or are left over. */
export function staleGoldenFiles(expected: Map<string, string>, dir = GOLDEN_DIR): string[] {
  const present = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith(".json")) : [];
  const stale = [...expected].filter(([name, text]) => !present.includes(name) || fs.readFileSync(path.join(dir, name), "utf8") !== text).map(([name]) => name);
  return [...stale, ...present.filter((name) => !expected.has(name))].sort();
}

function main(): void {
  const source = observedRecordsPath();
  if (!fs.existsSync(source)) {
    process.stderr.write(`golden-records: ${source} not found (the shared spec folder beside the repository, or TCS_OBSERVED_RECORDS)\n`);
    process.exit(2);
  }
  const files = renderGoldenFiles(fs.readFileSync(source, "utf8"));
  const stale = staleGoldenFiles(files);
  if (process.argv.includes("--check")) {
    if (stale.length > 0) {
      process.stderr.write(`golden-records: out of date: ${stale.join(", ")}; run npm run golden\n`);
      process.exit(1);
    }
    process.stdout.write(`golden-records: ${files.size} files up to date\n`);
    return;
  }
  fs.mkdirSync(GOLDEN_DIR, { recursive: true });
  for (const name of fs.readdirSync(GOLDEN_DIR)) if (name.endsWith(".json") && !files.has(name)) fs.rmSync(path.join(GOLDEN_DIR, name));
  for (const [name, text] of files) fs.writeFileSync(path.join(GOLDEN_DIR, name), text);
  process.stdout.write(`golden-records: wrote ${files.size} files to ${path.relative(REPO_ROOT, GOLDEN_DIR)} (${stale.length} changed)\n`);
}

if (require.main === module) main();
