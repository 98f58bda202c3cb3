// The scale bench's figures and verdict (scripts/bench/statistics/scale-figures.ts): the order of the sides in a
// round, how rounds become a figure (medians, ratios to each floor), the plugin's memory growth between
// N = 500 and 2000, and the targets: requests at every size, times at 500 against each door's floor
// (the native door's the same-shape floor, the dynamic door's the host floor).
import {
  OPERATIONS,
  checkScaleTargets,
  growthFigures,
  memoryFigure,
  floorInRound,
  roundsAt,
  scaleFigure,
  sidesInOrder,
  type Door,
  type Figure,
  type Operation,
  type Round,
} from "../../../scripts/bench/statistics/scale-figures";

function roundOf(seconds: number, sameShapeSeconds: number, floorSeconds: number, extra: Partial<Round> = {}): Round {
  return {
    requests: 0,
    writes: 0,
    seconds,
    sameShapeSeconds,
    floorSeconds,
    peakMb: 200,
    sameShapePeakMb: 150,
    floorPeakMb: 140,
    ...extra,
  };
}

/**
 * A size's figures for one door that meet every target: ratios of `judged` to the door's floor (the
 * dynamic door's host floor, 8% above its same-shape floor; the native door's same-shape floor), of 1.5
 * to the 6-property floor.
 */
function doorFigures(door: Door, n: number, judged: Partial<Record<Operation, number[]>> = {}): Figure[] {
  const figures: Figure[] = OPERATIONS.map((op) => {
    const ratios = judged[op] ?? [1.0, 1.01, 1.0];
    const requests = op === "preview" ? 0 : op === "refresh" ? 5 : n;
    const rounds = ratios.map((ratio) =>
      roundOf(10 * ratio, door === "dynamic" ? 10 / 1.08 : 10, (10 * ratio) / 1.5, {
        requests,
        writes: op === "up" ? n : 0,
        ...(door === "dynamic" ? { hostFloorSeconds: 10 } : {}),
        ...(op === "refresh" ? { batchedMinimum: 5 } : {}),
      }),
    );
    return scaleFigure(door, n, op, rounds);
  });
  figures.push(memoryFigure(door, n, 230, 160, 150));
  return figures;
}

describe("the order of the sides in a round", () => {
  it("puts each door next to the floor it is judged against, and reverses from round to round", () => {
    expect(sidesInOrder(true, ["dynamic", "native"])).toEqual([
      "native",
      "same_shape",
      "dynamic",
      "host_floor",
      "floor",
    ]);
    expect(sidesInOrder(false, ["dynamic", "native"])).toEqual([
      "floor",
      "host_floor",
      "dynamic",
      "same_shape",
      "native",
    ]);
    expect(sidesInOrder(true, ["dynamic"])).toEqual(["same_shape", "dynamic", "host_floor", "floor"]);
    // No dynamic door, no host floor.
    expect(sidesInOrder(false, ["native"])).toEqual(["floor", "same_shape", "native"]);
  });

  it("runs the 6-property floor, which has no target, in a size's first round only", () => {
    expect([1, 2, 3, 4, 5].map(floorInRound)).toEqual([true, false, false, false, false]);
    expect(sidesInOrder(true, ["dynamic", "native"], false)).toEqual(["native", "same_shape", "dynamic", "host_floor"]);
    expect(sidesInOrder(false, ["dynamic", "native"], false)).toEqual([
      "host_floor",
      "dynamic",
      "same_shape",
      "native",
    ]);
  });
});

