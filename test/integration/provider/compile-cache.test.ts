// The plugin process's module compile cache (provider/engine/process/compile-cache.ts): loading the plugin
// turns Node's cache on, and what was compiled is on disk even when the process then dies by a
// signal, as the engine ends its plugins. Each check runs in a fresh process whose temporary directory
// (where the cache lives by default) is a directory of the test's own, against a control.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");
const COMPILE_CACHE = path.join(ROOT, "provider/engine/process/compile-cache.ts");

interface Outcome {
  /** What the process printed: the cache's directory, or "none" when the cache is off. */
  cacheDir: string;
  /** Files in the cache after the process died (the entry script's own modules included). */
  cached: string[];
}

/**
 * A fresh process that runs `before`, then loads a plain JavaScript module (zod), runs `after`, prints
 * the cache's directory and kills itself with SIGKILL: no exit handler runs, as when the engine stops a plugin.
 */
function runAndKill(before: string, after: string, env: Record<string, string> = {}): Outcome {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-compile-cache-"));
  try {
    // zod is loaded after the script's first turn, as the plugin loads its modules on the engine's first call.
    const script = `
      ${before}
      setTimeout(() => {
        require("zod");
        ${after}
        setTimeout(() => {
          process.stdout.write((require("node:module").getCompileCacheDir?.() ?? "none") + "\\n", () => process.kill(process.pid, "SIGKILL"));
        }, 50);
      }, 10);`;
    const { stdout } = spawnSync(process.execPath, ["--require", require.resolve("tsx/cjs"), "-e", script], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...withoutCacheSettings(process.env), TMPDIR: tmp, ...env },
    });
    const cacheRoot = path.join(tmp, "node-compile-cache");
    const cached = fs.existsSync(cacheRoot)
      ? fs
          .readdirSync(cacheRoot, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name)
      : [];
    return { cacheDir: stdout.trim().replace(tmp, "<tmp>"), cached };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** The environment without the user's cache settings (an empty NODE_DISABLE_COMPILE_CACHE still turns it off). */
function withoutCacheSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_COMPILE_CACHE: _dir, NODE_DISABLE_COMPILE_CACHE: _off, ...rest } = env;
  return rest;
}

const LOAD = `const { saveCompiledModules } = require(${JSON.stringify(COMPILE_CACHE)});`;

describe("the plugin process's module compile cache", () => {
  it("is off in a plain process (the check itself works)", () => {
    expect(runAndKill("", "")).toEqual({ cacheDir: "none", cached: [] });
  });

  it("is on once the plugin loads, in the system's temporary directory", () => {
    expect(runAndKill(LOAD, "").cacheDir).toMatch(/^<tmp>\/node-compile-cache\//);
  });

  it("keeps what was compiled once saved, though the process then dies by a signal", () => {
    expect(runAndKill(LOAD, "saveCompiledModules();").cached.length).toBeGreaterThan(10);
  });

  it("stays off when the user turns Node's compile cache off", () => {
    expect(runAndKill(LOAD, "saveCompiledModules();", { NODE_DISABLE_COMPILE_CACHE: "1" })).toEqual({
      cacheDir: "none",
      cached: [],
    });
  });
});
