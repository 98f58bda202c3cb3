// The launcher a Linux or macOS plugin tarball starts (scripts/release/launcher.ts), run by /bin/sh
// with nothing on PATH: on its own platform it execs the executable beside it with the engine's
// arguments; on another it exits 1 with one line naming this machine's tarball and the two commands
// that swap it. This machine's own platform decides which build plays which part.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { launcherScript } from "../../../scripts/release/launcher";
import { hostPlatform, PLATFORMS, type Platform } from "../../../scripts/release/platforms";

const host = hostPlatform();
const withHost = host?.uname ? it : it.skip;

function install(platform: Platform): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-launcher-"));
  fs.writeFileSync(path.join(dir, platform.executable), launcherScript(platform, "1.2.3"), { mode: 0o755 });
  // A stand-in for the executable: says it started, with which arguments.
  fs.writeFileSync(path.join(dir, `${platform.executable}-${platform.pulumi}`), '#!/bin/sh\necho "started $*"\n', {
    mode: 0o755,
  });
  return dir;
}

function start(dir: string) {
  return spawnSync(path.join(dir, "pulumi-resource-tcs"), ["127.0.0.1:4000"], {
    encoding: "utf8",
    env: { PATH: "/nonexistent" },
  });
}

withHost(
  "on its own platform: execs the executable beside it with the engine's arguments, needing nothing on PATH",
  () => {
    const dir = install(host!);
    try {
      expect(start(dir)).toMatchObject({ status: 0, stdout: "started 127.0.0.1:4000\n", stderr: "" });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);

withHost("on another platform: one line naming this machine's tarball and the commands that swap it, exit 1", () => {
  const other = PLATFORMS.find(
    (platform) => platform.uname && !platform.uname.some((name) => host!.uname!.includes(name)),
  )!;
  const dir = install(other);
  try {
    const started = start(dir);
    expect(started.status).toBe(1);
    expect(started.stdout).toBe("");
    expect(started.stderr).toBe(
      `pulumi-resource-tcs v1.2.3 is the ${other.pulumi} build (pulumi-resource-tcs-v1.2.3-${other.pulumi}.tar.gz) and this machine is ${host!.pulumi}: ` +
        `run pulumi plugin rm resource tcs 1.2.3 --yes, then pulumi plugin install resource tcs 1.2.3 --file pulumi-resource-tcs-v1.2.3-${host!.pulumi}.tar.gz\n`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("every platform but Windows has a launcher; each tarball's name is Pulumi's <os>-<arch>", () => {
  expect(PLATFORMS.map((platform) => platform.pulumi)).toEqual([
    "linux-amd64",
    "linux-arm64",
    "darwin-amd64",
    "darwin-arm64",
    "windows-amd64",
  ]);
  expect(PLATFORMS.filter((platform) => !platform.uname).map((platform) => platform.executable)).toEqual([
    "pulumi-resource-tcs.exe",
  ]);
  expect(() => launcherScript(PLATFORMS[4], "1.2.3")).toThrow(/windows-amd64 has no launcher/);
});
