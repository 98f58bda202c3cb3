// The main script of the plugin's single executable, and the run that makes its code cache.
// Node's own `useCodeCache` compiles the bundle without running it, so its cache holds only the
// bundle's top level: every module's function is compiled again on every start. Instead, the bundle
// is an asset of the executable, and its cache is taken from a run of the plugin up to the moment it
// prints its port, so that everything a start runs comes compiled. V8 accepts that cache only in a
// runtime of the same version with the same flags: the run is made by this platform's runtime with
// the executable's flags on its command line.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

export const BUNDLE_ASSET = "pulumi-resource-tcs.js";
export const CACHE_ASSET = "pulumi-resource-tcs.cache";

// The bundle runs as a CommonJS module's body would, in the same wrapper on both sides (V8 checks
// the cached source's length).
const WRAP = `const wrap = (source) => "(function (exports, require, module, __filename, __dirname) {" + source + "\\n})";`;
const RUN = `const bundled = { exports: {} };
script.runInThisContext()(bundled.exports, require, bundled, filename, require("node:path").dirname(filename));`;

/** The executable's main script: the bundle from its assets, compiled with its code cache if it has one. */
export function seaMainScript(withCache: boolean): string {
  return `"use strict";
const sea = require("node:sea");
const vm = require("node:vm");
${WRAP}
const filename = process.execPath;
// The assets as the executable holds them, read in place (getAsset would copy them first).
const cachedData = ${withCache ? `Buffer.from(sea.getRawAsset(${JSON.stringify(CACHE_ASSET)}))` : "undefined"};
const source = new TextDecoder().decode(sea.getRawAsset(${JSON.stringify(BUNDLE_ASSET)}));
const script = new vm.Script(wrap(source), { filename, cachedData });
if (script.cachedDataRejected) process.stderr.write("pulumi-resource-tcs: V8 rejected the code cache built into this executable; starting without it\\n");
${RUN}
`;
}

/** The script that runs the bundle until its port is printed, then writes the code cache. */
function producerScript(bundle: string, cacheFile: string): string {
  return `"use strict";
const fs = require("node:fs");
const vm = require("node:vm");
${WRAP}
const filename = ${JSON.stringify(bundle)};
const script = new vm.Script(wrap(fs.readFileSync(filename, "utf8")), { filename });
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const written = write(chunk, ...rest);
  fs.writeFileSync(${JSON.stringify(cacheFile)}, script.createCachedData());
  process.exit(0);
  return written;
};
${RUN}
`;
}

/** Runs the bundle with `runtime` and `flags` until it prints its port; returns the code cache's file. */
export async function makeCodeCache(runtime: string, flags: readonly string[], bundle: string, workDir: string): Promise<string> {
  const cacheFile = path.join(workDir, CACHE_ASSET);
  const script = path.join(workDir, "make-code-cache.cjs");
  fs.writeFileSync(script, producerScript(bundle, cacheFile));
  fs.rmSync(cacheFile, { force: true });
  // stdin stays open: the plugin ends when the engine, its stdin's writer, goes.
  const child = spawn(runtime, [...flags, script], { stdio: ["pipe", "ignore", "inherit"] });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", resolve);
  });
  child.stdin.destroy();
  if (code !== 0 || !fs.existsSync(cacheFile)) throw new Error(`the plugin's run to make its code cache ended with ${code} before printing its port`);
  return cacheFile;
}
