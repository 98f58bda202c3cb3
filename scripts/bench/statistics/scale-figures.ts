// The scale bench's figures and targets (scale.ts measures them): who runs in which order within a
// round, how a size's rounds become its figures, the plugin's memory growth between sizes, and the
// verdict on the targets. Pure functions, with no engine behind them, so that unit tests reach them.
import { judge, median, round, summarize, type Verdict } from "./verdict";

export const OPERATIONS = ["up", "preview", "refresh", "update_10pct", "destroy"] as const;
export type Operation = (typeof OPERATIONS)[number];

/** How the program reaches the provider: pulumi-tcs's dynamic resources, or the native plugin. */
export const DOORS = ["dynamic", "native"] as const;
export type Door = (typeof DOORS)[number];

/**
 * Who runs an operation in a round: the mix through one door, the same-shape floor (the mix's resources
 * with their properties, on a plugin that does nothing: same-shape.ts), the host floor (the same-shape
 * floor carrying the plumbing the engine's dynamic-provider host makes the dynamic door carry: its
 * create key and environment record; run when that door is measured), or the 6-property floor (N
 * no-op resources of two inputs: noop-program.ts).
 */
export type Side = Door | "same_shape" | "host_floor" | "floor";

/**
 * The order of one repeat of an operation within a round: N S D H F forward, F H D S N backward (N the
 * native door, S the same-shape floor, D the dynamic door, H the host floor, F the 6-property floor; a
 * door not measured is left out, H with the dynamic door, and F outside a size's first round: see
 * floorInRound). Each door runs right next to the floor its targets divide by (the native door S, the
 * dynamic door H: judgedFloor); forward and backward alternate, so that no side always goes first.
 */
export function sidesInOrder(forward: boolean, doors: readonly Door[], withFloor = true): Side[] {
  const order: Side[] = [
    ...(doors.includes("native") ? (["native"] as const) : []),
    "same_shape",
    ...(doors.includes("dynamic") ? (["dynamic", "host_floor"] as const) : []),
    ...(withFloor ? (["floor"] as const) : []),
  ];
  return forward ? order : order.reverse();
}

export interface ScaleFigure {
  bench: "scale";
  door: Door;
  n: number;
  op: Operation;
  requests: number;
  writes: number;
  seconds: number;
  /** The same-shape floor's time (median of the rounds), and the median of the rounds' ratios to it: what the targets judge. */
  same_shape_seconds: number;
  same_shape_ratio: number;
  /** The interquartile range of the rounds' ratios to the same-shape floor: how far they disagree (see verdict.ts). */
  same_shape_spread: number;
  same_shape_ratios: number[];
  /**
   * The dynamic door's: the host floor's time and the rounds' ratios to it, with their median and spread.
   * What the dynamic door's targets judge (judgedFloor): the issue holds that door to the floor plus the
   * part of its cost the dynamic-provider host leaves no way around.
   */
  host_floor_seconds?: number;
  host_floor_ratio?: number;
  host_floor_spread?: number;
  host_floor_ratios?: number[];
  /** The 6-property floor's time, and the median of the ratios to it, with their spread: a reference, no target, measured in the first round only (floorInRound). */
  floor_seconds: number;
  ratio: number;
  spread: number;
  ratios: number[];
  /** For refresh: the batched minimum (one page per 100 records of each scope read). */
  batched_minimum?: number;
  /** The plugin's peak RSS during this operation (highest of the rounds), the same-shape floor's plugin's, and the no-op plugin's. */
  plugin_peak_mb: number;
  same_shape_plugin_peak_mb: number;
  floor_plugin_peak_mb: number;
  /** On the native door's figures: its time over the dynamic door's, the median of the rounds' (both measured in each round). */
  native_vs_dynamic?: number;
}

/** The plugin's peak over a size's operations, beside the same-shape floor's plugin's and the no-op plugin's (no target). */
export interface MemoryFigure {
  bench: "scale";
  door: Door;
  n: number;
  figure: "plugin_peak_rss_mb";
  mb: number;
  same_shape_mb: number;
  floor_mb: number;
  /** `mb` over the 6-property floor's plugin's. */
  ratio: number;
}

/** How much the plugin's peak grows per resource from N = 500 to N = 2000 (when the run measured both). */
export interface GrowthFigure {
  bench: "scale";
  figure: "plugin_growth_kb_per_resource";
  door: Door;
  from: number;
  to: number;
  kb: number;
}

