// Where the dynamic door spends beyond the same-shape floor: the same floor whose resources also carry
// the properties the dynamic door adds to every resource (the create key the classes send, the checks'
// fingerprint check records, the environment record in the outputs), with values of the same length,
// run beside both. The engine pays for every property of every resource in every operation: its
// Check, Diff and Update messages, the outputs it sends back to the program, the checkpoint it writes
// after each step. The dynamic door carries them because a dynamic provider has no other channel: its
// create is not told the resource's URN, and it has no provider of its own to record the environment
// once. When the floor carrying them costs what the dynamic door costs, the door's extra time is those
// properties, not the provider's code. A no-change preview, a refresh and a 10% update, each run
// `runs` times a side, alternating. No target: it says where the targets' margins go.
import { startEmulatorProcess } from "../processes/emulator-process";
import { summarize, median, round } from "../statistics/verdict";
import type { Operation } from "../statistics/scale-figures";
import { openRunner, sameShapePrograms, type OperationRunner } from "./scale-stacks";

const OPS = ["preview", "refresh", "update_10pct"] as const satisfies readonly Operation[];

export interface PlumbingFigure {
  bench: "plumbing";
  op: (typeof OPS)[number];
  n: number;
  runs: number;
  /** Median times, seconds. */
  dynamic_seconds: number;
  same_shape_seconds: number;
  same_shape_plumbing_seconds: number;
  /** Medians of the runs' ratios (each divides times taken seconds apart), with their spread. */
  dynamic_vs_same_shape: number;
  plumbing_vs_same_shape: number;
  dynamic_vs_plumbing: number;
  dynamic_vs_plumbing_spread: number;
}

const SIDES = ["dynamic", "same_shape", "same_shape_plumbing"] as const;
type PlumbingSide = (typeof SIDES)[number];

export async function benchPlumbing(
  n = 500,
  runs = 10,
  log: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Promise<PlumbingFigure[]> {
  const emulator = await startEmulatorProcess(["--ip-limit", "1000000000", "--prod-limit", "1000000000"]);
  const runners = new Map<PlumbingSide, OperationRunner>();
  try {
    const slugPrefix = `plumbing${n}`;
    const changed = Math.round(n / 10);
    runners.set(
      "dynamic",
      await openRunner(`tcs-plumbing-${n}`, emulator, {
        program: { side: "dynamic", n, changed: 0, slugPrefix },
        changed,
      }),
    );
    runners.set(
      "same_shape",
      await openRunner(`shape-plumbing-${n}`, emulator, sameShapePrograms(n, changed, slugPrefix)),
    );
    runners.set(
      "same_shape_plumbing",
      await openRunner(`shapeplus-plumbing-${n}`, emulator, sameShapePrograms(n, changed, slugPrefix, true)),
    );
    for (const side of SIDES) await runners.get(side)!.run("up", 0);
    const figures: PlumbingFigure[] = [];
    for (const op of OPS) {
      const seconds = new Map<PlumbingSide, number[]>(SIDES.map((side) => [side, []]));
      for (let k = 0; k < runs; k++) {
        // Alternating order, as the scale part's rounds: no side always runs on the warmer machine. The
        // update's odd runs put the names back (scale-stacks.ts), on every side alike.
        for (const side of k % 2 === 0 ? SIDES : [...SIDES].reverse()) {
          const run = await runners.get(side)!.run(op, k);
          seconds.get(side)!.push(run.seconds);
          log(`[bench]   plumbing ${k + 1}/${runs}, ${op} ${side}: ${run.seconds.toFixed(2)} s`);
        }
      }
      figures.push(plumbingFigure(op, n, runs, seconds));
    }
    for (const side of SIDES) await runners.get(side)!.run("destroy", 0);
    return figures;
  } finally {
    for (const runner of runners.values()) runner.close();
    await emulator.stop();
  }
}

function plumbingFigure(
  op: PlumbingFigure["op"],
  n: number,
  runs: number,
  seconds: Map<PlumbingSide, number[]>,
): PlumbingFigure {
  const of = (side: PlumbingSide) => seconds.get(side)!;
  const ratios = (a: PlumbingSide, b: PlumbingSide) => summarize(of(a).map((time, k) => time / of(b)[k]));
  const dynamicVsPlumbing = ratios("dynamic", "same_shape_plumbing");
  return {
    bench: "plumbing",
    op,
    n,
    runs,
    dynamic_seconds: round(median(of("dynamic"))),
    same_shape_seconds: round(median(of("same_shape"))),
    same_shape_plumbing_seconds: round(median(of("same_shape_plumbing"))),
    dynamic_vs_same_shape: ratios("dynamic", "same_shape").median,
    plumbing_vs_same_shape: ratios("same_shape_plumbing", "same_shape").median,
    dynamic_vs_plumbing: dynamicVsPlumbing.median,
    dynamic_vs_plumbing_spread: dynamicVsPlumbing.spread,
  };
}
