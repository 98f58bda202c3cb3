// Inputs a resource does not have, refused at check through either door (issue 59). The native door's
// languages refuse them before the provider sees them (YAML: "Property nmae does not exist"), but a
// JavaScript program on the dynamic door has no compiler to catch `nmae: "typo"`: the shape's schema
// passed over it, the preview and the up went ahead without the name, and `nmae` sat in state.
// Compared by name against the shape's input names alone, so it costs nothing beside zod; it runs where
// validation runs, and inputs validated before (validated-by.ts) held no unknown name.
import { renderCheckReason } from "../diagnostic";
import { KIND_SECTIONS } from "../docs-sections";
import type { CheckFailure, ResourceKind } from "../shapes/shape";
import { stripEngineKeys, type Props } from "./engine-inputs";

/** What of a shape the check reads: its token and its names. */
interface Names {
  token: string;
  kind: ResourceKind;
  inputNames: readonly string[];
  outputNames?: readonly string[];
}

/**
 * A failure for each input the shape has not, naming the nearest input. Reported for the resource,
 * not under the property: the engine prints a failure's property with its value, and a mistyped name
 * of a secret input (`vaule` for a config's `value`) would print the secret.
 */
export function unknownInputFailures(shape: Names, news: Props): CheckFailure[] {
  const known = new Set(shape.inputNames);
  const docs = KIND_SECTIONS[shape.kind];
  const failure = (summary: string): CheckFailure => ({
    property: "",
    reason: renderCheckReason({ summary, docs }, true),
  });
  // The fix is in what happened, in the words troubleshooting.md's heading quotes: "did you mean name?"
  return Object.keys(stripEngineKeys(news))
    .filter((name) => !known.has(name))
    .map((name) => {
      if (shape.outputNames?.includes(name))
        return failure(`${name} is an output of ${shape.token}, which the service sets: leave it out of the inputs`);
      const nearest = nearestName(name, shape.inputNames);
      return failure(
        `${name} is not a property of ${shape.token}; ${nearest ? `did you mean ${nearest}?` : `its inputs are ${shape.inputNames.join(", ")}`}`,
      );
    });
}

/** The known name closest to `name` (a typo's few edits, case aside), if any is close enough to be what was meant. */
function nearestName(name: string, names: readonly string[]): string | undefined {
  const most = Math.max(2, Math.ceil(name.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const candidate of names) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance <= most && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b`: a swap counts once, as typos make it. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
