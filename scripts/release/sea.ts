// The plugin as one executable: a Node.js runtime with the bundled plugin injected as a single
// executable application (https://nodejs.org/api/single-executable-applications.html). The
// preparation blob is made by a runtime of the same version running here, then injected into the
// target platform's runtime with postject. No node is needed where it runs: it is its own.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { PLUGIN_V8_FLAGS } from "../../provider/engine/process/v8-flags";
import { NATIVE_V8_FLAGS } from "../../provider/native/v8-flags";
import { nodeRuntime } from "./node-runtime";
import { hostPlatform, type Platform } from "./platforms";
import { BUNDLE_ASSET, CACHE_ASSET, makeCodeCache, seaMainScript } from "./sea-main";

// postject ships no types: its one function, as its README gives it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { inject } = require("postject") as {
  inject(file: string, resource: string, data: Buffer, options: { sentinelFuse: string; machoSegmentName?: string }): Promise<void>;
};

/** Node's fuse for a single executable (the string `postject` flips in the runtime's binary). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

export interface Executable {
  platform: Platform;
  file: string;
  /** Whether it carries V8's code cache of the plugin's start (made here: this platform only). */
  codeCache: boolean;
}

/**
 * The flags the executable starts with: the plugin's V8 flags, given on its command line so that the
 * code cache made with them is accepted (provider/engine/process/v8-flags.ts).
 */
export const EXECUTABLE_V8_FLAGS: readonly string[] = [...PLUGIN_V8_FLAGS, ...NATIVE_V8_FLAGS];

/** The blob for the platform's runtime version, made by that version of this machine's runtime. */
async function prepareBlob(bundle: string, platform: Platform, workDir: string): Promise<{ blob: string; codeCache: boolean }> {
  const host = hostPlatform();
  if (!host) throw new Error(`the plugin executable is built on ${PLATFORM_NAMES()}; this machine is ${process.platform}-${process.arch}`);
  // V8 refuses a code cache made by another platform's runtime.
  const codeCache = host.node === platform.node;
  const name = `sea-${platform.runtimeVersion}-${codeCache ? "cached" : "plain"}`;
  const blob = path.join(workDir, `${name}.blob`);
  if (fs.existsSync(blob) && fs.statSync(blob).mtimeMs >= fs.statSync(bundle).mtimeMs) return { blob, codeCache };
  const runtime = nodeRuntime(host.runtimePackage, platform.runtimeVersion, host.runtimePath);
  const main = path.join(workDir, `${name}-main.js`);
  fs.writeFileSync(main, seaMainScript(codeCache));
  const assets: Record<string, string> = { [BUNDLE_ASSET]: bundle };
  if (codeCache) assets[CACHE_ASSET] = await makeCodeCache(runtime, EXECUTABLE_V8_FLAGS, bundle, workDir);
  const config = path.join(workDir, `${name}.json`);
  fs.writeFileSync(
    config,
    JSON.stringify({
      main,
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache: false,
      useSnapshot: false,
      assets,
      execArgv: EXECUTABLE_V8_FLAGS,
      // NODE_OPTIONS is meant for the user's own Node programs (a --require there would break the
      // plugin), and V8 flags from it would make V8 refuse the code cache.
      execArgvExtension: "none",
    }),
  );
  execFileSync(runtime, ["--experimental-sea-config", config], { cwd: workDir, stdio: ["ignore", "ignore", "inherit"] });
  return { blob, codeCache };
}

const PLATFORM_NAMES = () => "linux-x64, linux-arm64, darwin-x64, darwin-arm64 or win32-x64";

/** <outDir>/<executable> for the platform: its runtime with the bundle injected. */
export async function buildExecutable(bundle: string, platform: Platform, workDir: string, outDir: string): Promise<Executable> {
  fs.mkdirSync(outDir, { recursive: true });
  const { blob, codeCache } = await prepareBlob(bundle, platform, workDir);
  const runtime = nodeRuntime(platform.runtimePackage, platform.runtimeVersion, platform.runtimePath);
  const file = path.join(outDir, platform.executable);
  fs.copyFileSync(runtime, file);
  fs.chmodSync(file, 0o755);
  await inject(file, "NODE_SEA_BLOB", fs.readFileSync(blob), {
    sentinelFuse: SEA_FUSE,
    // Mach-O keeps the blob in a segment of its own.
    machoSegmentName: platform.node.startsWith("darwin") ? "NODE_SEA" : undefined,
  });
  return { platform, file, codeCache };
}
