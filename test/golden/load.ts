// The golden records (test/golden/observed/*.json, written by `npm run golden` from
// test/golden/observed-records.md, the record shapes the real service sends): one file per endpoint,
// three variants each.
import * as fs from "node:fs";
import * as path from "node:path";
import type { GoldenFile, Shape, Variant } from "../../scripts/golden/records";

export type { GoldenFile, Shape, Variant };
export { VARIANTS } from "../../scripts/golden/records";

export const GOLDEN_DIR = path.join(__dirname, "observed");

export function goldenFiles(): GoldenFile[] {
  return fs
    .readdirSync(GOLDEN_DIR)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(GOLDEN_DIR, name), "utf8")) as GoldenFile);
}

export function golden(endpoint: string): GoldenFile {
  const file = goldenFiles().find((f) => f.endpoint === endpoint);
  if (!file) throw new Error(`no golden records for ${endpoint}; run npm run golden`);
  return file;
}

/** A variant as a plain object (a record, or a list envelope for list endpoints). */
export function variantOf(file: GoldenFile, variant: Variant): Record<string, any> {
  return structuredClone(file.variants[variant]) as Record<string, any>;
}
