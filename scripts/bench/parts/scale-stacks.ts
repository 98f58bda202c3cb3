// The bench's stacks: where each has its work directory and backend, its config, its state after
// `up`, and the runner that times one operation of it in a process of its own.
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { REPO_ROOT, openStack, type OpenStackOptions } from "../../../test/lib/engine";
import type { BenchProgram } from "../programs/bench-program";
import type { EmulatorProcess } from "../processes/emulator-process";
import { runOperationProcess } from "../processes/operation-process";
import { withPluginPeak } from "../processes/plugin-memory";
import type { StateResource } from "./plugin-profile";
import { sameShapeEnv } from "../programs/same-shape";
import { control, type Counts } from "./scale-emulator";
import type { Operation } from "../statistics/scale-figures";
import { settle } from "../processes/settle";
import type { Run } from "../statistics/verdict";

/** Where every bench stack has its work directory (and its plugin runs). */
export const BENCH_ROOT = path.join(REPO_ROOT, ".tcs", "bench");

function workDirFor(name: string): string {
  return path.join(BENCH_ROOT, name);
}

/** The provider's settings of every bench stack, as `tcs:*` stack config. */
export function providerSettings(emulator: EmulatorProcess): Record<string, string> {
  return {
    "tcs:apiKey": emulator.keys.production.secret,
    "tcs:baseUrl": emulator.url,
    "tcs:rateLimitTier": "production",
  };
}

/** A bench stack's program (the first `up`'s; the 10% update's changes `changed` resources), and what its project needs. */
export interface StackPrograms {
  program: BenchProgram;
  changed: number;
  /** The project's plugins (the native door's stacks name pulumi-resource-tcs). */
  plugins?: OpenStackOptions["plugins"];
  /** Environment for the stack's CLI and plugins (the same-shape floor's templates). */
  env?: Record<string, string>;
}

/** The bench's own handle on a stack: its config, its state. Programs run in the operations' processes only. */
async function open(name: string, programs: StackPrograms, emulator: EmulatorProcess): Promise<Stack> {
  const workDir = workDirFor(name);
  fs.rmSync(workDir, { recursive: true, force: true });
  const config = Object.fromEntries(
    Object.entries(providerSettings(emulator)).map(([key, value]) => [key, { value, secret: key === "tcs:apiKey" }]),
  );
  return openStack({
    program: async () => {
      throw new Error(`${name}: the bench runs its programs in the operations' own processes (operation-child.ts)`);
    },
    workDir,
    stackName: name,
    projectName: "bench",
    backendDir: backendDirFor(name),
    config,
    plugins: programs.plugins,
    env: programs.env,
  });
}

function backendDirFor(name: string): string {
  return path.join(workDirFor(name), "backend");
}

/** A stack right after `up`: its resources as the engine sends them, and the bytes each adds to the checkpoint on disk. */
export interface Snapshot {
  resources: StateResource[];
  stateBytesPerResource: number;
}

export async function snapshot(name: string, stack: Stack, typePrefix: string): Promise<Snapshot> {
  const ofType = <R extends { type: string }>(resources: R[] | undefined) =>
    (resources ?? []).filter((r) => r.type.startsWith(typePrefix));
  const { deployment } = await stack.exportStack();
  const resources = ofType((deployment as { resources?: StateResource[] }).resources);
  // On disk, as the engine rewrites it after every step (secrets encrypted), not as exported.
  const file = path.join(backendDirFor(name), ".pulumi", "stacks", "bench", `${name}.json`);
  const onDisk = ofType(
    (JSON.parse(fs.readFileSync(file, "utf8")) as { checkpoint: { latest: { resources: StateResource[] } } }).checkpoint
      .latest.resources,
  );
  const bytes = onDisk.reduce((sum, resource) => sum + Buffer.byteLength(JSON.stringify(resource)), 0);
  return { resources, stateBytesPerResource: Math.round(bytes / Math.max(1, onDisk.length)) };
}

/** CPU seconds a timed run took: in this process (the inline program, the Automation API's event stream), in the CLI with its plugins, and in the plugins alone. */
interface CpuSplit {
  program: number;
  engine: number;
  plugin: number;
  /** The emulator's, while the operation ran: the service's work, which a floor never asks for. */
  service: number;
}

/** A timed run, the requests its emulator counted during it, and the CPU it took. */
export type CountedRun = Run & { counts: Counts; cpu: CpuSplit };

/**
 * One stack through the five operations, one operation at a time, so that the floor's and the mix's
 * operations can alternate. Each runs in a process of its own (operation-child.ts), with the 10%
 * update's program for the update.
 */
export interface OperationRunner {
  /** The operation's `repeat`-th run within a round (0 first): a 10% update's repeats apply and revert the change in turn. */
  run(op: Operation, repeat: number): Promise<CountedRun>;
  stack(): Stack;
  /** Deletes the stack's work directory (its backend included). */
  close(): void;
}

export async function openRunner(
  name: string,
  emulator: EmulatorProcess,
  programs: StackPrograms,
): Promise<OperationRunner> {
  const workDir = workDirFor(name);
  const stack = await open(name, programs, emulator);
  return {
    async run(op, repeat) {
      await control(emulator, "DELETE", "/requests");
      // Untimed: each operation starts from a machine at rest, whichever side ran before it (settle.ts).
      await settle(BENCH_ROOT);
      const request = {
        op,
        // The update's odd repeats put the names back: each is a 10% update of the same resources.
        program: { ...programs.program, changed: op === "update_10pct" && repeat % 2 === 0 ? programs.changed : 0 },
        stack: { name, workDir, backendDir: backendDirFor(name), env: programs.env },
      };
      const serviceCpuBefore = emulator.cpuSeconds();
      const { result, peakMb, pluginCpuSeconds } = await withPluginPeak(workDir, () => runOperationProcess(request));
      const service = emulator.cpuSeconds() - serviceCpuBefore;
      const cpu = { program: result.programCpu, engine: result.engineCpu, plugin: pluginCpuSeconds, service };
      // Counted right after the operation, before another side's run resets them.
      return { seconds: result.seconds, peakMb, cpu, counts: await control(emulator, "GET", "/requests") };
    },
    stack: () => stack,
    close: () => fs.rmSync(workDir, { recursive: true, force: true }),
  };
}

/** The same-shape floor's stack: the mix, on resources that do nothing, with the plugin's templates (and with `plumbing`, the host's plumbing: the host floor). */
export function sameShapePrograms(n: number, changed: number, slugPrefix: string, plumbing = false): StackPrograms {
  return { program: { side: "same_shape", n, changed: 0, slugPrefix, plumbing }, changed, env: sameShapeEnv(plumbing) };
}
