// A plugin tarball in Pulumi's layout, pulumi-resource-tcs-v<version>-<os>-<arch>.tar.gz: the files
// at its root, the one the engine starts named pulumi-resource-tcs (.exe on Windows). What
// `pulumi plugin install resource tcs <version> --file <tarball>` installs, and what the engine
// downloads by itself from the schema's pluginDownloadURL (a GitHub release holding these tarballs).
// Reproducible: sorted entries, no owner, a fixed date (SOURCE_DATE_EPOCH, else the epoch), gzip
// without a name or time.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { launcherScript } from "./launcher";
import type { Platform } from "./platforms";

export function tarballName(platform: Platform, version: string): string {
  return `pulumi-resource-tcs-v${version}-${platform.pulumi}.tar.gz`;
}

export interface TarballInput {
  platform: Platform;
  version: string;
  /** The single executable built for the platform. */
  executable: string;
  /** Node's licence and those of the bundled packages. */
  notices: string;
}

/** Writes <outDir>/<tarballName>, staging its files in <workDir>/<platform>-tarball. */
export function writePluginTarball(input: TarballInput, workDir: string, outDir: string): string {
  const { platform, version } = input;
  const stage = path.join(workDir, `${platform.pulumi}-tarball`);
  fs.rmSync(stage, { recursive: true, force: true });
  fs.mkdirSync(stage, { recursive: true });
  const files: string[] = [];
  const add = (name: string, write: (file: string) => void, mode: number) => {
    write(path.join(stage, name));
    fs.chmodSync(path.join(stage, name), mode);
    files.push(name);
  };
  if (platform.uname) {
    add(platform.executable, (file) => fs.writeFileSync(file, launcherScript(platform, version)), 0o755);
    add(`${platform.executable}-${platform.pulumi}`, (file) => fs.copyFileSync(input.executable, file), 0o755);
  } else {
    add(platform.executable, (file) => fs.copyFileSync(input.executable, file), 0o755);
  }
  add("README.md", (file) => fs.writeFileSync(file, readme(platform, version)), 0o644);
  add("THIRD-PARTY-NOTICES.txt", (file) => fs.writeFileSync(file, input.notices), 0o644);
  fs.mkdirSync(outDir, { recursive: true });
  const out = path.join(outDir, tarballName(platform, version));
  const mtime = `@${process.env.SOURCE_DATE_EPOCH || "0"}`;
  const tar = execFileSync(
    "tar",
    [
      "--sort=name",
      "--owner=0",
      "--group=0",
      "--numeric-owner",
      `--mtime=${mtime}`,
      "-cf",
      "-",
      "-C",
      stage,
      ...files.sort(),
    ],
    {
      maxBuffer: 1024 * 1024 * 1024,
    },
  );
  fs.writeFileSync(out, execFileSync("gzip", ["-n", "-6"], { input: tar, maxBuffer: 1024 * 1024 * 1024 }));
  fs.rmSync(stage, { recursive: true, force: true });
  return out;
}

function readme(platform: Platform, version: string): string {
  const mac = platform.node.startsWith("darwin")
    ? [
        "",
        "macOS: the executable is signed ad hoc by the release workflow. One built elsewhere is not signed; sign it",
        `once with \`codesign --force --sign - ~/.pulumi/plugins/resource-tcs-v${version}/${platform.executable}-${platform.pulumi}\`.`,
      ]
    : [];
  return [
    `# pulumi-resource-tcs v${version} (${platform.pulumi})`,
    "",
    "The Pulumi resource provider for the Tool Connectivity Service, as one executable with its own",
    `Node.js ${platform.runtimeVersion} runtime: nothing else to install. Install it with`,
    "",
    `    pulumi plugin install resource tcs ${version} --file ${tarballName(platform, version)}`,
    "",
    "or let the engine fetch it: the SDKs name the plugin and where to download it.",
    "",
    "The same executable carries the project's tools, for a repository in any language (run it with",
    `--help for their options; installed, it is ~/.pulumi/plugins/resource-tcs-v${version}/${platform.executable}):`,
    "",
    `    ${platform.executable} drift --stack production --markdown drift.md   # exit 0 clean, 2 drift, 1 error`,
    `    ${platform.executable} generate --import-file import.json              # then: pulumi import --file import.json`,
    ...mac,
    "",
  ].join("\n");
}
