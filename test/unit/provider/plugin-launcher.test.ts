// bin/pulumi-resource-tcs, the native plugin's launcher: on Node >= 22 it runs the plugin; without
// Node it says so in one line; with an older one it runs the plugin that only refuses, with the one
// line naming what it found and what to install (test/e2e/plugin-old-node.test.ts runs it on the engine).
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const LAUNCHER = path.join(__dirname, "..", "..", "..", "bin", "pulumi-resource-tcs");

/** The launcher in a package of its own, with (or without) a built refusing plugin beside it. */
function packageWithLauncher(built: boolean): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-launcher-package-"));
  fs.mkdirSync(path.join(root, "bin"));
  fs.copyFileSync(LAUNCHER, path.join(root, "bin", "pulumi-resource-tcs"));
  if (built) {
    fs.mkdirSync(path.join(root, "dist", "provider", "native"), { recursive: true });
    fs.writeFileSync(path.join(root, "dist", "provider", "native", "refusal-main.js"), "");
  }
  return root;
}

/** A PATH holding only the shell's basics and, if given, a `node` that reports this version and otherwise prints its arguments. */
function pathWithNode(version: string | undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-launcher-"));
  for (const tool of ["bash", "dirname", "readlink"]) {
    const found = spawnSync("bash", ["-c", `command -v ${tool}`], { encoding: "utf8" }).stdout.trim();
    fs.symlinkSync(found, path.join(dir, tool));
  }
  if (version) {
    const major = version.split(".")[0];
    const script = `#!/bin/bash\ncase "$1" in --version) echo v${version} ;; -p) echo ${major} ;; *) printf '%s\\n' "$@" ;; esac\n`;
    fs.writeFileSync(path.join(dir, "node"), script, { mode: 0o755 });
  }
  return dir;
}

function launch(version: string | undefined, built = true): { status: number | null; stdout: string; stderr: string } {
  const dir = pathWithNode(version);
  const root = packageWithLauncher(built);
  try {
    const result = spawnSync(path.join(dir, "bash"), [path.join(root, "bin", "pulumi-resource-tcs"), "127.0.0.1:1234"], {
      env: { PATH: dir },
      encoding: "utf8",
    });
    return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(root, { recursive: true, force: true });
  }
}

test("without Node on PATH, it fails in one line saying what to install", () => {
  expect(launch(undefined)).toMatchObject({
    status: 1,
    stderr: expect.stringMatching(/^pulumi-resource-tcs needs Node\.js 22 or newer on PATH \(none found\)/),
  });
});

test("with Node 20, it runs the refusing plugin with one line naming the version found, then the engine's address", () => {
  const { status, stdout, stderr } = launch("20.11.0");
  expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
  const [script, message, engine, ...rest] = stdout.split("\n");
  expect(script).toMatch(/dist\/provider\/native\/refusal-main\.js$/);
  expect(message).toMatch(/^pulumi-resource-tcs needs Node\.js 22 or newer \(found v20\.11\.0 at .*node\): install a newer Node\.js and run pulumi again\.$/);
  expect([engine, ...rest]).toEqual(["127.0.0.1:1234"]);
});

test("with Node 20 and the package not built, it fails in one line on stderr", () => {
  const { status, stdout, stderr } = launch("20.11.0", false);
  expect({ status, stdout }).toEqual({ status: 1, stdout: "" });
  expect(stderr).toMatch(/^pulumi-resource-tcs needs Node\.js 22 or newer \(found v20\.11\.0 at .*node\): install a newer Node\.js and run pulumi again\.$/);
});
