// The words a refresh names an orphan with (engine/orphans.ts), and how the drift report reads them
// back from the engine's events (cli/drift/report.ts): one file, so the two cannot drift apart, and
// one that imports only the diagnostic's types, so the drift report stays light. The pattern reads the
// whole of what happened, so it must fit a warning uncut with the longest ids: refusal-length.test.ts.
import type { Refusal } from "./diagnostic";

/** What a refresh says of an orphan: the object, the one this stack holds beside it, and the ways to settle it. */
export function orphanWarning(kind: string, orphanId: string, heldId: string): Refusal {
  return {
    summary: `orphan: ${kind} ${orphanId} carries the create marker of ${heldId}, which this stack holds, but no resource holds it`,
    fix: `Adopt it, or run pulumi-tcs orphan ${orphanId} --delete (or --release)`,
    docs: "docs/troubleshooting.md#orphans",
  };
}

/** The orphan warning's kind, orphan id and held id, wherever it appears in a line. */
export const ORPHAN_PATTERN = /orphan: (tcs:\w+) (\S+) carries the create marker of (\S+), which this stack holds/;
