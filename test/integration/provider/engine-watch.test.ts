// The plugin's process ends with the engine that started it (provider/engine-watch.ts), even
// when the engine is killed and cannot stop it. Each test starts a stand-in for the engine (a node
// process), which starts the plugin the way the real one does; the plugin loads the provider's entry
// (provider/impl.ts, as the serialized shim does) and then has a day's wait pending, as a request
// waiting out a long Retry-After would. The engine is killed with SIGKILL; the plugin must be gone
// within seconds.
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startedByEngine } from "../../../provider/engine/process/engine-watch";

const ROOT = path.resolve(__dirname, "../../..");
const TSX = require.resolve("tsx/cjs");
const IMPL = path.join(ROOT, "provider/impl.ts");

/** What the plugin runs: the provider's entry, its pid for the test, and a wait of a day. */
const PLUGIN_WORK = `require(${JSON.stringify(IMPL)}); process.stdout.write(process.pid + "\\n"); setTimeout(() => {}, 86_400_000);`;

let scratch: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-engine-watch-"));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const started: number[] = [];
afterEach(() => {
  // A plugin left behind by a failing test must not outlive it.
  for (const pid of started.splice(0)) if (running(pid)) process.kill(pid, "SIGKILL");
});

/**
 * @pulumi/pulumi's dynamic provider host, as node sees it (its path is how the plugin knows it was
 * started by the engine), running the plugin's work; and the engine's script in front of it, shaped
 * as pulumi-resource-pulumi-nodejs: `node <host> <engine address>` inside an if, so the shell stays.
 */
function pluginBehindScript(work: string): string {
  const host = path.join(scratch, "node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js");
  fs.mkdirSync(path.dirname(host), { recursive: true });
  fs.writeFileSync(host, work);
  const script = path.join(scratch, "pulumi-resource-pulumi-nodejs");
  fs.writeFileSync(
    script,
    `#!/bin/sh\nPULUMI_DYNAMIC_PROVIDER_SCRIPT_PATH=${JSON.stringify(host)}\nif [ ! -z "$PULUMI_DYNAMIC_PROVIDER_SCRIPT_PATH" ]; then\n    ${JSON.stringify(process.execPath)} --require ${JSON.stringify(TSX)} "$PULUMI_DYNAMIC_PROVIDER_SCRIPT_PATH" $@\nfi\n`,
    { mode: 0o755 },
  );
  return script;
}

/**
 * Starts the stand-in engine, which starts the plugin (`command`, with a pipe for stdin that only the
 * engine writes to when `stdinPipe`, as the real engine does) and reports each line the plugin prints.
 */
function startEngine(command: string[], stdinPipe: boolean): ChildProcess {
  const engine = `
    const { spawn } = require("node:child_process");
    const plugin = spawn(${JSON.stringify(command[0])}, ${JSON.stringify(command.slice(1))}, { stdio: [${stdinPipe ? '"pipe"' : '"ignore"'}, "inherit", "inherit"] });
    plugin.on("exit", (code) => { process.stdout.write("exit " + code + "\\n"); process.exit(0); });
    setInterval(() => {}, 1000);`;
  return spawn(process.execPath, ["-e", engine], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
}

/** The next line a process prints. */
function nextLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const end = text.indexOf("\n");
      if (end < 0) return;
      child.stdout!.off("data", onData);
      resolve(text.slice(0, end));
    };
    child.stdout!.on("data", onData);
    child.once("exit", () => reject(new Error(`exited before printing a line (got ${JSON.stringify(text)})`)));
  });
}

/** Whether a process still runs (a zombie, waiting for a parent that does not reap it, does not). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return true;
  }
}

async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!running(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !running(pid);
}

describe("the plugin's process when the engine goes away", () => {
  it("exits when its parent is killed, with a day's wait pending", async () => {
    const engine = startEngine([process.execPath, "--require", TSX, "-e", PLUGIN_WORK], false);
    const plugin = Number(await nextLine(engine));
    started.push(plugin);
    expect(running(plugin)).toBe(true);
    engine.kill("SIGKILL");
    expect(await goneWithin(plugin, 5000)).toBe(true);
  }, 30_000);

  it("exits when the engine is killed behind the shell script that started it (whose own process lives on)", async () => {
    const engine = startEngine([pluginBehindScript(PLUGIN_WORK)], true);
    const plugin = Number(await nextLine(engine));
    started.push(plugin);
    // As with the real engine, the plugin's parent is the script's shell, not the engine.
    expect(fs.readFileSync(`/proc/${plugin}/stat`, "utf8").split(") ")[1]!.split(" ")[1]).not.toBe(String(engine.pid));
    engine.kill("SIGKILL");
    expect(await goneWithin(plugin, 5000)).toBe(true);
  }, 30_000);

  it("keeps nothing alive itself: a plugin with nothing left to do ends on its own while the engine runs", async () => {
    const engine = startEngine(
      [pluginBehindScript(`require(${JSON.stringify(IMPL)}); process.stdout.write(process.pid + "\\n");`)],
      true,
    );
    started.push(Number(await nextLine(engine)));
    expect(await nextLine(engine)).toBe("exit 0");
    engine.kill("SIGKILL");
  }, 30_000);
});

describe("startedByEngine", () => {
  it("is true only for @pulumi/pulumi's dynamic provider host with a pipe for stdin", () => {
    const host = "/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js";
    expect(startedByEngine(host, () => true)).toBe(true);
    expect(startedByEngine("/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider", () => true)).toBe(true);
    expect(startedByEngine(host, () => false)).toBe(false);
    expect(startedByEngine("/p/node_modules/jest/bin/jest.js", () => true)).toBe(false);
    expect(startedByEngine(undefined, () => true)).toBe(false);
  });
});
