// bin/pulumi-resource-tcs, the native plugin's launcher, and the module it starts (start.ts): on Node
// >= 22 the plugin runs; without Node the launcher says so in one line; with an older Node the plugin
// that only refuses runs, with the one line naming what was found and what to install
// (test/e2e/plugin-old-node.test.ts runs it on the engine). The launcher and start.ts are the real ones;
// the plugin and the refusing plugin are stand-ins that print what they were started with.
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as ts from "typescript";

const ROOT = path.join(__dirname, "..", "..", "..");
const LAUNCHER = path.join(ROOT, "bin", "pulumi-resource-tcs");

/** start.ts as tsc compiles it for dist/ (the launcher's package ships that). */
const START_JS = ts.transpileModule(fs.readFileSync(path.join(ROOT, "provider", "native", "start.ts"), "utf8"), {
  compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2023 },
}).outputText;

const standIn = (name: string) =>
  `process.stdout.write(JSON.stringify({ started: ${JSON.stringify(name)}, args: process.argv.slice(2) }));\n`;

/** The launcher in a package of its own, with (or without) start.js and stand-ins of the two modules it starts beside it. */
function packageWithLauncher(built: boolean): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-launcher-package-"));
  fs.mkdirSync(path.join(root, "bin"));
  fs.copyFileSync(LAUNCHER, path.join(root, "bin", "pulumi-resource-tcs"));
  if (built) {
    const native = path.join(root, "dist", "provider", "native");
    fs.mkdirSync(native, { recursive: true });
    fs.writeFileSync(path.join(native, "start.js"), START_JS);
    fs.writeFileSync(path.join(native, "entry.js"), standIn("entry"));
    fs.writeFileSync(path.join(native, "refusal-main.js"), standIn("refusal-main"));
  }
  return root;
}

/** A Node.js older than 22: the system's (v20 here), or this one made to report v20.11.0. */
function olderNode(dir: string): string {
  const candidates = execFileSync("bash", ["-c", "which -a node || true"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  const found = candidates.find(
    (node) =>
      Number(execFileSync(node, ["-p", "process.versions.node.split('.')[0]"], { encoding: "utf8" }).trim()) < 22,
  );
  if (found) return found;
  const preload = path.join(dir, "node-v20.js");
  fs.writeFileSync(
    preload,
    `Object.defineProperty(process, "versions", { value: { ...process.versions, node: "20.11.0" } });\nObject.defineProperty(process, "version", { value: "v20.11.0" });\n`,
  );
  const script = path.join(dir, "node-v20");
  fs.writeFileSync(script, `#!/bin/bash\nexec "${process.execPath}" --require "${preload}" "$@"\n`, { mode: 0o755 });
  return script;
}

/** A PATH holding only the shell's basics and, if given, `node`. */
function pathWithNode(node: "none" | "current" | "older"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-launcher-"));
  for (const tool of ["bash", "dirname", "readlink"]) {
    const found = spawnSync("bash", ["-c", `command -v ${tool}`], { encoding: "utf8" }).stdout.trim();
    fs.symlinkSync(found, path.join(dir, tool));
  }
  if (node !== "none") fs.symlinkSync(node === "current" ? process.execPath : olderNode(dir), path.join(dir, "node"));
  return dir;
}

function launch(node: "none" | "current" | "older", built = true) {
  const dir = pathWithNode(node);
  const root = packageWithLauncher(built);
  try {
    const result = spawnSync(
      path.join(dir, "bash"),
      [path.join(root, "bin", "pulumi-resource-tcs"), "127.0.0.1:1234"],
      {
        env: { PATH: dir },
        encoding: "utf8",
      },
    );
    return {
      status: result.status,
      stdout: result.stdout.trim(),
      stderr: result.stderr.trim(),
      node: path.join(dir, "node"),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(root, { recursive: true, force: true });
  }
}

test("without Node on PATH, it fails in one line saying what to install", () => {
  expect(launch("none")).toMatchObject({
    status: 1,
    stderr: expect.stringMatching(/^pulumi-resource-tcs needs Node\.js 22 or newer on PATH \(none found\)/),
  });
});

test("with Node 22 or newer, it runs the plugin with the engine's arguments only", () => {
  const { status, stdout, stderr } = launch("current");
  expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
  expect(JSON.parse(stdout)).toEqual({ started: "entry", args: ["127.0.0.1:1234"] });
});

test("with Node 20, it runs the refusing plugin with one line naming the version and the node found on PATH, then the engine's address", () => {
  const { status, stdout, stderr, node } = launch("older");
  expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
  const { started, args } = JSON.parse(stdout) as { started: string; args: string[] };
  expect(started).toBe("refusal-main");
  expect(args).toEqual([
    expect.stringMatching(
      /^pulumi-resource-tcs needs Node\.js 22 or newer \(found v20\.\d+\.\d+ at .*\): install a newer Node\.js and run pulumi again\.$/,
    ),
    "127.0.0.1:1234",
  ]);
  expect(args[0]).toContain(`at ${node})`);
});

test("with the package not built, it fails in one line on stderr naming the build", () => {
  const { status, stdout, stderr } = launch("current", false);
  expect({ status, stdout }).toEqual({ status: 1, stdout: "" });
  expect(stderr).toMatch(
    /^pulumi-resource-tcs: .*dist\/provider\/native\/start\.js is missing: the pulumi-tcs package is not built \(run npm run build in it\)\.$/,
  );
});
