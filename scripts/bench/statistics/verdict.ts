// How a timed target is judged from the ratios of alternating rounds. A round's ratio (the provider's
// time over a floor's, measured back to back) moves by a few hundredths from round to
// round on a busy 2-core machine, as much as the margin a target leaves. So a target is judged on the
// median ratio, the spread is printed beside it, and when the middle half of the rounds lies on both
// sides of the target the bench says it cannot judge, rather than pass or fail by chance.

export interface RatioSummary {
  /** The median of the rounds' ratios: what a target is judged on. */
  median: number;
  /** The interquartile range of the ratios (q3 - q1): how far the rounds disagree. */
  spread: number;
  q1: number;
  q3: number;
}

export type Verdict = "met" | "missed" | "too_noisy";

/** Quartiles by linear interpolation between the sorted values (the median is q2). */
function quantile(sorted: number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

export function summarize(ratios: number[]): RatioSummary {
  if (ratios.length === 0 || ratios.some((r) => !Number.isFinite(r)))
    return { median: NaN, spread: NaN, q1: NaN, q3: NaN };
  const sorted = [...ratios].sort((a, b) => a - b);
  const [q1, median, q3] = [0.25, 0.5, 0.75].map((q) => round(quantile(sorted, q)));
  return { median, spread: round(q3 - q1), q1, q3 };
}

/**
 * Judged on the median, unless the spread is too wide to judge: `too_noisy` when the middle half of
 * the rounds (q1 to q3) lies on both sides of the target, so that another run's median could land on
 * either side. Otherwise the whole middle half, median included, is within the target (`met`) or over
 * it (`missed`).
 */
export function judge(summary: RatioSummary, target: number): Verdict {
  if (!Number.isFinite(summary.median)) return "missed";
  if (summary.q3 <= target) return "met";
  if (summary.q1 > target) return "missed";
  return "too_noisy";
}

/** One timed run of an operation on one side: its wall time and the plugin's peak memory. */
export interface Run {
  seconds: number;
  peakMb: number;
}

/**
 * A side's repeats of one operation within a round, as one run: the median time (one run slowed by
 * the machine does not move it) and the highest plugin peak (memory is judged on the worst run).
 */
export function typical(runs: Run[]): Run {
  if (runs.length === 0) return { seconds: NaN, peakMb: NaN };
  return { seconds: median(runs.map((run) => run.seconds)), peakMb: Math.max(...runs.map((run) => run.peakMb)) };
}

export function median(values: number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

export function round(value: number): number {
  return Math.round(value * 100) / 100;
}
