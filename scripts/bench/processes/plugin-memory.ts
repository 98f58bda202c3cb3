// Peak memory of the engine's provider plugin: the dynamic provider plugin (the `node
// .../cmd/dynamic-provider` process the pulumi CLI starts for every operation), or the native one
// (pulumi-resource-tcs, which execs `node .../dist/provider/native/start.js`). Samples /proc every 100 ms
// while an operation runs and keeps the highest VmHWM (the kernel's own peak RSS of the process) seen,
// so a short-lived plugin's peak is caught even between samples.
import * as fs from "node:fs";

/** What the command line of a provider plugin's process holds: the dynamic door's, the native door's. */
const PLUGIN_COMMANDS = ["dynamic-provider", "provider/native/start.js"];

/** The pids of the provider plugins running in a directory that `inDirectory` accepts. */
export function pluginPids(inDirectory: (cwd: string) => boolean): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (!PLUGIN_COMMANDS.some((marker) => command.includes(marker))) continue;
      if (inDirectory(fs.readlinkSync(`/proc/${entry}/cwd`))) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/**
 * CPU seconds from /proc/<pid>/stat: the process's own (utime + stime), or its children's that have
 * exited and been waited for (cutime + cstime). Fields after the command's closing parenthesis, in
 * clock ticks of 1/100 s.
 */
export function cpuSecondsOf(pid: number | "self", whose: "own" | "children"): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const first = whose === "own" ? 11 : 13;
  return (Number(fields[first]) + Number(fields[first + 1])) / 100;
}

/** A plugin process as last sampled: its peak RSS (VmHWM) and the CPU it had used. */
interface PluginSample {
  peakKb: number;
  cpuSeconds: number;
}

function samplePlugins(workDir: string): Map<number, PluginSample> {
  const samples = new Map<number, PluginSample>();
  // Only the plugin of the stack being measured: it runs in that stack's work directory.
  for (const pid of pluginPids((cwd) => cwd === workDir)) {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
      if (hwm) samples.set(pid, { peakKb: Number(hwm[1]), cpuSeconds: cpuSecondsOf(pid, "own") });
    } catch {
      // The process ended while we looked.
    }
  }
  return samples;
}

/**
 * Runs `operation` and returns its result with the plugin's peak RSS in MB (0 if none was seen), and
 * the CPU seconds its plugins had used when last sampled (up to 100 ms before they exited).
 */
export async function withPluginPeak<T>(
  workDir: string,
  operation: () => Promise<T>,
): Promise<{ result: T; peakMb: number; pluginCpuSeconds: number }> {
  let peakKb = 0;
  const cpuByPid = new Map<number, number>();
  const sample = () => {
    for (const [pid, { peakKb: kb, cpuSeconds }] of samplePlugins(workDir)) {
      peakKb = Math.max(peakKb, kb);
      cpuByPid.set(pid, cpuSeconds);
    }
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await operation();
    const pluginCpuSeconds = [...cpuByPid.values()].reduce((sum, seconds) => sum + seconds, 0);
    return { result, peakMb: Math.round(peakKb / 102.4) / 10, pluginCpuSeconds };
  } finally {
    clearInterval(timer);
  }
}
