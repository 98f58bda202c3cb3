// Throughput and p99 latency of the emulator for GET-by-id and list calls: autocannon with 50
// connections for ~3 s per figure, against the CLI in a child process (so the load generator and
// the server do not share one event loop). Prints one JSON line per figure:
//   {"bench":"emulator","figure":"get_by_id","connections":50,"rps":...,"p99_ms":...}
// Run directly: bash scripts/env.sh tsx scripts/bench/parts/emulator.ts

import autocannon from "autocannon";
import { startEmulatorProcess } from "../processes/emulator-process";

export interface EmulatorBenchResult {
  bench: "emulator";
  figure: "get_by_id" | "list";
  connections: number;
  rps: number;
  p99_ms: number;
  p50_ms: number;
  requests: number;
  non_2xx: number;
  errors: number;
  duration_s: number;
}

export interface EmulatorBenchOptions {
  connections?: number;
  durationSeconds?: number;
}

async function startChild() {
  const emulator = await startEmulatorProcess(["--ip-limit", "1000000000", "--dev-limit", "1000000000"]);
  return { url: emulator.url, key: emulator.keys.development.secret, stop: emulator.stop };
}

async function measure(
  figure: EmulatorBenchResult["figure"],
  url: string,
  key: string,
  connections: number,
  duration: number,
): Promise<EmulatorBenchResult> {
  const result = await autocannon({ url, connections, duration, headers: { Authorization: `Bearer ${key}` } });
  return {
    bench: "emulator",
    figure,
    connections,
    rps: Math.round(result.requests.average),
    p99_ms: result.latency.p99,
    p50_ms: result.latency.p50,
    requests: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors,
    duration_s: duration,
  };
}

export async function benchEmulator(options: EmulatorBenchOptions = {}): Promise<EmulatorBenchResult[]> {
  const connections = options.connections ?? 50;
  const duration = options.durationSeconds ?? 3;
  const emulator = await startChild();
  try {
    const headers = { Authorization: `Bearer ${emulator.key}`, "Content-Type": "application/json" };
    // 30 roles besides the defaults, so a list page is a full page of 25.
    let roleId = "";
    for (let i = 0; i < 30; i++) {
      const reply = await fetch(`${emulator.url}/roles`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: `Bench ${i}`, slug: `bench-${i}`, permissions: ["thread_read"] }),
      });
      roleId = ((await reply.json()) as { id: string }).id;
    }
    return [
      await measure("get_by_id", `${emulator.url}/roles/${roleId}`, emulator.key, connections, duration),
      await measure("list", `${emulator.url}/roles?limit=25`, emulator.key, connections, duration),
    ];
  } finally {
    await emulator.stop();
  }
}

/** A figure measured through refused or failed requests is not a figure: say which. */
export function checkEmulatorFigures(results: EmulatorBenchResult[]): string[] {
  return results
    .filter((r) => r.non_2xx > 0 || r.errors > 0 || r.requests === 0)
    .map(
      (r) =>
        `emulator ${r.figure}: ${r.requests} requests, ${r.non_2xx} not 2xx, ${r.errors} errors (target: all answered 2xx)`,
    );
}

if (require.main === module) {
  benchEmulator().then(
    (results) => {
      for (const result of results) console.log(JSON.stringify(result));
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
