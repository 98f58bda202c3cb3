// The plugin process's V8 settings (provider/engine/process/v8-settings.ts), set when the shim loads the
// implementation. Each is checked in fresh processes against a control without the plugin, so the
// check itself is shown to work: the young generation grows in a plain process and stays at its size
// in the plugin's; a hot WebAssembly function leaves the baseline compiler in a plain process and
// stays on it in the plugin's (read with V8's test natives).
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PLUGIN_V8_FLAGS } from "../../../provider/engine/process/v8-flags";
import { NATIVE_V8_FLAGS } from "../../../provider/native/v8-flags";

const ROOT = path.resolve(__dirname, "../../..");
const LOAD_PLUGIN = `require(${JSON.stringify(path.join(ROOT, "provider/impl.ts"))});`;

function run(script: string, nodeFlags: string[] = []): unknown {
  const stdout = execFileSync(process.execPath, [...nodeFlags, "--require", require.resolve("tsx/cjs"), "-e", script], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return JSON.parse(stdout);
}

/** The young generation's size (MB) after @pulumi/pulumi loaded (and `before`), and after 20 MB of objects that live on. */
function youngGeneration(before: string): { loaded: number; afterWork: number } {
  return run(`
    const v8 = require("node:v8");
    const young = () => Math.round(v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space").space_size / 1048576);
    require("@pulumi/pulumi");
    ${before}
    const loaded = young();
    const kept = [];
    for (let i = 0; i < 400000; i++) kept.push({ i, name: "resource-" + i });
    process.stdout.write(JSON.stringify({ loaded, afterWork: young(), kept: kept.length }));`) as {
    loaded: number;
    afterWork: number;
  };
}

/** A module exporting f(n): a loop of n additions, hot enough after 200 calls of 100,000 to be recompiled. */
const HOT_LOOP_MODULE = [
  0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 127, 1, 127, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0, 10, 27, 1, 25, 1, 1, 127,
  3, 64, 32, 1, 65, 1, 106, 33, 1, 32, 0, 65, 1, 107, 34, 0, 13, 0, 11, 32, 1, 11,
];

/** Runs `before`, then the hot loop; whether f is still on the baseline compiler. */
function staysOnBaseline(before: string): boolean {
  return run(
    `
    ${before}
    const module = new WebAssembly.Module(new Uint8Array(${JSON.stringify(HOT_LOOP_MODULE)}));
    const f = new WebAssembly.Instance(module).exports.f;
    if (f(10) !== 10) throw new Error("the test module computes the wrong sum");
    for (let i = 0; i < 200; i++) f(100000);
    // TurboFan compiles in the background: give it time to finish.
    setTimeout(() => process.stdout.write(JSON.stringify(%IsLiftoffFunction(f))), 500);`,
    ["--allow-natives-syntax"],
  ) as boolean;
}

describe("the plugin process's V8 settings", () => {
  it("the young generation grows under long-lived objects in a plain process (the check itself works)", () => {
    const { loaded, afterWork } = youngGeneration("");
    expect(afterWork).toBeGreaterThan(loaded);
  });

  it("the young generation stays at the size it had when the plugin loaded", () => {
    const { loaded, afterWork } = youngGeneration(LOAD_PLUGIN);
    expect(loaded).toBeGreaterThan(0);
    expect(afterWork).toBe(loaded);
  });

  it("a hot WebAssembly function leaves the baseline compiler in a plain process (the check itself works)", () => {
    expect(staysOnBaseline("")).toBe(false);
  });

  it("WebAssembly stays on the baseline compiler once the plugin is loaded (undici's HTTP parser)", () => {
    expect(staysOnBaseline(LOAD_PLUGIN)).toBe(true);
  });

  describe("in a process started with them (the single executable)", () => {
    const flags = [...PLUGIN_V8_FLAGS, ...NATIVE_V8_FLAGS];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-v8-flags-"));
    const cache = path.join(dir, "script.cache");
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    /** Whether V8 refuses the code cache of a small script made in another process with the same flags. */
    const cacheRefused = (before: string) =>
      run(
        `
        const vm = require("node:vm");
        ${before}
        const script = new vm.Script("(function () { return 1; })", { cachedData: require("node:fs").readFileSync(${JSON.stringify(cache)}) });
        process.stdout.write(JSON.stringify(script.cachedDataRejected));`,
        flags,
      );

    beforeAll(() => {
      run(
        `
        const script = new (require("node:vm").Script)("(function () { return 1; })");
        require("node:fs").writeFileSync(${JSON.stringify(cache)}, script.createCachedData());
        process.stdout.write("true");`,
        flags,
      );
    });

    it("a flag set again at run time, even to the value it has, makes V8 refuse the code cache (the check itself works)", () => {
      expect(cacheRefused(`require("node:v8").setFlagsFromString(${JSON.stringify(flags[0])});`)).toBe(true);
    });

    it("the plugin leaves them as they are, so the executable's code cache is accepted", () => {
      expect(
        cacheRefused(`${LOAD_PLUGIN} require(${JSON.stringify(path.join(ROOT, "provider/native/v8-settings.ts"))});`),
      ).toBe(false);
    });
  });
});
