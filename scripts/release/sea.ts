// The plugin as one executable: a Node.js runtime with the bundled plugin injected as a single
// executable application (https://nodejs.org/api/single-executable-applications.html). The
// preparation blob is made by a runtime of the same version running here, then injected into the
// target platform's runtime with postject. No node is needed where it runs: it is its own.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { nodeRuntime } from "./node-runtime";
import { hostPlatform, type Platform } from "./platforms";

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
  /** Whether it carries V8's code cache of the plugin's script (made here: this platform only). */
  codeCache: boolean;
}

/** The blob for the platform's runtime version, made by that version of this machine's runtime. */
function prepareBlob(bundle: string, platform: Platform, workDir: string): { blob: string; codeCache: boolean } {
  const host = hostPlatform();
  if (!host) throw new Error(`the plugin executable is built on ${PLATFORM_NAMES()}; this machine is ${process.platform}-${process.arch}`);
  const codeCache = host.node === platform.node;
  const blob = path.join(workDir, `sea-${platform.runtimeVersion}-${codeCache ? "cached" : "plain"}.blob`);
  if (fs.existsSync(blob) && fs.statSync(blob).mtimeMs >= fs.statSync(bundle).mtimeMs) return { blob, codeCache };
  const config = path.join(workDir, `sea-${platform.runtimeVersion}-${codeCache ? "cached" : "plain"}.json`);
  fs.writeFileSync(
    config,
    JSON.stringify({
      main: bundle,
      output: blob,
      disableExperimentalSEAWarning: true,
      // V8 refuses a code cache made by another platform's runtime.
      useCodeCache: codeCache,
      useSnapshot: false,
    }),
  );
  const runtime = nodeRuntime(host.runtimePackage, platform.runtimeVersion, host.runtimePath);
  execFileSync(runtime, ["--experimental-sea-config", config], { cwd: workDir, stdio: ["ignore", "ignore", "inherit"] });
  return { blob, codeCache };
}

const PLATFORM_NAMES = () => "linux-x64, linux-arm64, darwin-x64, darwin-arm64 or win32-x64";

/** <outDir>/<executable> for the platform: its runtime with the bundle injected. */
export async function buildExecutable(bundle: string, platform: Platform, workDir: string, outDir: string): Promise<Executable> {
  fs.mkdirSync(outDir, { recursive: true });
  const { blob, codeCache } = prepareBlob(bundle, platform, workDir);
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