describe("a scale figure from its rounds", () => {
  it("takes the 6-property floor's figures from the rounds that ran it, and judges on every round", () => {
    const rounds = [
      roundOf(11, 10, 8),
      { ...roundOf(12, 10, 0), floorSeconds: undefined, floorPeakMb: undefined },
      roundOf(10.4, 10, 8, { floorPeakMb: 170 }),
    ];
    const figure = scaleFigure("dynamic", 500, "up", rounds);
    expect(figure).toMatchObject({
      same_shape_ratios: [1.1, 1.2, 1.04],
      same_shape_ratio: 1.1,
      floor_seconds: 8,
      ratios: [1.38, 1.3],
      floor_plugin_peak_mb: 170,
    });
  });

  it("gives the medians of the times and of the rounds' ratios to each floor", () => {
    const rounds = [roundOf(11, 10, 8, { requests: 3, writes: 2 }), roundOf(12, 10, 10), roundOf(10.2, 10, 6)];
    const figure = scaleFigure("dynamic", 100, "up", rounds);
    expect(figure).toMatchObject({
      requests: 3,
      writes: 2,
      seconds: 11,
      same_shape_seconds: 10,
      same_shape_ratios: [1.1, 1.2, 1.02],
      same_shape_ratio: 1.1,
      floor_seconds: 8,
      ratios: [1.38, 1.2, 1.7],
      ratio: 1.38,
      plugin_peak_mb: 200,
      same_shape_plugin_peak_mb: 150,
      floor_plugin_peak_mb: 140,
    });
    expect(figure.batched_minimum).toBeUndefined();
    expect(figure.native_vs_dynamic).toBeUndefined();
    expect(figure.host_floor_ratios).toBeUndefined();
  });

  it("gives the dynamic door its ratios to the host floor, from the rounds that ran it", () => {
    const rounds = [
      roundOf(11, 10, 8, { hostFloorSeconds: 10.5 }),
      roundOf(12, 10, 8, { hostFloorSeconds: 11 }),
      roundOf(10.4, 10, 8, { hostFloorSeconds: 10.4 }),
    ];
    expect(scaleFigure("dynamic", 500, "refresh", rounds)).toMatchObject({
      same_shape_ratios: [1.1, 1.2, 1.04],
      host_floor_seconds: 10.5,
      host_floor_ratios: [1.05, 1.09, 1],
      host_floor_ratio: 1.05,
    });
  });

  it("gives the native door its time over the dynamic door's in the same rounds", () => {
    const dynamic = [roundOf(10, 10, 8), roundOf(20, 10, 8)];
    const native = [roundOf(8, 10, 8), roundOf(18, 10, 8)];
    expect(scaleFigure("native", 10, "preview", native, dynamic).native_vs_dynamic).toBe(0.85);
  });
});

describe("the plugin's memory growth", () => {
  it("is printed per door when the run measured both N = 500 and N = 2000", () => {
    const figures = [
      memoryFigure("dynamic", 500, 233, 160, 150),
      memoryFigure("dynamic", 2000, 335.5, 170, 152),
      memoryFigure("native", 500, 200, 160, 150),
    ];
    expect(growthFigures(figures)).toEqual([
      { bench: "scale", figure: "plugin_growth_kb_per_resource", door: "dynamic", from: 500, to: 2000, kb: 70 },
    ]);
  });

  it("is not printed without both sizes", () => {
    expect(growthFigures([memoryFigure("dynamic", 2000, 300, 160, 150)])).toEqual([]);
    expect(growthFigures([])).toEqual([]);
  });

  it("is judged under 10 KB a resource for every door measured at both sizes", () => {
    const sizes = [500, 2000];
    const figures = (door: Door, at500: number, at2000: number) => {
      const all = [...doorFigures(door, 500), ...doorFigures(door, 2000)].filter((f) => !("figure" in f));
      return [...all, memoryFigure(door, 500, at500, 160, 150), memoryFigure(door, 2000, at2000, 170, 152)];
    };
    // 15 MB over 1,500 resources is 10.2 KB each; 12 MB is 8.2 KB.
    const measured = [...figures("dynamic", 180, 195), ...figures("native", 180, 192)];
    expect(checkScaleTargets([...measured, ...growthFigures(measured)], sizes)).toEqual([
      "dynamic door: the plugin's peak grew 10.2 KB a resource from N=500 to N=2000 (target < 10 KB)",
    ]);
    expect(checkScaleTargets(measured, sizes, ["native"])).toEqual([
      "native door: the plugin's memory growth from N=500 to N=2000 was not measured",
    ]);
  });
});

describe("each operation's ratio as stacks grow", () => {
  const sizes = [500, 2000];
  const grown = (
    door: Door,
    at500: Partial<Record<Operation, number[]>>,
    at2000: Partial<Record<Operation, number[]>>,
  ) => {
    const figures = [...doorFigures(door, 500, at500), ...doorFigures(door, 2000, at2000)];
    return [...figures, ...growthFigures(figures)];
  };

  it("may rise by at most 0.03 of the door's floor from N = 500 to N = 2000", () => {
    const figures = grown("dynamic", { refresh: [1.05, 1.05, 1.05] }, { refresh: [1.09], up: [1.03], preview: [0.95] });
    expect(checkScaleTargets(figures, sizes, ["dynamic"])).toEqual([
      "dynamic door: refresh rose from 1.05x the host floor at N=500 to 1.09x at N=2000 (target: at most 0.03 more)",
    ]);
    const native = grown("native", { up: [1.0] }, { up: [1.04] });
    expect(checkScaleTargets(native, sizes, ["native"])).toEqual([
      "native door: up rose from 1x the same-shape floor at N=500 to 1.04x at N=2000 (target: at most 0.03 more)",
    ]);
  });

  it("is not judged without both sizes", () => {
    expect(checkScaleTargets(doorFigures("native", 2000, { refresh: [1.4] }), [2000], ["native"])).toEqual([]);
  });
});

describe("how many rounds a size runs", () => {
  it("is five at N = 500, where times are judged, and one elsewhere, unless --rounds says", () => {
    expect([10, 100, 500, 2000].map((n) => roundsAt(n, undefined))).toEqual([1, 1, 5, 1]);
    expect([10, 500].map((n) => roundsAt(n, 3))).toEqual([3, 3]);
  });
});

