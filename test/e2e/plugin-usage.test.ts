// The plugin executable's own usage (issue 59): the script plugin (bin/pulumi-resource-tcs, on dist/)
// started by a user with a mistyped command, --help or --version answers on its own, where it took any
// word for the engine's address and exited 1 with nothing said (the any-language drift workflow then
// pointed at "the log above" over an empty log). The engine's start, its address last after flags of
// its own, still serves the provider (every native-door e2e test starts it the plain way).
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../lib/engine";

const PLUGIN = path.join(REPO_ROOT, "bin", "pulumi-resource-tcs");
const VERSION = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string })
  .version;

/** The plugin started with `args` and stdin closed, as a user's shell in CI starts it. */
function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(PLUGIN, args, { stdio: ["ignore", "pipe", "pipe"] });
    let [stdout, stderr] = ["", ""];
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The first line the plugin prints on stdout when the engine starts it with `args` (its port), stdin held open as the engine holds it. */
function firstLine(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(PLUGIN, args, { stdio: ["pipe", "pipe", "pipe"] });
    let [stdout, stderr] = ["", ""];
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!stdout.includes("\n")) return;
      child.kill();
      resolve(stdout.split("\n")[0]);
    });
    child.once("close", (code) => reject(new Error(`the plugin exited (${code}) before printing its port: ${stderr}`)));
  });
}

describe("pulumi-resource-tcs started by a user", () => {
  it("names a mistyped command and prints the usage on stderr, exiting 1 as a check that could not run", async () => {
    const result = await run(["drfit", "--stack", "production"]);
    expect(result).toMatchObject({ code: 1, stdout: "" });
    expect(result.stderr).toContain("pulumi-resource-tcs: unknown command 'drfit'");
    expect(result.stderr).toMatch(/Usage: pulumi-resource-tcs <command> \[options\][^]*drift[^]*generate[^]*orphan/);
  });

  it("prints its version for --version, and its usage for --help", async () => {
    expect(await run(["--version"])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: "" });
    const help = await run(["--help"]);
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toMatch(/^Usage: pulumi-resource-tcs <command>/);
  });

  it("takes an unknown flag for a user's too, not for the engine's start", async () => {
    const result = await run(["--stack", "production"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("unknown command '--stack'");
  });
});

describe("pulumi-resource-tcs started by the engine", () => {
  it.each([
    ["its address alone", ["127.0.0.1:1"]],
    [
      "its log and tracing flags first (pulumi --logflow -v=9 --logtostderr --tracing)",
      ["--logtostderr", "-v=9", "--tracing", "file:/dev/null", "127.0.0.1:1"],
    ],
  ])("serves the provider with %s", async (_name, args) => {
    expect(await firstLine(args)).toMatch(/^\d+$/);
  });
});
