// npm run dist: every release artifact, with checksums, in one folder (artifacts/ by default):
//   - the plugin for each platform, pulumi-resource-tcs-v<version>-<os>-<arch>.tar.gz (Pulumi's layout:
//     `pulumi plugin install resource tcs <version> --file <it>`), a single executable with its own Node;
//   - the SDKs as packages: Python's sdist and wheel, the Node SDK's npm tarball, the Go module in a
//     module proxy's layout (go/);
//   - the npm package pulumi-tcs (the dynamic door and the script plugin), as `npm pack` makes it;
//   - SHA256SUMS (`sha256sum -c SHA256SUMS` checks them) and artifacts.json (each file's size, platform
//     or language, and checksum).
// Usage: npm run dist [-- --out DIR] [--platforms linux-amd64,...] [--no-sdks]
//        npm run dist -- --checksums DIR   (SHA256SUMS and artifacts.json again, after files changed:
//                                           the release workflow signs the macOS executables)
// dist/ must be built (npm run dist does it first). Takes 2 to 3 minutes on 2 cores, most of it
// injecting into five 90 to 125 MB runtimes; the runtimes are fetched from the npm registry once.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { bundlePlugin } from "./bundle";
import { nodeRuntime, runtimeLicense } from "./node-runtime";
import { thirdPartyNotices } from "./notices";
import { hostPlatform, selectPlatforms } from "./platforms";
import { writePluginTarball } from "./plugin-tarball";
import { buildExecutable } from "./sea";
import { buildGoSdk, buildNodeSdk, buildPythonSdk } from "./sdk-packages";

const REPO_ROOT = path.resolve(__dirname, "..", "..");

export interface Artifact {
  file: string;
  bytes: number;
  sha256: string;
  /** The platform (<os>-<arch>) or language it is for. */
  for: string;
}

function log(message: string): void {
  process.stderr.write(`[dist] ${message}\n`);
}

function sha256(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .map((name) => name.split(path.sep).join("/"))
    .sort();
}

/** Writes SHA256SUMS and artifacts.json for every file under out; `kinds` says what each is for. */
function writeChecksums(out: string, version: string, kinds: Map<string, string>): Artifact[] {
  const skip = new Set(["SHA256SUMS", "artifacts.json"]);
  const artifacts: Artifact[] = filesUnder(out)
    .filter((file) => !skip.has(file))
    .map((file) => {
      const full = path.join(out, file);
      return { file, bytes: fs.statSync(full).size, sha256: sha256(full), for: kinds.get(file) ?? "unknown" };
    });
  fs.writeFileSync(
    path.join(out, "SHA256SUMS"),
    artifacts.map((artifact) => `${artifact.sha256}  ${artifact.file}\n`).join(""),
  );
  fs.writeFileSync(path.join(out, "artifacts.json"), `${JSON.stringify({ version, artifacts }, null, 2)}\n`);
  return artifacts;
}

function size(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} KB`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: "string" },
      platforms: { type: "string" },
      "no-sdks": { type: "boolean" },
      checksums: { type: "string" },
    },
  });
  if (values.checksums) {
    const dir = path.resolve(values.checksums);
    const before = JSON.parse(fs.readFileSync(path.join(dir, "artifacts.json"), "utf8")) as {
      version: string;
      artifacts: Artifact[];
    };
    const artifacts = writeChecksums(
      dir,
      before.version,
      new Map(before.artifacts.map((artifact) => [artifact.file, artifact.for])),
    );
    log(`wrote SHA256SUMS and artifacts.json for ${artifacts.length} artifacts in ${dir}`);
    return;
  }
  const out = path.resolve(values.out ?? path.join(REPO_ROOT, "artifacts"));
  const work = path.join(REPO_ROOT, ".tcs", "dist-build");
  const platforms = selectPlatforms(values.platforms);
  const started = Date.now();
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  fs.mkdirSync(work, { recursive: true });
  const kinds = new Map<string, string>();

  const bundle = await bundlePlugin(work);
  log(
    `bundled the plugin v${bundle.version}: ${(bundle.bytes / 1e6).toFixed(1)} MB of script, ${(bundle.lazyBytes / 1e6).toFixed(1)} MB loaded on first use, ${bundle.packages.length} npm packages`,
  );
  for (const platform of platforms) {
    const executable = await buildExecutable(bundle, platform, work, path.join(work, platform.pulumi));
    const host = hostPlatform();
    const runtime = nodeRuntime(platform.runtimePackage, platform.runtimeVersion, platform.runtimePath);
    const license = runtimeLicense(runtime, () =>
      nodeRuntime(host!.runtimePackage, platform.runtimeVersion, host!.runtimePath),
    );
    const notices = thirdPartyNotices(license, platform.runtimeVersion, bundle.packages);
    const tarball = writePluginTarball(
      { platform, version: bundle.version, executable: executable.file, notices },
      work,
      out,
    );
    kinds.set(path.basename(tarball), platform.pulumi);
    log(
      `${path.basename(tarball)}: Node ${platform.runtimeVersion}${executable.snapshot ? ", starting from a V8 startup snapshot" : ""}`,
    );
  }

  if (!values["no-sdks"]) {
    for (const file of buildPythonSdk(work, out)) kinds.set(path.basename(file), "python");
    kinds.set(path.basename(buildNodeSdk(work, out)), "nodejs");
    const goProxy = path.join(out, "go");
    buildGoSdk(bundle.version, work, goProxy);
    for (const file of filesUnder(goProxy)) kinds.set(`go/${file}`, "go");
    // The npm package itself (prepack builds dist/ again: nothing changes).
    const packed = JSON.parse(
      execFileSync("npm", ["pack", "--json", "--pack-destination", out], {
        cwd: REPO_ROOT,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      }),
    ) as Array<{
      filename: string;
    }>;
    kinds.set(packed[0].filename, "nodejs (pulumi-tcs: dynamic resources and the script plugin)");
    log("built the SDK packages and the npm package");
  }

  const artifacts = writeChecksums(out, bundle.version, kinds);
  for (const artifact of artifacts) log(`${size(artifact.bytes).padStart(9)}  ${artifact.file}  (${artifact.for})`);
  log(
    `wrote ${artifacts.length} artifacts, SHA256SUMS and artifacts.json to ${path.relative(process.cwd(), out) || "."} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`[dist] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
