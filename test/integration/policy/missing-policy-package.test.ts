// `pulumi preview --policy-pack node_modules/pulumi-tcs/policy` in a project without @pulumi/policy (issue,
// item 13): pulumi-tcs declares the package as an optional peer, and the pack's entry says in one line
// what to install instead of dying on "Cannot find module" with a stack trace.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8"));
const PACKAGE = readJson("package.json");
const RANGE: string = PACKAGE.devDependencies["@pulumi/policy"];

/** The source of the pack's entry: policy/package.json's main (`../dist/policy/<file>.js`) before the build. */
function entrySource(): string {
  const main: string = readJson("policy/package.json").main;
  const built = path.relative(path.join(ROOT, "dist"), path.resolve(ROOT, "policy", main));
  return path.join(ROOT, built.replace(/\.js$/, ".ts"));
}

/**
 * Runs the entry, compiled, alone in a directory outside this repository, as node runs a pack whose
 * project lacks @pulumi/policy: no node_modules above it, no NODE_PATH, a HOME with no global folders.
 * `beside` are files to put next to it (relative path -> text).
 */
function runEntry(beside: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-policy-entry-"));
  try {
    const source = fs.readFileSync(entrySource(), "utf8");
    const compiled = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2023, esModuleInterop: true },
    });
    for (const [file, text] of Object.entries(beside)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    // Last: were the entry the pack itself, a stand-in for the pack must not take its place.
    const entry = path.join(dir, path.basename(entrySource()).replace(/\.ts$/, ".js"));
    fs.writeFileSync(entry, compiled.outputText);
    const run = spawnSync(process.execPath, [entry], {
      cwd: dir,
      encoding: "utf8",
      env: { PATH: process.env.PATH, HOME: dir },
    });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the policy pack without @pulumi/policy", () => {
  it("prints one line with the command that installs it, and no stack trace", () => {
    const run = runEntry();
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    const lines = run.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`npm install --save-dev @pulumi/policy@${RANGE}`);
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stderr).not.toContain("Cannot find module");
  });

  it("loads the pack when the package is there", () => {
    const run = runEntry({
      "node_modules/@pulumi/policy/package.json": JSON.stringify({
        name: "@pulumi/policy",
        version: RANGE,
        main: "index.js",
      }),
      "node_modules/@pulumi/policy/index.js": "module.exports = {};\n",
      // Where the entry's build finds the pack: stood in for by a file that says it was loaded.
      "index.js": 'process.stdout.write("pack loaded\\n");\n',
    });
    expect(run).toEqual({ status: 0, stdout: "pack loaded\n", stderr: "" });
  });
});

describe("package.json", () => {
  it("declares @pulumi/policy an optional peer, with the range this repository develops against", () => {
    expect(PACKAGE.peerDependencies?.["@pulumi/policy"]).toBe(RANGE);
    expect(PACKAGE.peerDependenciesMeta?.["@pulumi/policy"]).toEqual({ optional: true });
    expect(PACKAGE.dependencies["@pulumi/policy"]).toBeUndefined();
  });

  it("is what the README says to install where it shows the policy-pack command", () => {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    const section = readme.slice(
      readme.indexOf("## Policy pack"),
      readme.indexOf("\n## ", readme.indexOf("## Policy pack") + 1),
    );
    expect(section).toContain("--policy-pack node_modules/pulumi-tcs/policy");
    expect(section).toContain(`npm install --save-dev @pulumi/policy@${RANGE}`);
  });
});
