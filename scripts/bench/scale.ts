// The provider at scale on the real engine: for N = 10, 100 and 500 resources (the mix of
// scripts/lib/mix-program.ts; 2000 with --n 2000) it runs up, a no-change preview, refresh, an up
// changing 10% of the resources, and destroy, against the emulator in a child process, and the same
// operations on N no-op dynamic resources (the engine's own floor) in the same run. The mix runs
// through each door: the dynamic one (pulumi-tcs's classes) and the native one (the same program
// registering `tcs:index:*` resources, served by pulumi-resource-tcs; native-resources.ts), each
// against an emulator of its own, so neither door's refresh lists the other's objects. One JSON line per figure:
//   {"bench":"scale","door":"dynamic","n":100,"op":"up","requests":..,"writes":..,"seconds":..,"floor_seconds":..,"ratio":..,"spread":..,"plugin_peak_mb":..}
//   {"bench":"scale","door":"native",...,"native_vs_dynamic":..}   (the native door's time over the dynamic door's)
//   {"bench":"scale","door":"dynamic","n":500,"figure":"plugin_peak_rss_mb","mb":..,"floor_mb":..,"ratio":..}
//   {"bench":"profile","n":500,"figure":"plugin_start_ms","tcs":..,"floor":..,"ratio":..}   (the dynamic door; and check, diff, state bytes)
// and the targets each figure must meet (checkScaleTargets): the dynamic door's, and for the native
// door only a no-change preview's 0 requests (its timed targets are to be set).
import * as path from "node:path";
import * as fs from "node:fs";
import type { PulumiFn, Stack } from "@pulumi/pulumi/automation";
import { REPO_ROOT, openStack, type OpenStackOptions } from "../lib/engine";
import { mixCounts, mixProgram } from "../lib/mix-program";
import { startEmulatorProcess, type EmulatorProcess } from "./emulator-process";
import { NATIVE_PLUGINS, NATIVE_RESOURCES } from "./native-resources";
import { noopProgram } from "./noop-program";
import { withPluginPeak } from "./plugin-memory";
import { profilePlugin, type StateResource } from "./plugin-profile";
import { settle } from "./settle";
import { judge, median, round, summarize, typical, type Run, type Verdict } from "./verdict";

export const OPERATIONS = ["up", "preview", "refresh", "update_10pct", "destroy"] as const;
type Operation = (typeof OPERATIONS)[number];

/** How the program reaches the provider: pulumi-tcs's dynamic resources, or the native plugin. */
export const DOORS = ["dynamic", "native"] as const;
export type Door = (typeof DOORS)[number];

export interface ScaleFigure {
  bench: "scale";
  door: Door;
  n: number;
  op: Operation;
  requests: number;
  writes: number;
  seconds: number;
  floor_seconds: number;
  /** The median of the rounds' ratios (`ratios`). */
  ratio: number;
  /** The interquartile range of the rounds' ratios: how far they disagree (see verdict.ts). */
  spread: number;
  ratios: number[];
  /** For refresh: the batched minimum (one page per 100 records of each scope read). */
  batched_minimum?: number;
  /** The plugin's peak RSS during this operation (highest of the rounds), and the no-op plugin's. */
  plugin_peak_mb: number;
  floor_plugin_peak_mb: number;
  /** On the native door's figures: its time over the dynamic door's, the median of the rounds' (both measured in each round). */
  native_vs_dynamic?: number;
}

export interface MemoryFigure {
  bench: "scale";
  door: Door;
  n: number;
  figure: "plugin_peak_rss_mb";
  mb: number;
  /** The no-op plugin's peak in the same rounds. */
  floor_mb: number;
  ratio: number;
}

/** The provider plugin against the no-op plugin on the resources of the first round's `up` (plugin-profile.ts). */
export interface ProfileFigure {
  bench: "profile";
  n: number;
  figure: "plugin_start_ms" | "check_us_per_resource" | "diff_us_per_resource" | "state_bytes_per_resource";
  tcs: number;
  floor: number;
  ratio: number;
}

export type Figure = ScaleFigure | MemoryFigure | ProfileFigure;

