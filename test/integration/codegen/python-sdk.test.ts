// The generated Python SDK (sdks/python, npm run gen-sdk) checked as far as this machine allows without
// a Python language host: every module compiles (`python3 -m py_compile`, CPython's own parser, the
// bytecode written to a scratch directory, never into sdks/), and the package metadata names the plugin
// `tcs` at this package's version, so `pulumi` finds pulumi-resource-tcs for a program using it.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const REPO_ROOT = path.resolve(__dirname, "..", "..", "..");
const SDK = path.join(REPO_ROOT, "sdks", "python");
const PACKAGE = path.join(SDK, "pulumi_tcs");
const VERSION = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string })
  .version;

function python3(args: string[], env: NodeJS.ProcessEnv = process.env) {
  return spawnSync("python3", args, { encoding: "utf8", env });
}

/**
 * python3 must run: CI installs it (.ci/run, with Debian's Python build tools), so a machine
 * without it fails here rather than passing with the SDK unchecked.
 */
function needPython(): void {
  const found = python3(["--version"]);
  if (found.error !== undefined || found.status !== 0) {
    throw new Error(
      `python3 is missing or did not run (${found.error?.message ?? found.stderr.trim()}): the Python SDK cannot be checked; install python3 (CI does: .ci/run)`,
    );
  }
}

/** Every .py file under dir. */
function pythonFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".py") && !file.split(path.sep).includes("__pycache__"))
    .map((file) => path.join(dir, file))
    .sort();
}

describe("the generated Python SDK", () => {
  it("compiles: python3 -m py_compile over every module", () => {
    needPython();
    const files = pythonFiles(SDK);
    // The package's __init__, _utilities, _inputs/outputs, the config module, and one module a resource and function.
    expect(files.length).toBeGreaterThanOrEqual(14);
    for (const module of [
      "pulumi_tcs/__init__.py",
      "pulumi_tcs/role.py",
      "pulumi_tcs/callback_instance.py",
      "pulumi_tcs/config/vars.py",
    ]) {
      expect(files).toContain(path.join(SDK, module));
    }
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-py-compile-"));
    try {
      // The bytecode goes to the scratch cache (PYTHONPYCACHEPREFIX), not next to the sources.
      const compiled = python3(["-m", "py_compile", ...files], { ...process.env, PYTHONPYCACHEPREFIX: cache });
      if (compiled.status !== 0)
        throw new Error(`python3 -m py_compile failed (${compiled.status}):\n${compiled.stderr}${compiled.stdout}`);
      const bytecode = fs
        .readdirSync(cache, { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".pyc"));
      expect(bytecode.length).toBe(files.length);
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
    expect(
      fs.readdirSync(SDK, { recursive: true, encoding: "utf8" }).filter((file) => file.includes("__pycache__")),
    ).toEqual([]);
  });

  it("pulumi-plugin.json names the resource plugin tcs at this package's version, and where the engine downloads it", () => {
    const plugin = JSON.parse(fs.readFileSync(path.join(PACKAGE, "pulumi-plugin.json"), "utf8"));
    expect(plugin).toEqual({
      resource: true,
      name: "tcs",
      version: VERSION,
      server: "github://api.github.com/pulumi-tcs/pulumi-tcs",
    });
  });

  it("pyproject.toml declares pulumi_tcs at this package's version, shipping pulumi-plugin.json (read by Python's own tomllib)", () => {
    needPython();
    const script = "import json, sys, tomllib; print(json.dumps(tomllib.load(open(sys.argv[1], 'rb'))))";
    const read = python3(["-c", script, path.join(SDK, "pyproject.toml")]);
    if (read.status !== 0) throw new Error(`reading pyproject.toml failed:\n${read.stderr}`);
    const project = JSON.parse(read.stdout) as {
      project: Record<string, unknown>;
      "build-system": Record<string, unknown>;
      tool: Record<string, unknown>;
    };
    expect(project.project).toMatchObject({ name: "pulumi_tcs", version: VERSION, readme: "README.md" });
    expect(project["build-system"]).toEqual({
      requires: ["setuptools>=61.0"],
      "build-backend": "setuptools.build_meta",
    });
    expect(project.tool).toEqual({
      setuptools: { "package-data": { pulumi_tcs: expect.arrayContaining(["pulumi-plugin.json"]) } },
    });
    expect(fs.existsSync(path.join(PACKAGE, "__init__.py"))).toBe(true);
  });
});
