// A Node.js runtime from the npm registry, fetched once into the user's cache (beside the Node that
// scripts/env.sh fetches). `npm pack` downloads a package whatever platform it is for, where
// `npm install` would refuse another platform's runtime.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export const CACHE_ROOT =
  process.env.PULUMI_TCS_CACHE ||
  path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "pulumi-tcs");

/** The runtime's path, fetching <packageName>@<version> first when it is not in the cache. */
export function nodeRuntime(packageName: string, version: string, runtimePath: string): string {
  const dir = path.join(CACHE_ROOT, "node-runtimes", `${packageName}-${version}`);
  const runtime = path.join(dir, runtimePath);
  if (fs.existsSync(runtime)) return runtime;
  const partial = `${dir}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  try {
    process.stderr.write(`[dist] fetching ${packageName}@${version} from the npm registry (once)\n`);
    const tarball = execFileSync(
      "npm",
      ["pack", "--silent", "--pack-destination", partial, `${packageName}@${version}`],
      { encoding: "utf8" },
    ).trim();
    const unpack = (member: string) =>
      execFileSync(
        "tar",
        ["-xzf", path.join(partial, tarball), "-C", partial, "--strip-components=1", `package/${member}`],
        { stdio: "ignore" },
      );
    unpack(runtimePath);
    // Node's licence, which goes with the runtime; some of these packages leave it out (runtimeLicense).
    try {
      unpack("LICENSE");
    } catch {
      // none in this one
    }
    fs.rmSync(path.join(partial, tarball));
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(partial, dir);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw new Error(
      `cannot fetch ${packageName}@${version} from the npm registry (${(error as Error).message.split("\n")[0]}): check the registry is reachable`,
      { cause: error },
    );
  }
  return runtime;
}

/** Node's licence, from the runtime's package or, when that one has none, from the same version's for this machine. */
export function runtimeLicense(runtime: string, fallbackRuntime: () => string): string {
  const beside = (file: string) => path.join(path.dirname(path.dirname(file)), "LICENSE");
  return fs.existsSync(beside(runtime)) ? beside(runtime) : beside(fallbackRuntime());
}
