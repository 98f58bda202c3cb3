// The provider at scale on the real engine: for N = 10, 100 and 500 resources (the mix of
// test/lib/mix-program.ts; 2000 with --n 2000) it runs up, a no-change preview, refresh, an up
// changing 10% of the resources, and destroy, against the emulator in a child process, and the same
// operations on floors in the same rounds: the same-shape floor (the same program, resources that
// carry the same properties, a plugin that does nothing: same-shape.ts), the engine's own cost for
// exactly our resources, which the native door's targets divide by; the host floor, the same-shape
// floor carrying the plumbing the engine's dynamic-provider host makes the dynamic door carry, which
// that door's targets divide by (judgedFloor in scale-figures.ts); and the 6-property floor (N no-op
// resources of two inputs: noop-program.ts), kept as a reference and run in each size's first round
// only. The mix runs through each door: the dynamic one
// (pulumi-tcs's classes) and the native one (the same program on the generated Node.js SDK's classes,
// `tcs:index:*` resources served by pulumi-resource-tcs; native-resources.ts), each against an emulator of its own, so neither
// door's refresh lists the other's objects. One JSON line per figure (scale-figures.ts):
//   {"bench":"scale","door":"dynamic","n":100,"op":"up","requests":..,"writes":..,"seconds":..,"same_shape_seconds":..,"same_shape_ratio":..,"same_shape_spread":..,"host_floor_seconds":..,"host_floor_ratio":..,"floor_seconds":..,"ratio":..,"spread":..,"plugin_peak_mb":..}
//   {"bench":"scale","door":"native",...,"native_vs_dynamic":..}   (the native door's time over the dynamic door's)
//   {"bench":"scale","door":"dynamic","n":500,"figure":"plugin_peak_rss_mb","mb":..,"same_shape_mb":..,"floor_mb":..,"ratio":..}
//   {"bench":"scale","figure":"plugin_growth_kb_per_resource","door":"dynamic","from":500,"to":2000,"kb":..}   (when both sizes ran)
//   {"bench":"profile","n":500,"figure":"plugin_start_ms","tcs":..,"floor":..,"ratio":..}   (the dynamic door; and check, diff, state bytes)
// and the targets each figure must meet (checkScaleTargets in scale-figures.ts), the same for both doors,
// each door's times against its own floor.
import { mixCounts } from "../../../test/lib/mix-program";
import { installNodeSdk } from "../../../test/lib/node-sdk";
import * as path from "node:path";
import { startEmulatorProcess, type EmulatorProcess } from "../processes/emulator-process";
import { NATIVE_PLUGINS } from "../programs/native-resources";
import { batchedMinimum, callbacksWithInstances, writesIn } from "./scale-emulator";
import {
  DOORS,
  OPERATIONS,
  floorInRound,
  growthFigures,
  memoryFigure,
  roundsAt,
  scaleFigure,
  sidesInOrder,
  type Door,
  type Figure,
  type Operation,
  type Round,
  type Side,
} from "../statistics/scale-figures";
import { profileFigures } from "./scale-profile";
import {
  BENCH_ROOT,
  openRunner,
  providerSettings,
  sameShapePrograms,
  snapshot,
  type CountedRun,
  type OperationRunner,
  type Snapshot,
  type StackPrograms,
} from "./scale-stacks";
import { typical } from "../statistics/verdict";

const FLOOR_NAMES: Partial<Record<Side, string>> = {
  same_shape: "same-shape",
  host_floor: "host",
  floor: "6-property",
};

/** A floor makes no request: one that did would not be a floor (the same-shape floor above all). */
function assertNoRequests(side: Side, name: string, op: Operation, run: CountedRun): void {
  if (run.counts.total !== 0) {
    throw new Error(
      `${name}: the ${FLOOR_NAMES[side]} floor's ${op} made ${run.counts.total} requests to the emulator (it must make none): ${JSON.stringify(run.counts.by_route)}`,
    );
  }
}

/**
 * Each size runs its rounds (roundsAt: 5 at N = 500 unless --rounds says otherwise, 1 elsewhere); in
 * each round every operation runs on every side (each door's mix, the same-shape floor, the host floor
 * with the dynamic door, and in the first round the 6-property floor) back to back, in the order of
 * sidesInOrder, forward and backward alternating by round, each round on stacks, role slugs and create
 * markers of its own (roles and sessions outlive a destroy). Every timed run starts from a machine at
 * rest (settle.ts), runs its program in a process of its own (operation-child.ts), and the no-change
 * preview, the refresh and the 10% update run three times on each side within a round (repeatsOf). Times are the
 * medians of the rounds and the ratios the medians of the rounds' ratios, with their spread: one run
 * of a few seconds varies by a few tenths of a second, as much as the gap being measured (verdict.ts).
 * Request counts are the first round's (later rounds list scopes that earlier rounds' roles and
 * sessions have grown), and so is the plugin profile, taken on the resources of the first round's
 * `up` of each stack (the dynamic door's). Each door's mix runs against an emulator of its own, so
 * that its requests and the scopes its refresh lists are its own; the floors share the first door's,
 * and every run of theirs must make no request. Each size starts new emulators: a refresh at N = 2000
 * lists the scopes its own rounds grew, not those the N = 500 rounds left as well, so that growth
 * compares like with like.
 */
