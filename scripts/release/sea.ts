// The plugin as one executable: a Node.js runtime with the bundled plugin injected as a single
// executable application (https://nodejs.org/api/single-executable-applications.html). The
// preparation blob is made by a runtime of the same version running here, then injected into the
// target platform's runtime with postject. No node is needed where it runs: it is its own. This
// machine's platform's executable starts from a V8 startup snapshot of the plugin loaded
// (sea-main.ts); a snapshot is made by the runtime that runs it, so every other platform's evaluates
// its bundle at each start.
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { PLUGIN_V8_FLAGS } from "../../provider/engine/process/v8-flags";
import { NATIVE_V8_FLAGS } from "../../provider/native/v8-flags";
import { nodeRuntime } from "./node-runtime";
import { hostPlatform, type Platform } from "./platforms";
import type { Bundle } from "./bundle";
import { BUNDLE_ASSET, DEFERRED_MODULES, plainMainScript, snapshotMainScript } from "./sea-main";

// postject ships no types: its one function, as its README gives it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { inject } = require("postject") as {
  inject(
    file: string,
    resource: string,
    data: Buffer,
    options: { sentinelFuse: string; machoSegmentName?: string },
  ): Promise<void>;
};

/** Node's fuse for a single executable (the string `postject` flips in the runtime's binary). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

export interface Executable {
  platform: Platform;
  file: string;
  /** Whether it starts from a V8 startup snapshot of the plugin loaded (made here: this platform only). */
  snapshot: boolean;
}

/**
 * The flags the executable starts with: the plugin's V8 flags, given on its command line (V8 reads
 * some only as it starts), and on the command line of the runtime that makes its snapshot
 * (provider/engine/process/v8-flags.ts).
 */
export const EXECUTABLE_V8_FLAGS: readonly string[] = [...PLUGIN_V8_FLAGS, ...NATIVE_V8_FLAGS];

/** What the deferred modules' stand-ins answer while the snapshot is made: their constants, as `runtime` has them. */
function deferredAtBuild(runtime: string): Record<string, Record<string, unknown>> {
  const script = `const found = {}; for (const name of ${JSON.stringify(DEFERRED_MODULES)}) { const constants = require(name).constants; found[name] = constants === undefined ? {} : { constants }; } process.stdout.write(JSON.stringify(found));`;
  return JSON.parse(execFileSync(runtime, ["-e", script], { encoding: "utf8", env: {} })) as Record<
    string,
    Record<string, unknown>
  >;
}

/** The blob for the platform's runtime version, made by that version of this machine's runtime. */
function prepareBlob(bundle: Bundle, platform: Platform, workDir: string): { blob: string; snapshot: boolean } {
  const host = hostPlatform();
  if (!host)
    throw new Error(
      `the plugin executable is built on ${PLATFORM_NAMES()}; this machine is ${process.platform}-${process.arch}`,
    );
  // A snapshot is made by the runtime that will run it.
  const snapshot = host.node === platform.node;
  const name = `sea-${platform.runtimeVersion}-${snapshot ? "snapshot" : "plain"}`;
  const blob = path.join(workDir, `${name}.blob`);
  const newest = Math.max(...[bundle.file, ...Object.values(bundle.assets)].map((file) => fs.statSync(file).mtimeMs));
  if (fs.existsSync(blob) && fs.statSync(blob).mtimeMs >= newest) return { blob, snapshot };
  const runtime = nodeRuntime(host.runtimePackage, platform.runtimeVersion, host.runtimePath);
  const main = path.join(workDir, `${name}-main.js`);
  const assets: Record<string, string> = { ...bundle.assets };
  if (snapshot) {
    fs.writeFileSync(
      main,
      snapshotMainScript(fs.readFileSync(bundle.file, "utf8"), bundle.lazySpecifiers, deferredAtBuild(runtime)),
    );
  } else {
    fs.writeFileSync(main, plainMainScript(bundle.lazySpecifiers));
    assets[BUNDLE_ASSET] = bundle.file;
  }
  const config = path.join(workDir, `${name}.json`);
  fs.writeFileSync(
    config,
    JSON.stringify({
      main,
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache: false,
      useSnapshot: snapshot,
      assets,
      execArgv: EXECUTABLE_V8_FLAGS,
      // NODE_OPTIONS is meant for the user's own Node programs (a --require there would break the
      // plugin), and its V8 flags are not the ones the snapshot was made with.
      execArgvExtension: "none",
    }),
  );
  // With the executable's V8 flags, and an empty environment: what the modules read from it as they
  // load is kept in the snapshot (sea-main.ts).
  const made = spawnSync(runtime, [...(snapshot ? EXECUTABLE_V8_FLAGS : []), "--experimental-sea-config", config], {
    cwd: workDir,
    env: {},
    encoding: "utf8",
  });
  if (made.status !== 0)
    throw new Error(
      `the executable's preparation blob for ${platform.pulumi} was not made (${made.status ?? made.signal}):\n${made.stderr}`,
    );
  return { blob, snapshot };
}

const PLATFORM_NAMES = () => "linux-x64, linux-arm64, darwin-x64, darwin-arm64 or win32-x64";

/** <outDir>/<executable> for the platform: its runtime with the bundle injected. */
export async function buildExecutable(
  bundle: Bundle,
  platform: Platform,
  workDir: string,
  outDir: string,
): Promise<Executable> {
  fs.mkdirSync(outDir, { recursive: true });
  const { blob, snapshot } = prepareBlob(bundle, platform, workDir);
  const runtime = nodeRuntime(platform.runtimePackage, platform.runtimeVersion, platform.runtimePath);
  const file = path.join(outDir, platform.executable);
  fs.copyFileSync(runtime, file);
  fs.chmodSync(file, 0o755);
  await inject(file, "NODE_SEA_BLOB", fs.readFileSync(blob), {
    sentinelFuse: SEA_FUSE,
    // Mach-O keeps the blob in a segment of its own.
    machoSegmentName: platform.node.startsWith("darwin") ? "NODE_SEA" : undefined,
  });
  return { platform, file, snapshot };
}
