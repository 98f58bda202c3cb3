// Why a refresh preview failed, in one line. The engine reports a provider's error more than once (as
// the resource's diagnostic, and again in its own "preview failed"), and its printed output mixes them
// with status columns: a drift job printed 800 to 1,600 characters saying one thing three times. The
// line is built from the engine's error events instead, each distinct reason once, the first in full
// as far as the line allows; the printed output serves only when there are no events (the CLI did not
// start, or failed before the engine ran).

/** The engine's own summaries, which add nothing to the reasons they follow, and the prefix it gives a step's error. */
const ENGINE_SUMMARY = /^(preview|update|refresh|destroy) failed$/i;
const ENGINE_PREFIX = /^(preview|update|refresh|destroy) failed: /i;

/** The distinct reasons among the engine's error messages, in order. */
export function reasonsIn(errors: readonly string[]): string[] {
  const reasons: string[] = [];
  for (const error of errors) {
    const reason = error.replace(/\s+/g, " ").trim().replace(ENGINE_PREFIX, "");
    if (reason && !ENGINE_SUMMARY.test(reason) && !reasons.includes(reason)) reasons.push(reason);
  }
  return reasons;
}

/** The failure as one line of at most `budget` characters: the first reason, and how many more there were. */
export function failureLine(failure: { errors?: readonly string[]; output: string }, budget: number): string {
  const reasons = reasonsIn(failure.errors ?? []);
  const printed =
    failure.output.split("\n").find((line) => /error/i.test(line)) ??
    failure.output.split("\n").find((line) => line.trim() !== "");
  const first = reasons[0] ?? printed?.replace(/\s+/g, " ").trim() ?? "no reason given";
  const more = reasons.length > 1 ? ` (and ${reasons.length - 1} more)` : "";
  const room = budget - more.length;
  return `${first.length > room ? `${first.slice(0, room - 1)}…` : first}${more}`;
}