describe("the scale verdict", () => {
  it("passes both doors' figures that meet every target", () => {
    const figures = [...doorFigures("dynamic", 500), ...doorFigures("native", 500)];
    expect(checkScaleTargets(figures, [500])).toEqual([]);
  });

  it("judges times at N = 500 against the door's floor, not the 6-property floor nor memory", () => {
    // 1.5x the 6-property floor and a plugin at 1.5x the no-op plugin's memory: no target either.
    const figures = doorFigures("dynamic", 500);
    expect(checkScaleTargets(figures, [500], ["dynamic"])).toEqual([]);
    const slow = doorFigures("dynamic", 500, {
      preview: [1.04, 1.05, 1.04],
      up: [1.05, 1.04, 1.05],
      refresh: [1.2, 1.1, 1.1],
      update_10pct: [1.06, 1.07, 1.08],
    });
    const failures = checkScaleTargets(slow, [500], ["dynamic"]);
    expect(failures).toHaveLength(3);
    expect(failures[0]).toMatch(/^N=500, dynamic door: preview: 1\.04x the host floor.*target <= 1\.03x/);
    expect(failures.join("\n")).toMatch(/refresh: 1\.1x the host floor/);
    expect(failures.join("\n")).toMatch(/update_10pct: 1\.07x the host floor/);
  });

  it("judges the dynamic door against the host floor and the native door against the same-shape floor", () => {
    // The dynamic door at 1.08x its same-shape floor and 1.0x its host floor meets its targets.
    const dynamic = doorFigures("dynamic", 500);
    expect(dynamic.find((f) => "op" in f && f.op === "up")).toMatchObject({
      same_shape_ratio: 1.08,
      host_floor_ratio: 1,
    });
    expect(checkScaleTargets(dynamic, [500], ["dynamic"])).toEqual([]);
    // The native door at 1.08x the same-shape floor does not, whatever a host floor said.
    const native = doorFigures("native", 500, { up: [1.08, 1.08, 1.08] });
    Object.assign(
      native.find((f) => "op" in f && f.op === "up")!,
      { host_floor_ratios: [1, 1, 1] },
    );
    expect(checkScaleTargets(native, [500], ["native"])).toEqual([
      expect.stringMatching(/^N=500, native door: up: 1\.08x the same-shape floor/),
    ]);
  });

  it("fails the dynamic door's times when the host floor was not measured", () => {
    const figures = doorFigures("dynamic", 500);
    delete (figures.find((f) => "op" in f && f.op === "refresh") as { host_floor_ratios?: number[] }).host_floor_ratios;
    expect(checkScaleTargets(figures, [500], ["dynamic"])).toEqual([
      "N=500, dynamic door: refresh was not measured against the host floor",
    ]);
  });

  it("says so when the rounds' spread is too wide to judge", () => {
    const noisy = doorFigures("native", 500, { up: [1.0, 1.03, 1.04, 1.07, 1.1] });
    const failures = checkScaleTargets(noisy, [500], ["native"]);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^N=500, native door: up: the spread is too wide to judge: median 1\.04x/);
  });

  it("does not judge times at other sizes", () => {
    const slow = doorFigures("dynamic", 100, { preview: [1.3, 1.3, 1.3] });
    expect(checkScaleTargets(slow, [100], ["dynamic"])).toEqual([]);
  });

  it("keeps requests at their floors at every size, 2000 included, through every door", () => {
    const figures = doorFigures("native", 2000);
    const preview = figures.find((f) => "op" in f && f.op === "preview")!;
    const refresh = figures.find((f) => "op" in f && f.op === "refresh")!;
    Object.assign(preview, { requests: 2 });
    Object.assign(refresh, { requests: 6 });
    expect(checkScaleTargets(figures, [2000], ["native"])).toEqual([
      "N=2000, native door: a preview with no changes made 2 requests (target 0)",
      "N=2000, native door: refresh made 6 requests (target: at most the batched minimum 5)",
    ]);
  });

  it("fails a figure that is missing or not a number", () => {
    const figures = doorFigures("dynamic", 10).filter((f) => !("op" in f && f.op === "destroy"));
    Object.assign(
      figures.find((f) => "op" in f && f.op === "up")!,
      { same_shape_seconds: NaN },
    );
    const failures = checkScaleTargets(figures, [10], ["dynamic"]);
    expect(failures).toEqual([
      expect.stringMatching(/^N=10, dynamic door: up has a figure that is not a number/),
      "N=10, dynamic door: no figure for destroy",
    ]);
    expect(checkScaleTargets([], [10], ["native"])).toContain(
      "N=10, native door: no peak memory of the provider plugin (or of a floor's plugin) was measured",
    );
  });
});
