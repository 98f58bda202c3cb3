// plugin_ready_ms: how long the native plugin takes from being spawned to printing its port, the
// start-up every small stack pays on every preview, up, refresh and destroy (the engine starts the
// plugin afresh each time and waits for that line). Measured for both ways of installing it, each as
// the engine starts it:
//   - script: bin/pulumi-resource-tcs from the npm package (a bash launcher that finds the Node on
//     PATH and execs it on dist/provider/native/start.js, which checks its version), with Node's
//     compile cache warm;
//   - executable: the linux-amd64 tarball's pulumi-resource-tcs (the sh launcher, then the single
//     executable with its own runtime and V8's code cache), built here as npm run dist builds it;
// and a bare `node -e 0` (spawn to exit) of the Node on PATH, in the same rounds, as the unit. The sides
// alternate within each round, so a busy moment of the machine falls on all of them. Target: the
// executable ready within 1.5x a bare Node start (issue 61; 3x until it started from a V8 snapshot).
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "../../../test/lib/engine";
import { bundlePlugin } from "../../release/bundle";
import { hostPlatform } from "../../release/platforms";
import { writePluginTarball } from "../../release/plugin-tarball";
import { buildExecutable } from "../../release/sea";

export const PLUGIN_READY_TARGET = 1.5;
// A start takes tens of ms: many cost seconds, and fewer leave a median to a few slow starts.
const STARTS = 41;

export interface PluginReadyFigure {
  bench: "plugin_ready_ms";
  side: "bare-node" | "script" | "executable";
  median: number;
  min: number;
  max: number;
  starts: number;
  /** The median over the bare Node start's median, in the same run. */
  ratio: number;
}

/** Milliseconds from spawn to the first line on stdout (or, with untilExit, to the exit). */
function startOnce(command: string, args: string[], untilExit = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    let done = false;
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (!untilExit && !done && out.includes("\n")) {
        done = true;
        resolve(elapsed());
        child.kill();
      }
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (untilExit) resolve(elapsed());
      else if (!done) reject(new Error(`${command} exited (${code}) before printing its port`));
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** This machine's plugin tarball, built from dist/ as npm run dist builds it, into dir, and its files unpacked there. */
export async function installedExecutable(
  dir: string,
): Promise<{ executable: string; tarball: string; version: string }> {
  const platform = hostPlatform();
  if (!platform?.uname)
    throw new Error(
      `plugin_ready_ms builds the executable for this machine; ${process.platform}-${process.arch} has no build`,
    );
  const work = path.join(REPO_ROOT, ".tcs", "dist-build");
  const bundle = await bundlePlugin(work);
  const executable = await buildExecutable(bundle, platform, work, path.join(work, platform.pulumi));
  const tarball = writePluginTarball(
    { platform, version: bundle.version, executable: executable.file, notices: "" },
    work,
    dir,
  );
  execFileSync("tar", ["-xzf", tarball, "-C", dir]);
  return { executable: path.join(dir, platform.executable), tarball, version: bundle.version };
}

export async function benchPluginReady(): Promise<PluginReadyFigure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-plugin-ready-"));
  try {
    const { executable } = await installedExecutable(dir);
    const node = process.execPath;
    const sides: Array<[PluginReadyFigure["side"], () => Promise<number>]> = [
      ["bare-node", () => startOnce(node, ["-e", "0"], true)],
      ["script", () => startOnce(path.join(REPO_ROOT, "bin", "pulumi-resource-tcs"), [])],
      ["executable", () => startOnce(executable, [])],
    ];
    // One start of each first, unmeasured: the compile cache and the page cache warm, as on any machine
    // that ran the plugin before.
    for (const [, start] of sides) await start();
    const times = new Map<string, number[]>(sides.map(([side]) => [side, []]));
    for (let round = 0; round < STARTS; round++) {
      for (const [side, start] of sides) times.get(side)!.push(await start());
    }
    const bare = median(times.get("bare-node")!);
    return sides.map(([side]) => {
      const values = times.get(side)!;
      const at = median(values);
      return {
        bench: "plugin_ready_ms",
        side,
        median: Math.round(at * 10) / 10,
        min: Math.round(Math.min(...values) * 10) / 10,
        max: Math.round(Math.max(...values) * 10) / 10,
        starts: values.length,
        ratio: Math.round((at / bare) * 100) / 100,
      };
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The target missed, if it is. */
export function checkPluginReady(figures: PluginReadyFigure[]): string[] {
  const executable = figures.find((figure) => figure.side === "executable");
  if (!executable || executable.ratio <= PLUGIN_READY_TARGET) return [];
  return [
    `plugin_ready_ms: the executable was ready in ${executable.median} ms, ${executable.ratio}x a bare Node start (target: within ${PLUGIN_READY_TARGET}x)`,
  ];
}