/** The dynamic door's plugin against the same-shape floor's on the resources of the first round's `up` (plugin-profile.ts). */
export interface ProfileFigure {
  bench: "profile";
  n: number;
  figure: "plugin_start_ms" | "check_us_per_resource" | "diff_us_per_resource" | "state_bytes_per_resource";
  tcs: number;
  floor: number;
  ratio: number;
}

export type Figure = ScaleFigure | MemoryFigure | GrowthFigure | ProfileFigure;

/** One round of one operation through one door, with both floors' runs of that round. */
export interface Round {
  requests: number;
  writes: number;
  seconds: number;
  sameShapeSeconds: number;
  /** The host floor's, in the dynamic door's rounds. */
  hostFloorSeconds?: number;
  /** The 6-property floor's, in the rounds that ran it (floorInRound). */
  floorSeconds?: number;
  batchedMinimum?: number;
  peakMb: number;
  sameShapePeakMb: number;
  floorPeakMb?: number;
}

/**
 * Whether a round runs the 6-property floor: a size's first round only. It is a reference with no
 * target, and one side fewer makes each later round at N = 500 about a quarter shorter.
 */
export function floorInRound(round: number): boolean {
  return round === 1;
}

/**
 * A door's figure for one operation from its rounds: times are the medians of the rounds, ratios the
 * medians of the rounds' ratios (each round's ratio divides two times taken seconds apart), with their
 * spread; requests are the first round's. `dynamic`: the dynamic door's rounds of the same operation,
 * for the native door's `native_vs_dynamic`.
 */
export function scaleFigure(door: Door, n: number, op: Operation, rounds: Round[], dynamic?: Round[]): ScaleFigure {
  const sameShapeRatios = rounds.map((x) => round(x.seconds / x.sameShapeSeconds));
  const withFloor = rounds.filter((x): x is Round & { floorSeconds: number } => x.floorSeconds !== undefined);
  const ratios = withFloor.map((x) => round(x.seconds / x.floorSeconds));
  const sameShape = summarize(sameShapeRatios);
  const floor = summarize(ratios);
  const figure: ScaleFigure = {
    bench: "scale",
    door,
    n,
    op,
    requests: rounds[0]?.requests ?? NaN,
    writes: rounds[0]?.writes ?? NaN,
    seconds: round(median(rounds.map((x) => x.seconds))),
    same_shape_seconds: round(median(rounds.map((x) => x.sameShapeSeconds))),
    same_shape_ratio: sameShape.median,
    same_shape_spread: sameShape.spread,
    same_shape_ratios: sameShapeRatios,
    floor_seconds: round(median(withFloor.map((x) => x.floorSeconds))),
    ratio: floor.median,
    spread: floor.spread,
    ratios,
    plugin_peak_mb: Math.max(...rounds.map((x) => x.peakMb)),
    same_shape_plugin_peak_mb: Math.max(...rounds.map((x) => x.sameShapePeakMb)),
    floor_plugin_peak_mb: Math.max(...rounds.map((x) => x.floorPeakMb ?? NaN).filter(Number.isFinite)),
  };
  const withHostFloor = rounds.filter(
    (x): x is Round & { hostFloorSeconds: number } => x.hostFloorSeconds !== undefined,
  );
  if (withHostFloor.length > 0) {
    const hostRatios = withHostFloor.map((x) => round(x.seconds / x.hostFloorSeconds));
    const host = summarize(hostRatios);
    figure.host_floor_seconds = round(median(withHostFloor.map((x) => x.hostFloorSeconds)));
    figure.host_floor_ratio = host.median;
    figure.host_floor_spread = host.spread;
    figure.host_floor_ratios = hostRatios;
  }
  if (rounds[0]?.batchedMinimum !== undefined) figure.batched_minimum = rounds[0].batchedMinimum;
  if (door === "native" && dynamic && dynamic.length === rounds.length && rounds.length > 0) {
    figure.native_vs_dynamic = round(median(rounds.map((x, i) => x.seconds / dynamic[i].seconds)));
  }
  return figure;
}

export function memoryFigure(door: Door, n: number, mb: number, sameShapeMb: number, floorMb: number): MemoryFigure {
  return {
    bench: "scale",
    door,
    n,
    figure: "plugin_peak_rss_mb",
    mb,
    same_shape_mb: sameShapeMb,
    floor_mb: floorMb,
    ratio: round(mb / floorMb),
  };
}

/** The sizes the plugin's memory growth is measured between. */
export const GROWTH_SIZES = { from: 500, to: 2000 } as const;

function isMemoryFigure(f: Figure): f is MemoryFigure {
  return f.bench === "scale" && "figure" in f && f.figure === "plugin_peak_rss_mb";
}

