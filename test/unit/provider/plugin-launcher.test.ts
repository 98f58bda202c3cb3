// bin/pulumi-resource-tcs, the native plugin's launcher: on Node >= 22 it runs the plugin; without
// Node, or with an older one, it says so in one line naming what it found and what to install.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const LAUNCHER = path.join(__dirname, "..", "..", "..", "bin", "pulumi-resource-tcs");

/** A PATH holding only the shell's basics and, if given, a `node` that reports this version. */
function pathWithNode(version: string | undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-launcher-"));
  for (const tool of ["bash", "dirname", "readlink"]) {
    const found = spawnSync("bash", ["-c", `command -v ${tool}`], { encoding: "utf8" }).stdout.trim();
    fs.symlinkSync(found, path.join(dir, tool));
  }
  if (version) {
    const major = version.split(".")[0];
    fs.writeFileSync(path.join(dir, "node"), `#!/bin/bash\n[ "$1" = "--version" ] && echo v${version} && exit 0\necho ${major}\n`, { mode: 0o755 });
  }
  return dir;
}

function launch(version: string | undefined): { status: number | null; stderr: string } {
  const dir = pathWithNode(version);
  try {
    const result = spawnSync(path.join(dir, "bash"), [LAUNCHER], { env: { PATH: dir }, encoding: "utf8" });
    return { status: result.status, stderr: result.stderr.trim() };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test("without Node on PATH, it fails in one line saying what to install", () => {
  expect(launch(undefined)).toEqual({ status: 1, stderr: expect.stringMatching(/^pulumi-resource-tcs needs Node\.js 22 or newer on PATH \(none found\)/) });
});

test("with Node 20, it fails in one line naming the version found", () => {
  const { status, stderr } = launch("20.11.0");
  expect(status).toBe(1);
  expect(stderr).toMatch(/^pulumi-resource-tcs needs Node\.js 22 or newer \(found v20\.11\.0 at .*node\)/);
  expect(stderr.split("\n")).toHaveLength(1);
});