export async function benchScale(
  sizes: number[],
  /** Rounds at every size; undefined: 5 at N = 500, where times are judged, and 1 elsewhere (roundsAt). */
  roundsGiven: number | undefined = undefined,
  log: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
  doors: readonly Door[] = DOORS,
): Promise<Figure[]> {
  if (doors.length === 0) throw new Error("benchScale: no door to measure");
  const limits = ["--ip-limit", "1000000000", "--prod-limit", "1000000000"];
  const emulators = new Map<Door, EmulatorProcess>();
  const figures: Figure[] = [];
  const emulatorOf = (door: Door) => emulators.get(door)!;
  const stopEmulators = async () => {
    for (const emulator of emulators.values()) await emulator.stop();
    emulators.clear();
  };
  try {
    // The native door's program declares its resources with the generated Node.js SDK, installed once.
    const nativeSdk = doors.includes("native") ? await installNodeSdk(path.join(BENCH_ROOT, "node-sdk")) : undefined;
    for (const n of sizes) {
      await stopEmulators();
      for (const door of doors) emulators.set(door, await startEmulatorProcess(limits));
      const changed = Math.round(n / 10);
      const byDoor = new Map<Door, Map<Operation, Round[]>>(
        doors.map((door) => [door, new Map(OPERATIONS.map((op) => [op, []]))]),
      );
      const peakMb = new Map<Side, number>(
        [...doors, "same_shape" as const, "floor" as const].map((side) => [side, 0]),
      );
      const snapshots: { floor?: Snapshot; tcs?: Snapshot } = {};
      const rounds = roundsAt(n, roundsGiven);
      for (let r = 1; r <= rounds; r++) {
        // Each operation runs on every side back to back, the order reversing by round: the machine's
        // speed drifts over minutes, so the two times of a round's ratio are measured seconds apart
        // rather than a whole stack's lifetime apart, and no side always has the warmer caches.
        const forward = r % 2 === 1;
        const withFloor = floorInRound(r);
        log(
          `[bench] N=${n}, round ${r}/${rounds}: the tcs mix ${JSON.stringify(mixCounts(n))} through the ${doors.join(" and ")} door${doors.length > 1 ? "s" : ""}, the same mix on the same-shape floor${doors.includes("dynamic") ? " and on the host floor" : ""}${withFloor ? `, and ${n} no-op resources (the 6-property floor)` : ""}, operation by operation, in the order ${sidesInOrder(forward, doors, withFloor).join(", ")}`,
        );
        const slugPrefix = `bench${n}r${r}`;
        const stackNameOf = (side: Side) =>
          `${{ dynamic: "tcs", native: "native", same_shape: "shape", host_floor: "host", floor: "floor" }[side]}-${n}-${r}`;
        const programsOf = (door: Door): StackPrograms => ({
          program: { side: door, n, changed: 0, slugPrefix, ...(door === "native" ? { nativeSdk } : {}) },
          changed,
          ...(door === "native" ? { plugins: NATIVE_PLUGINS } : {}),
        });
        const runners = new Map<Side, OperationRunner>();
        const refreshMinimum = new Map<Door, number>();
        try {
          // The floors make no request: they share the first door's emulator.
          if (withFloor)
            runners.set(
              "floor",
              await openRunner(stackNameOf("floor"), emulatorOf(doors[0]), {
                program: { side: "floor", n, changed: 0, slugPrefix },
                changed,
              }),
            );
          runners.set(
            "same_shape",
            await openRunner(
              stackNameOf("same_shape"),
              emulatorOf(doors[0]),
              sameShapePrograms(n, changed, slugPrefix),
            ),
          );
          // The dynamic door's floor: the same-shape floor carrying what the dynamic-provider host makes it carry.
          if (doors.includes("dynamic"))
            runners.set(
              "host_floor",
              await openRunner(
                stackNameOf("host_floor"),
                emulatorOf(doors[0]),
                sameShapePrograms(n, changed, slugPrefix, true),
              ),
            );
          for (const door of doors)
            runners.set(door, await openRunner(stackNameOf(door), emulatorOf(door), programsOf(door)));
          for (const op of OPERATIONS) {
            const runs = new Map<Side, CountedRun[]>([...runners.keys()].map((side) => [side, []]));
            for (let k = 0; k < repeatsOf(op); k++) {
              // Repeats alternate too: N S D F, F D S N, N S D F in a forward round.
              for (const side of sidesInOrder(forward === (k % 2 === 0), doors, withFloor)) {
                const run = await runners.get(side)!.run(op, k);
                // Where the time went, for a reader of the progress: the machine has two cores, and these four share them.
                log(
                  `[bench]   ${op} ${side}: ${run.seconds.toFixed(2)} s, CPU ${run.cpu.program.toFixed(2)} s in the program's process, ${run.cpu.engine.toFixed(2)} s in the CLI and plugins (${run.cpu.plugin.toFixed(2)} s in the plugins), ${run.cpu.service.toFixed(2)} s in the emulator`,
                );
                if (FLOOR_NAMES[side]) assertNoRequests(side, stackNameOf(side), op, run);
                runs.get(side)!.push(run);
              }
            }
            const floor = withFloor ? typical(runs.get("floor")!) : undefined;
            const sameShape = typical(runs.get("same_shape")!);
            const hostFloor = runs.has("host_floor") ? typical(runs.get("host_floor")!) : undefined;
            if (floor) peakMb.set("floor", Math.max(peakMb.get("floor")!, floor.peakMb));
            peakMb.set("same_shape", Math.max(peakMb.get("same_shape")!, sameShape.peakMb));
            for (const door of doors) {
              const doorRuns = runs.get(door)!;
              // The most requests any repeat made: a preview must make none every time.
              const tcs = {
                ...typical(doorRuns),
                counts: doorRuns.reduce((most, run) => (run.counts.total > most.counts.total ? run : most)).counts,
              };
              byDoor
                .get(door)!
                .get(op)!
                .push({
                  requests: tcs.counts.total,
                  writes: writesIn(tcs.counts),
                  seconds: tcs.seconds,
                  sameShapeSeconds: sameShape.seconds,
                  ...(door === "dynamic" && hostFloor ? { hostFloorSeconds: hostFloor.seconds } : {}),
                  floorSeconds: floor?.seconds,
                  peakMb: tcs.peakMb,
                  sameShapePeakMb: sameShape.peakMb,
                  floorPeakMb: floor?.peakMb,
                  ...(op === "refresh" ? { batchedMinimum: refreshMinimum.get(door) ?? 0 } : {}),
                });
              peakMb.set(door, Math.max(peakMb.get(door)!, tcs.peakMb));
              if (op === "up") {
                const stack = runners.get(door)!.stack();
                refreshMinimum.set(door, await batchedMinimum(emulatorOf(door), await callbacksWithInstances(stack)));
                if (r === 1 && door === "dynamic") {
                  snapshots.floor = await snapshot(
                    stackNameOf("same_shape"),
                    runners.get("same_shape")!.stack(),
                    "pulumi-nodejs:dynamic/bench:",
                  );
                  snapshots.tcs = await snapshot(stackNameOf(door), stack, "pulumi-nodejs:dynamic/tcs:");
                }
              }
            }
          }
        } finally {
          for (const runner of runners.values()) runner.close();
        }
      }
      for (const op of OPERATIONS) {
        for (const door of doors) {
          const runs = byDoor.get(door)!.get(op)!;
          if (runs.length > 0) figures.push(scaleFigure(door, n, op, runs, byDoor.get("dynamic")?.get(op)));
        }
      }
      for (const door of doors)
        figures.push(memoryFigure(door, n, peakMb.get(door)!, peakMb.get("same_shape")!, peakMb.get("floor")!));
      if (snapshots.floor && snapshots.tcs) {
        log(
          `[bench] N=${n}: plugin profile (start, check and diff per resource) against the same-shape floor's plugin`,
        );
        figures.push(
          ...(await profileFigures(n, snapshots.tcs, snapshots.floor, providerSettings(emulatorOf("dynamic")))),
        );
      }
    }
  } finally {
    await stopEmulators();
  }
  // Between N = 500 and N = 2000, when the run measured both.
  figures.push(...growthFigures(figures));
  return figures;
}

/**
 * How many times an operation runs on each side within a round. The short operations are where one
 * slow run on either side moves a round most: a no-change preview (2 to 8 s) by 0.2 to 0.4 (rounds of
 * 1.3 and 0.92 in one run at N = 100); at N = 500 a refresh (about 2.5 s) went from 0.90 to 1.24 and a
 * 10% update (about 8 s) from 1.01 to 1.27 within one run, the rounds of one run wider than a
 * target's margin. These run three times on each side within a round, alternating, and the round's
 * time for each side is the median of the three: a refresh changes nothing, and the update's second
 * run puts back what its first changed (the same 50 in-place updates). `up` and destroy, which make
 * and remove the stack (20 s or more), run once.
 */
const REPEATS = 3;

function repeatsOf(op: Operation): number {
  return op === "preview" || op === "refresh" || op === "update_10pct" ? REPEATS : 1;
}
