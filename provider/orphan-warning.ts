// The words a refresh names an orphan with (engine/orphans.ts), and how the drift report reads them
// back from the engine's events (cli/drift/report.ts): one file, so the two cannot drift apart, and
// one that imports nothing, so the drift report stays light.

/** What a refresh says of an orphan: the object, the one this stack holds beside it, and the ways to settle it. */
export function orphanWarning(kind: string, orphanId: string, heldId: string): string {
  return (
    `orphan: ${kind} ${orphanId} carries the create marker of ${heldId}, which this stack holds, but no resource holds it ` +
    `(a late create). Adopt it, or run pulumi-tcs orphan ${orphanId} --delete (or --release). See docs/troubleshooting.md#orphans`
  );
}

/** The orphan warning's kind, orphan id and held id, wherever it appears in a line. */
export const ORPHAN_PATTERN = /orphan: (tcs:\w+) (\S+) carries the create marker of (\S+), which this stack holds/;
