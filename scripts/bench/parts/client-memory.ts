// What an HTTP client costs in memory in a process like the engine's provider plugin: for the SDK,
// bare undici and node:http, a fresh process loads @pulumi/pulumi, then the transport, makes 10
// creates and reads 200 list pages of 100 roles, and reports its RSS, peak RSS, V8 heap and young
// generation at each stage (client-memory-child.js). The plugin's peak memory target is judged in
// the scale part; this part says where the plugin's memory beyond the no-op plugin's comes from.
//   {"bench":"client_memory","transport":"sdk","stage":"after_lists","rss_mb":..,"peak_rss_mb":..,...}
import { spawn } from "node:child_process";
import * as path from "node:path";
import { createInterface } from "node:readline";
import { startEmulatorProcess } from "../processes/emulator-process";

export const TRANSPORTS = ["sdk", "undici", "node-http"] as const;

export interface ClientMemoryFigure {
  bench: "client_memory";
  transport: (typeof TRANSPORTS)[number];
  stage: "pulumi_loaded" | "transport_loaded" | "after_creates" | "after_lists";
  rss_mb: number;
  peak_rss_mb: number;
  heap_mb: number;
  young_generation_mb: number;
}

export async function benchClientMemory(): Promise<ClientMemoryFigure[]> {
  const emulator = await startEmulatorProcess(["--ip-limit", "1000000000", "--prod-limit", "1000000000"]);
  const figures: ClientMemoryFigure[] = [];
  try {
    for (const transport of TRANSPORTS) {
      const child = spawn(
        process.execPath,
        [
          path.join(__dirname, "..", "processes", "client-memory-child.js"),
          transport,
          emulator.url,
          emulator.keys.production.secret,
        ],
        {
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      for await (const line of createInterface({ input: child.stdout! }))
        figures.push({ bench: "client_memory", ...JSON.parse(line) });
      const code = await exited;
      if (code !== 0) throw new Error(`client-memory-child.js ${transport} exited with ${code}`);
    }
  } finally {
    await emulator.stop();
  }
  return figures;
}
