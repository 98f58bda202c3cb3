// A preview with no changes checks every resource again, and validating its inputs meant loading zod
// (about 80 ms) and parsing each declaration: the largest part of the plugin's own cost in that
// preview (docs/performance.md). Inputs that passed are recorded with the fingerprint of the checks
// that passed them; the same inputs under the same checks pass again, so validation is skipped. A
// provider upgrade that changes a rule changes the fingerprint, and unchanged inputs are validated
// under the new rules, as before.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { PROVIDER_INPUT, VALIDATED_BY_INPUT } from "../shapes/reserved";

type Props = Record<string, unknown>;

/** The engine's modules that decide what check passes (beside the shapes). */
export const CHECK_MODULES = ["planner", "engine-inputs", "unknown-inputs"] as const;

let fingerprint: string | undefined;

/**
 * The checks' fingerprint: the code of every shape module and of the engine's check as this process loads
 * them (built or from source), and zod's version. Read from the files rather than from the schemas,
 * which would need zod loaded; a change that does not touch a rule (a comment) only costs one full
 * check of each resource.
 */
export function checksFingerprint(): string {
  if (fingerprint === undefined) {
    const extension = path.extname(__filename);
    const shapes = path.join(__dirname, "..", "shapes");
    const files = [
      ...fs
        .readdirSync(shapes)
        .filter((name) => name.endsWith(extension) && !name.endsWith(`.d${extension}`))
        .sort()
        .map((name) => path.join(shapes, name)),
      // The check itself: planning, and the parsing of inputs it shares with the writing steps.
      ...CHECK_MODULES.map((name) => path.join(__dirname, `${name}${extension}`)),
    ];
    const hash = createHash("sha256");
    for (const file of files) hash.update(path.basename(file)).update("\0").update(fs.readFileSync(file)).update("\0");
    const zodPackage = JSON.parse(fs.readFileSync(require.resolve("zod/package.json"), "utf8")) as { version: string };
    fingerprint = hash.update(`zod@${zodPackage.version}`).digest("hex").slice(0, 16);
  }
  return fingerprint;
}

/** The inputs without what is not declared: the engine's serialized provider and the fingerprint. */
function declared(inputs: Props): Props {
  const { [PROVIDER_INPUT]: _provider, [VALIDATED_BY_INPUT]: _validatedBy, ...rest } = inputs;
  return rest;
}

/**
 * Whether the new inputs are the recorded ones, which these same checks passed. Inputs an older version
 * recorded (the fingerprint and create key under their former names, shapes/reserved.ts) are
 * not: they are validated once more, and recorded under today's names.
 */
export function alreadyValidated(olds: Props, news: Props): boolean {
  return olds[VALIDATED_BY_INPUT] === checksFingerprint() && isDeepStrictEqual(declared(olds), declared(news));
}

/** The inputs as check returns them once they passed: with the fingerprint of the checks. */
export function markValidated(news: Props): Props {
  return { ...news, [VALIDATED_BY_INPUT]: checksFingerprint() };
}