/**
 * Per door, how many KB the plugin's peak (over a size's operations) grows per resource from N = 500
 * to N = 2000: a figure only when the run measured both sizes through that door.
 */
export function growthFigures(figures: Figure[]): GrowthFigure[] {
  const growth: GrowthFigure[] = [];
  const { from, to } = GROWTH_SIZES;
  for (const door of DOORS) {
    const at = (n: number) => figures.find((f): f is MemoryFigure => isMemoryFigure(f) && f.door === door && f.n === n);
    const [low, high] = [at(from), at(to)];
    if (!low || !high || !(low.mb > 0) || !(high.mb > 0)) continue;
    growth.push({
      bench: "scale",
      figure: "plugin_growth_kb_per_resource",
      door,
      from,
      to,
      kb: Math.round(((high.mb - low.mb) * 1024 * 10) / (to - from)) / 10,
    });
  }
  return growth;
}

/** The size the timed targets are judged at (the issue's: medians of alternating rounds at N = 500). */
export const TIMED_TARGET_N = 500;

export const DEFAULT_ROUNDS = 5;

/**
 * How many rounds a size runs. Given `--rounds`, every size runs that many. By default N = 500 runs 5
 * rounds, the medians its timed targets judge, and every other size one: no time is judged there,
 * and their request counts are the first round's anyway. A round at N = 500 takes about 6 to 8
 * minutes (three or four sides, each operation, three previews a side), so five rounds at every size
 * made a run about an hour long.
 */
export function roundsAt(n: number, rounds: number | undefined): number {
  if (rounds !== undefined) return rounds;
  return n === TIMED_TARGET_N ? DEFAULT_ROUNDS : 1;
}

/** The most the plugin's peak may grow per resource from N = 500 to N = 2000, in KB (judged when both ran). */
export const GROWTH_TARGET_KB = 10;

/**
 * The most an operation's ratio to the same-shape floor may rise from N = 500 to N = 2000 (judged when
 * both ran): the door's cost grows no faster than the engine's own.
 */
export const RATIO_GROWTH_TARGET = 0.03;

/**
 * The floor a door's timed targets divide by: the same-shape floor for the native door; for the dynamic
 * door the host floor, the same-shape floor carrying the plumbing the dynamic-provider host leaves that
 * door no way around (its `__provider` module the same-shape floor carries already). Issue 61 holds the
 * dynamic door to "the floor plus that part".
 */
export function judgedFloor(door: Door): { name: string; ratios(f: ScaleFigure): number[] | undefined } {
  return door === "dynamic"
    ? { name: "the host floor", ratios: (f) => f.host_floor_ratios }
    : { name: "the same-shape floor", ratios: (f) => f.same_shape_ratios };
}

/** The timed targets: the median of the rounds' ratios to the door's judged floor (judgedFloor), at N = 500. */
export const TIMED_TARGETS: ReadonlyArray<{ op: Operation; target: number }> = [
  { op: "preview", target: 1.03 },
  { op: "up", target: 1.05 },
  { op: "update_10pct", target: 1.05 },
  { op: "refresh", target: 1.05 },
];

/** What a verdict on a ratio says when it is not `met`. */
function ratioFailure(
  what: string,
  floor: string,
  ratios: number[],
  target: number,
  verdict: Verdict,
): string | undefined {
  const { median, spread } = summarize(ratios);
  if (verdict === "met") return undefined;
  if (verdict === "too_noisy") {
    return `${what}: the spread is too wide to judge: median ${median}x, spread ${spread} (rounds ${ratios.join(", ")}) straddle the target ${target}x; run the bench again on a quieter machine or with more --rounds`;
  }
  return `${what}: ${median}x ${floor}, spread ${spread} (rounds ${ratios.join(", ")}); target <= ${target}x`;
}

/**
 * The targets of the scale figures, the same for every door measured; each failure says which size,
 * door and figure missed which target. Requests at every size (2000 included): a no-change preview
 * makes none, `up` one write per resource, refresh at most the batched minimum (and at most 20 at
 * N = 500). Times at N = 500, against the door's floor (TIMED_TARGETS, judgedFloor), judged on the
 * median of the rounds unless their spread is too wide to judge (verdict.ts). The 6-property floor's ratio and
 * the memory figures have no target, but growth from N = 500 to 2000 does, when the run measured both:
 * the peak under GROWTH_TARGET_KB a resource, each operation's ratio up by at most RATIO_GROWTH_TARGET. A figure missing or not a number fails.
 */
export function checkScaleTargets(figures: Figure[], sizes: number[], doors: readonly Door[] = DOORS): string[] {
  return doors.flatMap((door) => [...checkDoor(figures, sizes, door), ...checkGrowth(figures, sizes, door)]);
}

