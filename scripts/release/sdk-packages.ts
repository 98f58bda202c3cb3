// The language SDKs as the packages each language's package manager installs, built from sdks/
// (npm run gen-sdk) in a staging copy, so that nothing is written into sdks/:
//   - Python: the sdist and the wheel, built offline by setuptools (pyproject.toml) with Debian's
//     python3-build, python3-setuptools, python3-wheel and python3-pip; the wheel from the sdist, so the
//     sdist is known to be complete.
//   - Node.js: the SDK built as its build script builds it (compiled into bin/, where its package.json's
//     main and types point, by the repository's TypeScript; package.json copied there), then `npm pack`ed.
//   - Go: the module github.com/pulumi-tcs/pulumi-tcs/sdks/go at v<version>, in the layout of a Go
//     module proxy (GOPROXY=file://<folder> serves it), as the tag sdks/go/v<version> publishes it.
// .NET is packed by the release workflow (dotnet pack), as no .NET SDK can be installed here.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const REPO_ROOT = path.resolve(__dirname, "..", "..");
const SDKS = path.join(REPO_ROOT, "sdks");
export const GO_MODULE = "github.com/pulumi-tcs/pulumi-tcs/sdks/go";
/** What building or installing an SDK leaves in its folder (the generated .gitignore files list it). */
const LEFTOVERS = new Set(["node_modules", "bin", "__pycache__", ".mypy_cache", "dist", "build", "obj"]);

function stage(language: string, workDir: string): string {
  const dir = path.join(workDir, `sdk-${language}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(SDKS, language), dir, {
    recursive: true,
    filter: (source) => !LEFTOVERS.has(path.basename(source)) && !source.endsWith(".egg-info"),
  });
  return dir;
}

/** The Python to build with: TCS_PYTHON, else Debian's (where its build packages install), else python3. */
export function buildPython(): string {
  const candidates = [process.env.TCS_PYTHON, "/usr/bin/python3", "python3"].filter((candidate): candidate is string =>
    Boolean(candidate),
  );
  for (const python of candidates) {
    try {
      execFileSync(python, ["-c", "import build, setuptools, wheel, pip"], { stdio: "ignore" });
      return python;
    } catch {
      // not this one
    }
  }
  throw new Error(
    "building the Python SDK needs python3 with build, setuptools, wheel and pip: on Debian, apt-get install python3-build python3-setuptools python3-wheel python3-pip (or set TCS_PYTHON)",
  );
}

/** pulumi_tcs-<version>.tar.gz and pulumi_tcs-<version>-py3-none-any.whl in outDir. */
export function buildPythonSdk(workDir: string, outDir: string): string[] {
  const python = buildPython();
  const dir = stage("python", workDir);
  // pyproject.toml names README.md beside it; the generator writes the package's own in pulumi_tcs/.
  fs.copyFileSync(path.join(dir, "pulumi_tcs", "README.md"), path.join(dir, "README.md"));
  const built = path.join(workDir, "python-out");
  fs.rmSync(built, { recursive: true, force: true });
  const quiet = { stdio: ["ignore", "ignore", "pipe"] as ("ignore" | "pipe")[], cwd: dir };
  execFileSync(python, ["-m", "build", "--sdist", "--no-isolation", "--outdir", built, dir], quiet);
  const sdist = fs.readdirSync(built).find((name) => name.endsWith(".tar.gz"));
  if (!sdist) throw new Error("python -m build --sdist wrote no sdist");
  execFileSync(
    python,
    [
      "-m",
      "pip",
      "wheel",
      "--no-deps",
      "--no-build-isolation",
      "--no-index",
      "--wheel-dir",
      built,
      path.join(built, sdist),
    ],
    quiet,
  );
  const wheel = fs.readdirSync(built).find((name) => name.endsWith(".whl"));
  if (!wheel) throw new Error("pip wheel wrote no wheel");
  fs.mkdirSync(outDir, { recursive: true });
  fs.rmSync(dir, { recursive: true, force: true });
  return [sdist, wheel].map((name) => {
    fs.copyFileSync(path.join(built, name), path.join(outDir, name));
    return path.join(outDir, name);
  });
}

/** The Node SDK's npm tarball (pulumi-tcs-tcs-<version>.tgz) in outDir. */
export function buildNodeSdk(workDir: string, outDir: string): string {
  const dir = stage("nodejs", workDir);
  // The repository's TypeScript, with the SDK's own tsconfig; @pulumi/pulumi's types resolve from the
  // repository's node_modules, the version the SDK depends on.
  execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", path.join(dir, "tsconfig.json")],
    {
      stdio: "inherit",
    },
  );
  // What the SDK's own build script does next: its version is read from bin/package.json.
  fs.copyFileSync(path.join(dir, "package.json"), path.join(dir, "bin", "package.json"));
  fs.mkdirSync(outDir, { recursive: true });
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", path.resolve(outDir)], { cwd: dir, encoding: "utf8" }),
  ) as Array<{
    filename: string;
  }>;
  // A second package.json named @pulumi-tcs/tcs inside the repository confuses jest's module map.
  fs.rmSync(dir, { recursive: true, force: true });
  return path.join(outDir, packed[0].filename);
}

/**
 * The Go SDK's module at v<version> in a module proxy's layout (<outDir>/<module>/@v/{list,.info,.mod,.zip}),
 * zipped by Python's zipfile with the paths `go mod download` expects (<module>@v<version>/<file>).
 */
export function buildGoSdk(version: string, workDir: string, outDir: string): string {
  const dir = stage("go", workDir);
  const goMod = fs.readFileSync(path.join(dir, "go.mod"), "utf8");
  if (!goMod.startsWith(`module ${GO_MODULE}\n`))
    throw new Error(`sdks/go/go.mod does not declare module ${GO_MODULE}`);
  const tag = `v${version}`;
  const at = path.join(outDir, ...GO_MODULE.split("/"), "@v");
  fs.mkdirSync(at, { recursive: true });
  fs.writeFileSync(path.join(at, "list"), `${tag}\n`);
  fs.writeFileSync(
    path.join(at, `${tag}.info`),
    `${JSON.stringify({ Version: tag, Time: new Date(Number(process.env.SOURCE_DATE_EPOCH || 0) * 1000).toISOString() })}\n`,
  );
  fs.writeFileSync(path.join(at, `${tag}.mod`), goMod);
  const zip = path.join(at, `${tag}.zip`);
  const script = [
    "import os, sys, zipfile",
    "src, prefix, out = sys.argv[1:]",
    "with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:",
    "    for root, dirs, files in os.walk(src):",
    "        dirs.sort()",
    "        for name in sorted(files):",
    "            full = os.path.join(root, name)",
    "            info = zipfile.ZipInfo(prefix + '/' + os.path.relpath(full, src).replace(os.sep, '/'), (1980, 1, 1, 0, 0, 0))",
    "            info.compress_type = zipfile.ZIP_DEFLATED",
    "            z.writestr(info, open(full, 'rb').read())",
  ].join("\n");
  execFileSync("python3", ["-c", script, dir, `${GO_MODULE}@${tag}`, zip]);
  fs.rmSync(dir, { recursive: true, force: true });
  return zip;
}
