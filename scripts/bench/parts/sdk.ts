// The client's overhead per request: requests per second through ToolConnectivityClient (limiter
// off, 8 in flight) against bare undici `request` on the same emulator (a child process, so the
// server does not share this event loop with what is measured), same route, same concurrency, both
// parsing the JSON answer. The two alternate in rounds so that drift of the machine hits both alike.
// Prints one JSON line:
//   {"bench":"sdk","figure":"client_overhead","client_rps":...,"bare_rps":...,"ratio":...}
// Run directly: bash scripts/env.sh tsx scripts/bench/parts/sdk.ts

import { Agent, request } from "undici";
import { ToolConnectivityClient } from "../../../sdk/index";
import { closeSharedAgents } from "../../../sdk/internal/agents";
import { startEmulatorProcess } from "../processes/emulator-process";

export interface SdkBenchResult {
  bench: "sdk";
  figure: "client_overhead";
  client_rps: number;
  bare_rps: number;
  /** client_rps / bare_rps: 1 means no overhead. */
  ratio: number;
  concurrency: number;
  duration_ms: number;
}

export interface SdkBenchOptions {
  durationMs?: number;
  concurrency?: number;
}

export async function benchSdk(options: SdkBenchOptions = {}): Promise<SdkBenchResult> {
  const durationMs = options.durationMs ?? 3000;
  const concurrency = options.concurrency ?? 8;
  const emu = await startEmulatorProcess(["--ip-limit", "1000000000", "--dev-limit", "1000000000"]);
  const key = emu.keys.development.secret;
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  try {
    const client = new ToolConnectivityClient({
      apiKey: key,
      baseUrl: emu.url,
      rateLimit: false,
      maxConcurrency: concurrency,
    });
    const roleId = (await client.roles.list({ limit: 1 })).items[0]!.id;
    const viaClient = async () => {
      await client.roles.retrieve(roleId);
    };
    const url = `${emu.url}/roles/${roleId}`;
    const headers = { authorization: `Bearer ${key}`, "service-version": "2026-01-01", accept: "application/json" };
    const bare = async () => {
      const response = await request(url, { dispatcher: agent, headers });
      await response.body.json();
      if (response.statusCode !== 200) throw new Error(`bare request answered ${response.statusCode}`);
    };

    // Warm both paths (connections, JIT) before measuring, then alternate rounds.
    await measure(bare, concurrency, 300);
    await measure(viaClient, concurrency, 300);
    const rounds = 3;
    let bareRps = 0;
    let clientRps = 0;
    for (let round = 0; round < rounds; round++) {
      bareRps += (await measure(bare, concurrency, durationMs / rounds)) / rounds;
      clientRps += (await measure(viaClient, concurrency, durationMs / rounds)) / rounds;
    }
    return {
      bench: "sdk",
      figure: "client_overhead",
      client_rps: Math.round(clientRps),
      bare_rps: Math.round(bareRps),
      ratio: Math.round((clientRps / bareRps) * 1000) / 1000,
      concurrency,
      duration_ms: durationMs,
    };
  } finally {
    await agent.close();
    await closeSharedAgents();
    await emu.stop();
  }
}

/** Requests per second with `concurrency` loops calling `once` until `durationMs` is up. */
async function measure(once: () => Promise<void>, concurrency: number, durationMs: number): Promise<number> {
  let done = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await once();
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

if (require.main === module) {
  benchSdk().then(
    (result) => console.log(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