function checkGrowth(figures: Figure[], sizes: number[], door: Door): string[] {
  const { from, to } = GROWTH_SIZES;
  if (!sizes.includes(from) || !sizes.includes(to)) return [];
  const growth = figures.find(
    (f): f is GrowthFigure =>
      f.bench === "scale" && "figure" in f && f.figure === "plugin_growth_kb_per_resource" && f.door === door,
  );
  if (!growth || !Number.isFinite(growth.kb))
    return [`${door} door: the plugin's memory growth from N=${from} to N=${to} was not measured`];
  const failures: string[] = [];
  if (growth.kb >= GROWTH_TARGET_KB) {
    failures.push(
      `${door} door: the plugin's peak grew ${growth.kb} KB a resource from N=${from} to N=${to} (target < ${GROWTH_TARGET_KB} KB)`,
    );
  }
  const floor = judgedFloor(door);
  const ratioAt = (n: number, op: Operation) => {
    const f = figures.find(
      (x): x is ScaleFigure => x.bench === "scale" && "op" in x && x.door === door && x.n === n && x.op === op,
    );
    const ratios = f && floor.ratios(f);
    return ratios && ratios.length > 0 ? summarize(ratios).median : undefined;
  };
  for (const op of OPERATIONS) {
    const [low, high] = [ratioAt(from, op), ratioAt(to, op)];
    if (low === undefined || high === undefined || !Number.isFinite(low) || !Number.isFinite(high)) continue;
    if (round(high - low) > RATIO_GROWTH_TARGET) {
      failures.push(
        `${door} door: ${op} rose from ${low}x ${floor.name} at N=${from} to ${high}x at N=${to} (target: at most ${RATIO_GROWTH_TARGET} more)`,
      );
    }
  }
  return failures;
}

function checkDoor(figures: Figure[], sizes: number[], door: Door): string[] {
  const failures: string[] = [];
  const ops = figures.filter((f): f is ScaleFigure => f.bench === "scale" && "op" in f && f.door === door);
  const at = (n: number) => `N=${n}, ${door} door`;
  for (const n of sizes) {
    for (const op of OPERATIONS) {
      const f = ops.find((x) => x.n === n && x.op === op);
      if (!f) failures.push(`${at(n)}: no figure for ${op}`);
      else if (
        ![f.requests, f.writes, f.seconds, f.same_shape_seconds, f.same_shape_ratio, f.floor_seconds, f.ratio].every(
          Number.isFinite,
        )
      )
        failures.push(`${at(n)}: ${op} has a figure that is not a number: ${JSON.stringify(f)}`);
    }
    const memory = figures.find((f): f is MemoryFigure => isMemoryFigure(f) && f.door === door && f.n === n);
    if (!memory || !(memory.mb > 0) || !(memory.same_shape_mb > 0) || !(memory.floor_mb > 0))
      failures.push(`${at(n)}: no peak memory of the provider plugin (or of a floor's plugin) was measured`);
  }
  for (const f of ops) {
    if (f.op === "preview" && f.requests !== 0)
      failures.push(`${at(f.n)}: a preview with no changes made ${f.requests} requests (target 0)`);
    if (f.op === "up" && f.writes !== f.n)
      failures.push(`${at(f.n)}: up made ${f.writes} writes for ${f.n} resources (target 1 per resource)`);
    if (f.op === "refresh" && f.batched_minimum === undefined)
      failures.push(`${at(f.n)}: the batched minimum of refresh was not measured`);
    if (f.op === "refresh" && f.batched_minimum !== undefined && f.requests > f.batched_minimum) {
      failures.push(
        `${at(f.n)}: refresh made ${f.requests} requests (target: at most the batched minimum ${f.batched_minimum})`,
      );
    }
    if (f.op === "refresh" && f.n === 500 && f.requests > 20)
      failures.push(`${at(f.n)}: refresh made ${f.requests} requests (target <= 20)`);
  }
  const floor = judgedFloor(door);
  for (const { op, target } of TIMED_TARGETS) {
    for (const f of ops.filter((x) => x.op === op && x.n === TIMED_TARGET_N)) {
      const ratios = floor.ratios(f);
      if (!ratios || ratios.length === 0 || !ratios.every(Number.isFinite)) {
        failures.push(`${at(f.n)}: ${op} was not measured against ${floor.name}`);
        continue;
      }
      const failure = ratioFailure(`${at(f.n)}: ${op}`, floor.name, ratios, target, judge(summarize(ratios), target));
      if (failure) failures.push(failure);
    }
  }
  return failures;
}