interface Counts {
  total: number;
  rate_limited: number;
  by_route: Record<string, number>;
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function writesIn(counts: Counts): number {
  return Object.entries(counts.by_route)
    .filter(([route]) => WRITE_METHODS.has(route.split(" ")[0]))
    .reduce((sum, [, k]) => sum + k, 0);
}

async function control(emulator: EmulatorProcess, method: string, route: string): Promise<Counts> {
  const response = await fetch(`${emulator.url}/_emulator${route}`, { method });
  return (await response.json()) as Counts;
}

async function api<T>(emulator: EmulatorProcess, route: string): Promise<T> {
  const response = await fetch(`${emulator.url}${route}`, { headers: { authorization: `Bearer ${emulator.keys.production.secret}` } });
  if (!response.ok) throw new Error(`GET ${route}: ${response.status}`);
  return (await response.json()) as T;
}

/** Records in one list scope, all pages. */
async function scopeSize(emulator: EmulatorProcess, route: string): Promise<number> {
  let count = 0;
  let after = "";
  for (;;) {
    const sep = route.includes("?") ? "&" : "?";
    const page = await api<{ items: Array<{ id: string }>; pagination: { has_more_after: boolean } }>(emulator, `${route}${sep}limit=100${after}`);
    count += page.items.length;
    if (!page.pagination.has_more_after) return count;
    after = `&after=${page.items[page.items.length - 1].id}`;
  }
}

/**
 * The callbacks whose instance lists a refresh reads: those with a CallbackInstance in state (the
 * instance list is scoped to its callback, and a callback with none declared is never listed).
 */
async function callbacksWithInstances(stack: Stack): Promise<string[]> {
  const { deployment } = await stack.exportStack();
  const resources = (deployment as { resources?: Array<{ type: string; outputs?: { callbackId?: string } }> }).resources ?? [];
  // pulumi-nodejs:dynamic/tcs:CallbackInstance on the dynamic door, tcs:index:CallbackInstance on the native one.
  const ids = resources.filter((r) => /(^|\/)tcs:(index:)?CallbackInstance$/.test(r.type)).map((r) => r.outputs?.callbackId);
  return [...new Set(ids.filter((id): id is string => typeof id === "string"))];
}

/** One page per 100 records of every scope a refresh of the mix reads (an empty scope costs a page too). */
async function batchedMinimum(emulator: EmulatorProcess, callbackIds: string[]): Promise<number> {
  const scopes = [
    "/callbacks",
    "/provider-configs?provider_id=prov_github00000000000000",
    "/provider-configs?provider_id=prov_jira0000000000000000",
    "/roles",
    "/integration-setup-sessions?integration_id=int_devtools000000000000",
    "/integration-setup-sessions?integration_id=int_chat0000000000000000",
    ...callbackIds.map((id) => `/callbacks/${id}/instances`),
  ];
  let pages = 0;
  for (const scope of scopes) pages += Math.max(1, Math.ceil((await scopeSize(emulator, scope)) / 100));
  return pages;
}

/** Where every bench stack has its work directory (and its plugin runs). */
const BENCH_ROOT = path.join(REPO_ROOT, ".tcs", "bench");

function workDirFor(name: string): string {
  return path.join(BENCH_ROOT, name);
}

/** The provider's settings of every bench stack, as `tcs:*` stack config. */
function providerSettings(emulator: EmulatorProcess): Record<string, string> {
  return { "tcs:apiKey": emulator.keys.production.secret, "tcs:baseUrl": emulator.url, "tcs:rateLimitTier": "production" };
}

/** The programs of one stack: the first `up`'s, and the 10% update's. */
interface StackPrograms {
  initial: PulumiFn;
  changed: PulumiFn;
  /** The project's plugins (the native door's stacks name pulumi-resource-tcs). */
  plugins?: OpenStackOptions["plugins"];
}

async function open(name: string, programs: StackPrograms, changed: boolean, emulator: EmulatorProcess, fresh: boolean): Promise<Stack> {
  const workDir = workDirFor(name);
  if (fresh) fs.rmSync(workDir, { recursive: true, force: true });
  const config = Object.fromEntries(Object.entries(providerSettings(emulator)).map(([key, value]) => [key, { value, secret: key === "tcs:apiKey" }]));
  const program = changed ? programs.changed : programs.initial;
  return openStack({ program, workDir, stackName: name, projectName: "bench", backendDir: path.join(workDir, "backend"), config, plugins: programs.plugins });
}

/** A stack right after `up`: its resources as the engine sends them, and the bytes each adds to the checkpoint on disk. */
interface Snapshot {
  resources: StateResource[];
  stateBytesPerResource: number;
}

async function snapshot(name: string, stack: Stack, typePrefix: string): Promise<Snapshot> {
  const ofType = <R extends { type: string }>(resources: R[] | undefined) => (resources ?? []).filter((r) => r.type.startsWith(typePrefix));
  const { deployment } = await stack.exportStack();
  const resources = ofType((deployment as { resources?: StateResource[] }).resources);
  // On disk, as the engine rewrites it after every step (secrets encrypted), not as exported.
  const file = path.join(workDirFor(name), "backend", ".pulumi", "stacks", "bench", `${name}.json`);
  const onDisk = ofType((JSON.parse(fs.readFileSync(file, "utf8")) as { checkpoint: { latest: { resources: StateResource[] } } }).checkpoint.latest.resources);
  const bytes = onDisk.reduce((sum, resource) => sum + Buffer.byteLength(JSON.stringify(resource)), 0);
  return { resources, stateBytesPerResource: Math.round(bytes / Math.max(1, onDisk.length)) };
}

/** A timed run, and the requests its emulator counted during it. */
type CountedRun = Run & { counts: Counts };

/**
 * One stack through the five operations, one operation at a time, so that the floor's and the mix's
 * operations can alternate. `run` re-opens the stack with `changed` (untimed) before the 10% update.
 */
interface OperationRunner {
  run(op: Operation): Promise<CountedRun>;
  stack(): Stack;
  /** Deletes the stack's work directory (its backend included). */
  close(): void;
}

async function openRunner(name: string, emulator: EmulatorProcess, programs: StackPrograms): Promise<OperationRunner> {
  const workDir = workDirFor(name);
  let stack = await open(name, programs, false, emulator, true);
  const operations: Record<Operation, () => Promise<unknown>> = {
    up: () => stack.up(),
    preview: async () => {
      const preview = await stack.preview();
      const changed = Object.entries(preview.changeSummary).filter(([kind, n]) => kind !== "same" && n > 0);
      if (changed.length > 0) throw new Error(`${name}: a preview right after up planned changes: ${JSON.stringify(preview.changeSummary)}`);
    },
    refresh: () => stack.refresh(),
    update_10pct: () => stack.up(),
    destroy: () => stack.destroy(),
  };
  return {
    async run(op) {
      if (op === "update_10pct") stack = await open(name, programs, true, emulator, false);
      await control(emulator, "DELETE", "/requests");
      // Untimed: each operation starts from a machine at rest, whichever side ran before it (settle.ts).
      await settle(BENCH_ROOT);
      const started = performance.now();
      const { peakMb } = await withPluginPeak(workDir, operations[op]);
      const seconds = (performance.now() - started) / 1000;
      // Counted right after the operation, before another side's run resets them.
      return { seconds, peakMb, counts: await control(emulator, "GET", "/requests") };
    },
    stack: () => stack,
    close: () => fs.rmSync(workDir, { recursive: true, force: true }),
  };
}

interface Round {
  requests: number;
  writes: number;
  seconds: number;
  floorSeconds: number;
  batchedMinimum?: number;
  peakMb: number;
  floorPeakMb: number;
}

/** Who runs an operation in a round: the floor, or the mix through one door. */
type Side = "floor" | Door;

/**
 * The order of one repeat of an operation within a round. The floor and the dynamic door's mix run
 * back to back, the floor first when `floorFirst`; the native door's mix runs on the floor's other
 * side (N F D, then D F N), so that each door's time is taken right next to the floor's it divides by.
 */
function sidesInOrder(floorFirst: boolean, doors: readonly Door[]): Side[] {
  const pair: Side[] = doors.includes("dynamic") ? (floorFirst ? ["floor", "dynamic"] : ["dynamic", "floor"]) : ["floor"];
  if (!doors.includes("native")) return pair;
  return floorFirst ? ["native", ...pair] : [...pair, "native"];
}

/**
 * Each size runs `rounds` times, the floor's and each door's runs of each operation back to back (the
 * side that goes first alternating by round), each round on stacks, role slugs and create markers of
 * its own (roles and sessions outlive a destroy). Every timed run starts from a machine at rest
 * (settle.ts), and the no-change preview runs three times on each side within a round (repeatsOf).
 * Times are the medians of the rounds and the ratio the median of the rounds' ratios, with their
 * spread: one run of a few seconds varies by a few tenths of a second, as much as the gap being
 * measured (verdict.ts). Request counts are the first round's (later rounds list scopes that earlier
 * rounds' roles and sessions have grown), and so is the plugin profile, taken on the resources of the
 * first round's `up` of each stack (the dynamic door's). Each door's mix runs against an emulator of
 * its own, so that its requests and the scopes its refresh lists are its own.
 */
export async function benchScale(
  sizes: number[],
  rounds = 5,
  log: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
  doors: readonly Door[] = DOORS,
): Promise<Figure[]> {
  if (doors.length === 0) throw new Error("benchScale: no door to measure");
  const limits = ["--ip-limit", "1000000000", "--prod-limit", "1000000000"];
  const emulators = new Map<Door, EmulatorProcess>();
  const figures: Figure[] = [];
  try {
    for (const door of doors) emulators.set(door, await startEmulatorProcess(limits));
    const emulatorOf = (door: Door) => emulators.get(door)!;
    for (const n of sizes) {
      const changed = Math.round(n / 10);
      const byDoor = new Map<Door, Map<Operation, Round[]>>(doors.map((door) => [door, new Map(OPERATIONS.map((op) => [op, []]))]));
      const peakMb = new Map<Door, number>(doors.map((door) => [door, 0]));
      let floorPeakMb = 0;
      const snapshots: { floor?: Snapshot; tcs?: Snapshot } = {};
      for (let r = 1; r <= rounds; r++) {
        // Each operation runs on the floor and on the mix back to back, the side that goes first
        // alternating by round: the machine's speed drifts over minutes, so the two halves of a round's
        // ratio are measured seconds apart rather than a whole stack's lifetime apart, and neither side
        // always has the warmer caches.
        const floorFirst = r % 2 === 1;
        log(
          `[bench] N=${n}, round ${r}/${rounds}: ${n} no-op resources and the tcs mix ${JSON.stringify(mixCounts(n))} through the ${doors.join(" and ")} door${doors.length > 1 ? "s" : ""}, operation by operation, in the order ${sidesInOrder(floorFirst, doors).join(", ")}`,
        );
        const floorName = `floor-${n}-${r}`;
        const slugPrefix = `bench${n}r${r}`;
        const stackNameOf = (door: Door) => `${door === "dynamic" ? "tcs" : "native"}-${n}-${r}`;
        const programsOf = (door: Door): StackPrograms => {
          const mix = door === "native" ? { slugPrefix, resources: NATIVE_RESOURCES } : { slugPrefix };
          return { initial: mixProgram(n, mix), changed: mixProgram(n, { ...mix, changed }), ...(door === "native" ? { plugins: NATIVE_PLUGINS } : {}) };
        };
        const runners = new Map<Side, OperationRunner>();
        const refreshMinimum = new Map<Door, number>();
        try {
          // The floor makes no request: it shares the first door's emulator.
          runners.set("floor", await openRunner(floorName, emulatorOf(doors[0]), { initial: noopProgram(n), changed: noopProgram(n, changed) }));
          for (const door of doors) runners.set(door, await openRunner(stackNameOf(door), emulatorOf(door), programsOf(door)));
          for (const op of OPERATIONS) {
            const runs = new Map<Side, CountedRun[]>([...runners.keys()].map((side) => [side, []]));
            for (let k = 0; k < repeatsOf(op); k++) {
              // Repeats alternate too: N F D, D F N, N F D in a round the floor starts (F D, D F, F D
              // with the dynamic door alone, as before the native door was measured).
              for (const side of sidesInOrder(floorFirst === (k % 2 === 0), doors)) runs.get(side)!.push(await runners.get(side)!.run(op));
            }
            const floor = typical(runs.get("floor")!);
            floorPeakMb = Math.max(floorPeakMb, floor.peakMb);
            for (const door of doors) {
              const doorRuns = runs.get(door)!;
              // The most requests any repeat made: a preview must make none every time.
              const tcs = { ...typical(doorRuns), counts: doorRuns.reduce((most, run) => (run.counts.total > most.counts.total ? run : most)).counts };
              byDoor
                .get(door)!
                .get(op)!
                .push({
                  requests: tcs.counts.total,
                  writes: writesIn(tcs.counts),
                  seconds: tcs.seconds,
                  floorSeconds: floor.seconds,
                  peakMb: tcs.peakMb,
                  floorPeakMb: floor.peakMb,
                  ...(op === "refresh" ? { batchedMinimum: refreshMinimum.get(door) ?? 0 } : {}),
                });
              peakMb.set(door, Math.max(peakMb.get(door)!, tcs.peakMb));
              if (op === "up") {
                const stack = runners.get(door)!.stack();
                refreshMinimum.set(door, await batchedMinimum(emulatorOf(door), await callbacksWithInstances(stack)));
                if (r === 1 && door === "dynamic") {
                  snapshots.floor = await snapshot(floorName, runners.get("floor")!.stack(), "pulumi-nodejs:dynamic/bench:");
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
          if (runs.length === 0) continue;
          const ratios = runs.map((x) => round(x.seconds / x.floorSeconds));
          const { median: ratio, spread } = summarize(ratios);
          const figure: ScaleFigure = {
            bench: "scale",
            door,
            n,
            op,
            requests: runs[0].requests,
            writes: runs[0].writes,
            seconds: round(median(runs.map((x) => x.seconds))),
            floor_seconds: round(median(runs.map((x) => x.floorSeconds))),
            ratio,
            spread,
            ratios,
            plugin_peak_mb: Math.max(...runs.map((x) => x.peakMb)),
            floor_plugin_peak_mb: Math.max(...runs.map((x) => x.floorPeakMb)),
          };
          if (runs[0].batchedMinimum !== undefined) figure.batched_minimum = runs[0].batchedMinimum;
          const dynamicRuns = byDoor.get("dynamic")?.get(op);
          if (door === "native" && dynamicRuns && dynamicRuns.length === runs.length) {
            figure.native_vs_dynamic = round(median(runs.map((x, i) => x.seconds / dynamicRuns[i].seconds)));
          }
          figures.push(figure);
        }
      }
      for (const door of doors) {
        const mb = peakMb.get(door)!;
        figures.push({ bench: "scale", door, n, figure: "plugin_peak_rss_mb", mb, floor_mb: floorPeakMb, ratio: round(mb / floorPeakMb) });
      }
      if (snapshots.floor && snapshots.tcs) {
        log(`[bench] N=${n}: plugin profile (start, check and diff per resource) against the no-op plugin`);
        figures.push(...(await profileFigures(n, snapshots.tcs, snapshots.floor, providerSettings(emulatorOf("dynamic")))));
      }
    }
  } finally {
    for (const emulator of emulators.values()) await emulator.stop();
  }
  return figures;
}

/**
 * How many times an operation runs on each side within a round. A no-change preview is the shortest
 * operation (2 to 8 s) and the one whose target leaves the least room, so one slow run on either side
 * moved its round by 0.2 to 0.4 (rounds of 1.3 and 0.92 in one run at N = 100). Within a round it
 * runs three times on each side, alternating, and the round's time for each side is the median of the
 * three. The other operations change the stack (or take a minute at N = 500) and run once.
 */
const PREVIEW_REPEATS = 3;

function repeatsOf(op: Operation): number {
  return op === "preview" ? PREVIEW_REPEATS : 1;
}

async function profileFigures(n: number, tcs: Snapshot, floor: Snapshot, config: Record<string, string>): Promise<ProfileFigure[]> {
  const [ours, noop] = [await profilePlugin(tcs.resources, config), await profilePlugin(floor.resources, config)];
  const figure = (name: ProfileFigure["figure"], a: number, b: number): ProfileFigure => ({
    bench: "profile",
    n,
    figure: name,
    tcs: a,
    floor: b,
    ratio: round(a / b),
  });
  return [
    figure("plugin_start_ms", ours.startMs, noop.startMs),
    figure("check_us_per_resource", ours.checkUs, noop.checkUs),
    figure("diff_us_per_resource", ours.diffUs, noop.diffUs),
    figure("state_bytes_per_resource", tcs.stateBytesPerResource, floor.stateBytesPerResource),
  ];
}

/**
 * The timed targets: the median ratio to the no-op floor, per operation, from the given size up (the
 * N = 500 targets hold at 2000 too). A size the run did not measure is not judged.
 */
export const RATIO_TARGETS: ReadonlyArray<{ op: Operation; sizes: (n: number) => boolean; target: number }> = [
  { op: "preview", sizes: (n) => n >= 100, target: 1.1 },
  { op: "up", sizes: (n) => n >= 100, target: 1.15 },
  { op: "update_10pct", sizes: (n) => n >= 500, target: 1.2 },
];
/** The plugin's peak memory against the no-op plugin's, from N = 500 up. */
export const MEMORY_TARGET = { sizes: (n: number) => n >= 500, target: 1.2 };

/** What a verdict on a ratio says when it is not `met`. */
function ratioFailure(what: string, ratios: number[], target: number, verdict: Verdict): string | undefined {
  const { median, spread } = summarize(ratios);
  if (verdict === "met") return undefined;
  if (verdict === "too_noisy") {
    return `${what}: the spread is too wide to judge: median ${median}x, spread ${spread} (rounds ${ratios.join(", ")}) straddle the target ${target}x; run the bench again on a quieter machine or with more --rounds`;
  }
  return `${what}: ${median}x the no-op floor, spread ${spread} (rounds ${ratios.join(", ")}); target <= ${target}x`;
}

/**
 * The targets of the scale figures; each failure says which figure missed which target. Every target
 * is the dynamic door's (when it was measured); of the native door's figures only a no-change
 * preview's requests are judged (0), its times and memory are printed for comparison only.
 */
export function checkScaleTargets(figures: Figure[], sizes: number[], doors: readonly Door[] = DOORS): string[] {
  const failures = doors.includes("dynamic") ? checkDynamicTargets(figures, sizes) : [];
  for (const f of figures.filter((x): x is ScaleFigure => x.bench === "scale" && "op" in x && x.door === "native")) {
    if (f.op === "preview" && f.requests !== 0) failures.push(`N=${f.n}: a preview with no changes made ${f.requests} requests on the native door (target 0)`);
  }
  return failures;
}

function checkDynamicTargets(figures: Figure[], sizes: number[]): string[] {
  const failures: string[] = [];
  const ops = figures.filter((f): f is ScaleFigure => f.bench === "scale" && "op" in f && f.door === "dynamic");
  const find = (n: number, op: Operation) => ops.find((f) => f.n === n && f.op === op);
  const memoryAt = (n: number) => figures.find((f): f is MemoryFigure => f.bench === "scale" && "figure" in f && f.door === "dynamic" && f.n === n);
  // A figure that is missing or not a number must fail the run, not pass every target silently.
  for (const n of sizes) {
    for (const op of OPERATIONS) {
      const f = find(n, op);
      if (!f) failures.push(`N=${n}: no figure for ${op}`);
      else if (![f.requests, f.writes, f.seconds, f.ratio].every(Number.isFinite))
        failures.push(`N=${n}: ${op} has a figure that is not a number: ${JSON.stringify(f)}`);
    }
    const memory = memoryAt(n);
    if (!memory || !(memory.mb > 0) || !(memory.floor_mb > 0))
      failures.push(`N=${n}: no peak memory of the provider plugin (or of the no-op plugin) was measured`);
  }
  for (const f of ops) {
    if (f.op === "preview" && f.requests !== 0) failures.push(`N=${f.n}: a preview with no changes made ${f.requests} requests (target 0)`);
    if (f.op === "up" && f.writes !== f.n) failures.push(`N=${f.n}: up made ${f.writes} writes for ${f.n} resources (target 1 per resource)`);
    if (f.op === "refresh" && f.batched_minimum === undefined) failures.push(`N=${f.n}: the batched minimum of refresh was not measured`);
    if (f.op === "refresh" && f.batched_minimum !== undefined && f.requests > f.batched_minimum) {
      failures.push(`N=${f.n}: refresh made ${f.requests} requests (target: at most the batched minimum ${f.batched_minimum})`);
    }
    if (f.op === "refresh" && f.n === 500 && f.requests > 20) failures.push(`N=${f.n}: refresh made ${f.requests} requests (target <= 20)`);
  }
  for (const { op, sizes: applies, target } of RATIO_TARGETS) {
    for (const f of ops.filter((x) => x.op === op && applies(x.n))) {
      const failure = ratioFailure(`N=${f.n}: ${op}`, f.ratios, target, judge(summarize(f.ratios), target));
      if (failure) failures.push(failure);
    }
  }
  for (const n of sizes.filter(MEMORY_TARGET.sizes)) {
    const memory = memoryAt(n);
    if (memory && memory.ratio > MEMORY_TARGET.target) {
      failures.push(
        `N=${n}: the plugin's peak memory is ${memory.mb} MB, ${memory.ratio}x the no-op plugin's ${memory.floor_mb} MB (target <= ${MEMORY_TARGET.target}x)`,
      );
    }
  }
  return failures;
}
