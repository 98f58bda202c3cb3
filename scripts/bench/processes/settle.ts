// Brings the machine back to rest before a timed operation, so that no operation pays for the one
// before it. The bench alternates the floor's and the mix's runs of each operation, so a run could
// start while the other side's last operation was still being paid for: its checkpoint writes being
// flushed to disk (an `up` of N resources writes the checkpoint N times), its garbage in this process
// (the program and the engine's events), its plugin still exiting. The two sides leave different
// amounts of each, and the rounds of the no-op preview at N = 500 split by order: 1.07 on average with
// the floor first, 1.15 with the mix first, over nine runs (docs/performance.md of 2026-11-25, in git). That widened the
// spread and let the order of the rounds move the median.
import { execFileSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import * as v8 from "node:v8";
import * as vm from "node:vm";
import { pluginPids } from "./plugin-memory";

// The process-wide collector, without starting Node with --expose-gc.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

const PLUGIN_EXIT_WAIT_MS = 10_000;
/** A moment for whatever else the last operation set going (its CLI's children, the kernel's writeback). */
const QUIET_MS = 250;

/** Waits until the last operation's plugins have exited, its writes are on disk and its garbage is collected. */
export async function settle(benchRoot: string): Promise<void> {
  const deadline = Date.now() + PLUGIN_EXIT_WAIT_MS;
  while (pluginPids((cwd) => cwd.startsWith(benchRoot)).length > 0 && Date.now() < deadline) await sleep(50);
  execFileSync("sync");
  collectGarbage();
  await sleep(QUIET_MS);
}
