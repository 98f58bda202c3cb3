// The release as a user gets it (issue 47): `npm run dist` builds every artifact into a scratch folder,
// and each one is used the way its users would, outside the repository:
//   - the plugin tarballs: one per platform, each executable built for its platform (its header read),
//     every file matching SHA256SUMS;
//   - linux-amd64's tarball installed by `pulumi plugin install --file` into a scratch PULUMI_HOME, and a
//     YAML program with no `plugins:` section and no node_modules run with no `node` on PATH at all: up,
//     a preview with no changes that sends nothing, a rename by hand caught as drift, then with Node 20
//     first on PATH (the executable brings its own runtime), up --refresh and destroy;
//   - the Python wheel installed into a folder, its metadata read by Python; the Node SDK's tarball
//     installed by npm, a strict program type-checked against it, and the documented
//     `npm install && npm run build` path requiring it; the Go module resolved from the artifacts'
//     module proxy layout and a program built on it;
//   - the drift report and the adoption generator as the plugin executable's own commands, with no
//     node on PATH, beside the engine's own drift gate; `pulumi import --file` of a 300-object account
//     through the installed executable at the batched floor (at most 10 requests);
//   - the bad inputs: a corrupt tarball, another platform's, a version no one installed, an unwritable
//     HOME and PULUMI_HOME, each a one-line error.
import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT } from "../lib/engine";
import { NODE_PROGRAM_TSC_ARGS } from "../lib/node-sdk";
import { buildPython } from "../../scripts/release/sdk-packages";
import { PLATFORMS } from "../../scripts/release/platforms";
import { ACCOUNT_OBJECTS, makeAdoptionAccount } from "../e2e/helpers/adoption-account";
import { api, requests, startTestEmulator } from "../e2e/helpers/tcs-stack";
import { outputCollector } from "../e2e/helpers/workspace";
import { expectRoleRenameCaught } from "../e2e/helpers/yaml-project";

const run = promisify(execFile);
const VERSION = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string })
  .version;
const tarball = (platform: string) => `pulumi-resource-tcs-v${VERSION}-${platform}.tar.gz`;

let root: string;
let artifacts: string;
let emulator: RunningEmulator;
/** PATH holding only the pulumi CLI and the YAML language host: no node. */
let bareBin: string;

/** The pulumi CLI with this environment only (no inherited PATH, HOME or PULUMI_HOME). */
async function pulumi(args: string[], env: Record<string, string>, cwd = root): Promise<{ code: number; out: string }> {
  return run("pulumi", args, {
    cwd,
    env: { PATH: bareBin, HOME: root, PULUMI_SKIP_UPDATE_CHECK: "true", ...env },
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? 1,
      out: `${error.stdout ?? ""}${error.stderr ?? ""}`,
    }),
  );
}

/** A fresh PULUMI_HOME with the linux-amd64 plugin (or another tarball) installed from its file. */
async function pulumiHome(name: string, file = tarball("linux-amd64")): Promise<string> {
  const home = path.join(root, name);
  const installed = await pulumi(
    ["plugin", "install", "resource", "tcs", VERSION, "--file", path.join(artifacts, file)],
    { PULUMI_HOME: home },
  );
  expect(installed).toMatchObject({ code: 0 });
  return home;
}

/** The quickstart (examples/yaml) without its `plugins:` section: the engine finds the installed plugin. */
function quickstart(): string {
  const program = fs.readFileSync(path.join(REPO_ROOT, "examples", "yaml", "Pulumi.yaml"), "utf8");
  const without = program.replace(/^plugins:\n(?:[ ]{2,}.*\n)+/m, "");
  expect(without).not.toMatch(/plugins:|node_modules/);
  return without;
}

/** A YAML stack outside the repository, run by the CLI with only this environment's PATH. */
async function yamlStack(name: string, program: string, env: Record<string, string>): Promise<Stack> {
  const dir = path.join(root, name);
  fs.mkdirSync(path.join(dir, "backend"), { recursive: true });
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), program);
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: name, workDir: dir },
    {
      envVars: {
        PATH: bareBin,
        PULUMI_BACKEND_URL: `file://${path.join(dir, "backend")}`,
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        ...env,
      },
    },
  );
  await stack.setAllConfig({
    "tcs:apiKey": { value: emulator.keys.production.secret, secret: true },
    "tcs:baseUrl": { value: emulator.url },
    "tcs:rateLimitTier": { value: "production" },
  });
  return stack;
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-release-"));
  artifacts = path.join(root, "artifacts");
  // npm run dist, into the scratch folder (dist/ is built by scripts/test-long.sh).
  await run("tsx", [path.join(REPO_ROOT, "scripts", "release", "main.ts"), "--out", artifacts], {
    cwd: REPO_ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  bareBin = path.join(root, "bin");
  fs.mkdirSync(bareBin);
  for (const tool of ["pulumi", "pulumi-language-yaml"]) {
    fs.symlinkSync(
      execFileSync("bash", ["-c", `command -v ${tool}`], { encoding: "utf8" }).trim(),
      path.join(bareBin, tool),
    );
  }
  emulator = await startTestEmulator();
}, 900_000);

afterAll(async () => {
  await emulator?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** The first bytes of a file inside a tarball. */
function headerOf(file: string, member: string): Buffer {
  return execFileSync("tar", ["-xzf", path.join(artifacts, file), "-O", member], { maxBuffer: 256 * 1024 * 1024 });
}

/** What an executable's header says it runs on: <os>-<arch> in Pulumi's names. */
function builtFor(binary: Buffer): string {
  if (binary.readUInt32BE(0) === 0x7f454c46)
    return { 0x3e: "linux-amd64", 0xb7: "linux-arm64" }[binary.readUInt16LE(18)] ?? "linux-?";
  if (binary.readUInt32LE(0) === 0xfeedfacf)
    return { 0x01000007: "darwin-amd64", 0x0100000c: "darwin-arm64" }[binary.readUInt32LE(4)] ?? "darwin-?";
  if (binary.toString("latin1", 0, 2) === "MZ") {
    const pe = binary.readUInt32LE(0x3c);
    return binary.readUInt16LE(pe + 4) === 0x8664 ? "windows-amd64" : "windows-?";
  }
  return "unknown";
}

test("npm run dist writes every artifact with its checksum: a plugin tarball per platform in Pulumi's layout, each executable built for its platform and carrying the plugin", () => {
  const sums = fs.readFileSync(path.join(artifacts, "SHA256SUMS"), "utf8").trim().split("\n");
  const listed = sums.map((line) => line.split("  ")[1]);
  for (const line of sums) {
    const [sum, file] = line.split("  ");
    expect({
      file,
      sum: createHash("sha256")
        .update(fs.readFileSync(path.join(artifacts, file)))
        .digest("hex"),
    }).toEqual({ file, sum });
  }
  expect(listed).toEqual(
    expect.arrayContaining([
      ...PLATFORMS.map((platform) => tarball(platform.pulumi)),
      `pulumi_tcs-${VERSION}.tar.gz`,
      `pulumi_tcs-${VERSION}-py3-none-any.whl`,
      `pulumi-tcs-tcs-${VERSION}.tgz`,
      `pulumi-tcs-${VERSION}.tgz`,
      `go/github.com/pulumi-tcs/pulumi-tcs/sdks/go/@v/v${VERSION}.zip`,
    ]),
  );
  const manifest = JSON.parse(fs.readFileSync(path.join(artifacts, "artifacts.json"), "utf8")) as {
    artifacts: Array<{ file: string; bytes: number; for: string }>;
  };
  for (const platform of PLATFORMS) {
    const file = tarball(platform.pulumi);
    expect(manifest.artifacts.find((artifact) => artifact.file === file)).toMatchObject({
      for: platform.pulumi,
      bytes: fs.statSync(path.join(artifacts, file)).size,
    });
    const members = execFileSync("tar", ["-tzf", path.join(artifacts, file)], { encoding: "utf8" })
      .trim()
      .split("\n")
      .sort();
    const executable = platform.uname ? `pulumi-resource-tcs-${platform.pulumi}` : "pulumi-resource-tcs.exe";
    expect(members).toEqual(
      [platform.uname ? "pulumi-resource-tcs" : undefined, executable, "README.md", "THIRD-PARTY-NOTICES.txt"]
        .filter((member) => member !== undefined)
        .sort(),
    );
    const binary = headerOf(file, executable);
    expect({ file, builtFor: builtFor(binary) }).toEqual({ file, builtFor: platform.pulumi });
    // Node's single-executable fuse is flipped: the runtime starts the injected plugin, not a REPL.
    expect(binary.includes("NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:1")).toBe(true);
    expect(binary.includes("pulumi-resource-tcs: cannot listen")).toBe(true);
  }
});

test("a YAML program with no plugins section, no node_modules and no node on PATH: the plugin installed from its tarball runs up, a preview that sends nothing, a rename caught as drift, and, with Node 20 first on PATH, up --refresh and destroy", async () => {
  // Nothing named node anywhere on this PATH.
  expect(
    execFileSync("/bin/sh", ["-c", "command -v node || echo none"], {
      env: { PATH: bareBin },
      encoding: "utf8",
    }).trim(),
  ).toBe("none");
  const home = await pulumiHome("home-yaml");
  expect((await pulumi(["plugin", "ls"], { PULUMI_HOME: home })).out).toMatch(
    new RegExp(`tcs\\s+resource\\s+${VERSION.replace(/\./g, "\\.")}`),
  );
  const stack = await yamlStack("release-yaml", quickstart(), { PULUMI_HOME: home });
  const printed = outputCollector();

  const up = await stack.up({ onOutput: printed.onOutput });
  expect(up.summary.resourceChanges).toEqual({ create: 6 });
  const roleId = up.outputs.roleId.value as string;

  await requests.reset(emulator);
  expect((await stack.preview({ onOutput: printed.onOutput })).changeSummary).toEqual({ same: 6 });
  expect((await requests.read(emulator)).total).toBe(0);

  await expectRoleRenameCaught(emulator, stack, roleId, printed);

  // Node 20 first on PATH: the executable does not look at it.
  const oldNode = path.join(root, "old-node");
  fs.mkdirSync(oldNode);
  fs.symlinkSync(olderNode(), path.join(oldNode, "node"));
  stack.workspace.envVars.PATH = `${oldNode}:${bareBin}`;
  const restored = await stack.up({ refresh: true, onOutput: printed.onOutput });
  expect(restored.summary.resourceChanges).toMatchObject({ update: 1 });
  expect((await api(emulator, "GET", `/roles/${roleId}`)).name).toBe("Support agents");

  const destroyed = await stack.destroy({ onOutput: printed.onOutput });
  expect(destroyed.summary.resourceChanges).toMatchObject({ delete: 6 });
  expect(printed.text()).not.toContain(emulator.keys.production.secret);
});

test("the drift report and the adoption generator from the installed plugin executable, with no node on PATH: a clean stack exits 0, a rename by hand 2, as does the engine's own gate (7 then); generate --import-file lists objects made by hand", async () => {
  const home = await pulumiHome("home-tools");
  const plugin = path.join(home, "plugins", `resource-tcs-v${VERSION}`, "pulumi-resource-tcs");
  // A slug of its own: the quickstart's role outlives the test above (the API cannot delete roles).
  const stack = await yamlStack(
    "release-tools",
    quickstart().replace("slug: support-agents", "slug: support-agents-tools"),
    { PULUMI_HOME: home },
  );
  const up = await stack.up();
  const roleId = up.outputs.roleId.value as string;
  const dir = stack.workspace.workDir;
  const env = {
    PATH: bareBin,
    HOME: root,
    PULUMI_HOME: home,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_BACKEND_URL: `file://${path.join(dir, "backend")}`,
    PULUMI_CONFIG_PASSPHRASE: process.env.PULUMI_CONFIG_PASSPHRASE ?? "",
  };
  const tool = (args: string[]) =>
    run(plugin, args, { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? 1,
        stdout: error.stdout ?? "",
        stderr: error.stderr ?? "",
      }),
    );
  const engineGate = () =>
    pulumi(
      ["refresh", "--preview-only", "--expect-no-changes", "--stack", "release-tools", "--non-interactive"],
      env,
      dir,
    );

  const clean = await tool(["drift", "--stack", "release-tools", "--json", "clean.json"]);
  expect(clean).toMatchObject({ code: 0, stderr: "" });
  expect(clean.stdout).toMatch(/No drift/);
  expect((await engineGate()).code).toBe(0);

  await api(emulator, "PUT", `/roles/${roleId}`, {
    name: "Renamed by hand",
    slug: "support-agents-tools",
    permissions: ["thread_create", "thread_read", "message_read"],
    description: "Answer customer threads.",
  });
  const drifted = await tool(["drift", "--stack", "release-tools", "--json", "drift.json"]);
  expect(drifted.code).toBe(2);
  const report = JSON.parse(fs.readFileSync(path.join(dir, "drift.json"), "utf8")) as {
    resources: Array<{ id: string; fields: Array<{ name: string }> }>;
  };
  expect(report.resources).toEqual([
    expect.objectContaining({ id: roleId, fields: [expect.objectContaining({ name: "name" })] }),
  ]);
  // The engine's own gate tells drift (7) from success; docs/drift.md sets the two side by side.
  expect((await engineGate()).code).toBe(7);

  // Adoption of objects made by hand, as a YAML user runs it: the import file pulumi import --file takes.
  const handMade = await api(emulator, "POST", "/roles", {
    name: "Made by hand",
    slug: "made-by-hand-release",
    permissions: ["thread_read"],
  });
  const generated = await run(plugin, ["generate", "--import-file", "import.json"], {
    cwd: dir,
    env: { ...env, TCS_API_KEY: emulator.keys.production.secret, TCS_BASE_URL: emulator.url },
  });
  expect(generated.stderr).toMatch(
    /pulumi-resource-tcs generate: \d+ objects written to .*import\.json; next, .*pulumi import --file import\.json/,
  );
  const imports = JSON.parse(fs.readFileSync(path.join(dir, "import.json"), "utf8")) as {
    resources: Array<{ type: string; id: string }>;
  };
  expect(imports.resources).toContainEqual(expect.objectContaining({ type: "tcs:index:Role", id: handMade.id }));
  expect(
    generated.stdout + generated.stderr + drifted.stdout + fs.readFileSync(path.join(dir, "import.json"), "utf8"),
  ).not.toContain(emulator.keys.production.secret);

  await stack.destroy();
});

test("pulumi import --file of a 300-object account from the installed plugin executable, with no node on PATH, reads it at the batched floor: at most 10 requests, preview included", async () => {
  const home = await pulumiHome("home-import");
  const plugin = path.join(home, "plugins", `resource-tcs-v${VERSION}`, "pulumi-resource-tcs");
  await makeAdoptionAccount(emulator, "release");
  const stack = await yamlStack("release-import", "name: release-import\nruntime: yaml\n", { PULUMI_HOME: home });
  const dir = stack.workspace.workDir;
  const env = {
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: `file://${path.join(dir, "backend")}`,
    PULUMI_CONFIG_PASSPHRASE: process.env.PULUMI_CONFIG_PASSPHRASE ?? "",
  };
  await run(plugin, ["generate", "--import-file", "import.json"], {
    cwd: dir,
    env: {
      PATH: bareBin,
      HOME: root,
      ...env,
      TCS_API_KEY: emulator.keys.production.secret,
      TCS_BASE_URL: emulator.url,
    },
  });
  // The account, and what earlier tests of this file left in the emulator (roles the API cannot delete).
  const listed = (JSON.parse(fs.readFileSync(path.join(dir, "import.json"), "utf8")) as { resources: unknown[] })
    .resources.length;
  expect(listed).toBeGreaterThanOrEqual(ACCOUNT_OBJECTS);

  await requests.reset(emulator);
  const imported = await pulumi(
    [
      "import",
      "--file",
      "import.json",
      "--yes",
      "--non-interactive",
      "--protect=false",
      "--generate-code=false",
      "--stack",
      "release-import",
    ],
    env,
    dir,
  );
  expect(imported.code).toBe(0);
  expect(imported.out).toMatch(new RegExp(`${listed} imported`));
  // Two runs (the preview, then the import), each a list page per 100 objects of a scope: before, a GET per config in each.
  const counted = await requests.read(emulator);
  const seen = { atMost10: counted.total <= 10, total: counted.total, byRoute: counted.by_route };
  expect(seen).toEqual({ ...seen, atMost10: true });
});

test("the linux-amd64 executable starts from the startup snapshot built into it, quietly; a NODE_OPTIONS meant for the user's Node programs does not reach it; GRPC_TRACE still traces", async () => {
  const unpacked = path.join(root, "unpacked-linux-amd64");
  fs.mkdirSync(unpacked);
  execFileSync("tar", ["-xzf", path.join(artifacts, tarball("linux-amd64")), "-C", unpacked]);
  /** The plugin started with `env` until it prints its port: that line and what it wrote to stderr meanwhile. */
  const start = async (env: NodeJS.ProcessEnv) => {
    const child = execFile(path.join(unpacked, "pulumi-resource-tcs"), [], { env });
    const stderr: string[] = [];
    child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
    const firstLine = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("\n")) resolve(out.split("\n")[0]);
      });
      child.on("exit", (code) =>
        reject(new Error(`the plugin exited (${code}) before printing its port: ${stderr.join("")}`)),
      );
    });
    const closed = new Promise((resolve) => child.on("close", resolve));
    child.kill();
    await closed;
    return { firstLine, stderr: stderr.join("") };
  };
  // A --require of a file that does not exist would stop any Node process it reached.
  const quiet = await start({ PATH: bareBin, NODE_OPTIONS: `--require ${path.join(root, "missing-preload.js")}` });
  expect(quiet).toEqual({ firstLine: expect.stringMatching(/^\d+$/), stderr: "" });
  // grpc-js reads its trace settings as it loads, which the snapshot did with none set: a start that
  // sets them evaluates the plugin afresh (scripts/release/sea-main.ts), and gRPC traces as it always did.
  const traced = await start({ PATH: bareBin, GRPC_VERBOSITY: "DEBUG", GRPC_TRACE: "server" });
  expect(traced.firstLine).toMatch(/^\d+$/);
  expect(traced.stderr).toMatch(/\| server \| .*Server constructed/);
});

/** A Node.js older than 22: the system's (v20 here), or a stand-in that reports v20.11.0. */
function olderNode(): string {
  const candidates = execFileSync("bash", ["-c", "which -a node || true"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  const found = candidates.find(
    (node) =>
      Number(execFileSync(node, ["-p", "process.versions.node.split('.')[0]"], { encoding: "utf8" }).trim()) < 22,
  );
  if (found) return found;
  const script = path.join(root, "node-v20");
  fs.writeFileSync(script, `#!/bin/sh\necho v20.11.0\n`, { mode: 0o755 });
  return script;
}

test("the Python wheel installs into a folder, and its metadata names the package, the plugin and the version", async () => {
  const python = buildPython();
  const target = path.join(root, "python-target");
  await run(python, [
    "-m",
    "pip",
    "install",
    "--no-deps",
    "--no-index",
    "--target",
    target,
    path.join(artifacts, `pulumi_tcs-${VERSION}-py3-none-any.whl`),
  ]);
  // Python's own reader of installed metadata (importing the package needs the pulumi package, which this machine cannot install).
  const script = [
    "import json, sys",
    "sys.path.insert(0, sys.argv[1])",
    "from importlib.metadata import distribution",
    "d = distribution('pulumi_tcs')",
    "print(json.dumps({'name': d.metadata['Name'], 'version': d.version, 'requires': d.requires, 'plugin': json.loads(d.locate_file('pulumi_tcs/pulumi-plugin.json').read_text())}))",
  ].join("\n");
  const { stdout } = await run(python, ["-c", script, target]);
  const read = JSON.parse(stdout) as {
    name: string;
    version: string;
    requires: string[];
    plugin: Record<string, unknown>;
  };
  // setuptools writes the name normalized (pulumi-tcs); pip and PyPI treat both spellings as one.
  expect({ name: read.name.replace(/[-_.]+/g, "_"), version: read.version }).toEqual({
    name: "pulumi_tcs",
    version: VERSION,
  });
  // Written "pulumi (<4.0.0,>=3.0.0)" by older setuptools, "pulumi<4.0.0,>=3.0.0" by newer ones.
  expect(read.requires.map((requirement) => requirement.replace(/[ ()]/g, ""))).toContain("pulumi<4.0.0,>=3.0.0");
  expect(read.plugin).toEqual({
    resource: true,
    name: "tcs",
    version: VERSION,
    server: "github://api.github.com/pulumi-tcs/pulumi-tcs",
  });
});

test("the Node SDK's npm tarball installs and a strict program type-checks against it; the documented npm install && npm run build in sdks/nodejs gives a package that require() loads", async () => {
  const project = path.join(root, "node-project");
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "release-check", private: true }));
  const npm = (args: string[], cwd: string) =>
    run("npm", [...args, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
    });
  await npm(["install", path.join(artifacts, `pulumi-tcs-tcs-${VERSION}.tgz`)], project);
  fs.writeFileSync(
    path.join(project, "index.ts"),
    [
      'import * as tcs from "@pulumi-tcs/tcs";',
      'const role: tcs.Role = new tcs.Role("ops", { name: "Ops", slug: "ops", permissions: ["thread_read"] });',
      "export const slug = role.slug;",
      "",
    ].join("\n"),
  );
  const tsc = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
  const typeRoots = path.join(REPO_ROOT, "node_modules", "@types");
  const check = (extra: string[]) =>
    run(process.execPath, [tsc, ...NODE_PROGRAM_TSC_ARGS, "--noEmit", "--typeRoots", typeRoots, ...extra], {
      cwd: project,
    });
  await check(["index.ts"]);
  // A wrong argument fails: the program is checked against the SDK's declarations, not against any.
  fs.writeFileSync(
    path.join(project, "wrong.ts"),
    'import * as tcs from "@pulumi-tcs/tcs";\nnew tcs.Role("ops", { name: 1, slug: "ops", permissions: [] });\n',
  );
  await expect(check(["wrong.ts"])).rejects.toMatchObject({
    stdout: expect.stringMatching(/wrong\.ts.*Type 'number' is not assignable to type/),
  });
  const loaded = await run(
    process.execPath,
    [
      "-e",
      'const tcs = require("@pulumi-tcs/tcs"); console.log(typeof tcs.Role, require("@pulumi-tcs/tcs/package.json").version)',
    ],
    { cwd: project },
  );
  expect(loaded.stdout.trim()).toBe(`function ${VERSION}`);

  // The SDK folder as the npm package ships it (sdks/nodejs), built the documented way, then installed from its path.
  const sdk = path.join(root, "sdk-nodejs");
  fs.cpSync(path.join(REPO_ROOT, "sdks", "nodejs"), sdk, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|bin)$/.test(source),
  });
  await npm(["install"], sdk);
  await run("npm", ["run", "build"], { cwd: sdk });
  const user = path.join(root, "node-user");
  fs.mkdirSync(user);
  fs.writeFileSync(path.join(user, "package.json"), JSON.stringify({ name: "release-user", private: true }));
  await npm(["install", sdk], user);
  const required = await run(process.execPath, ["-e", 'console.log(typeof require("@pulumi-tcs/tcs").Provider)'], {
    cwd: user,
  });
  expect(required.stdout.trim()).toBe("function");
});

test("the Go SDK resolves as module github.com/pulumi-tcs/pulumi-tcs/sdks/go at its version from the artifacts' module proxy layout, and a program builds on it", async () => {
  const project = path.join(root, "go-project");
  fs.mkdirSync(project);
  fs.writeFileSync(
    path.join(project, "go.mod"),
    `module example.com/release\n\ngo 1.25\n\nrequire github.com/pulumi-tcs/pulumi-tcs/sdks/go v${VERSION}\n`,
  );
  fs.writeFileSync(
    path.join(project, "main.go"),
    [
      "package main",
      "",
      "import (",
      '\t"github.com/pulumi-tcs/pulumi-tcs/sdks/go/tcs"',
      '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
      ")",
      "",
      "func main() {",
      "\tpulumi.Run(func(ctx *pulumi.Context) error {",
      '\t\t_, err := tcs.NewRole(ctx, "ops", &tcs.RoleArgs{Name: pulumi.String("Ops"), Slug: pulumi.String("ops"), Permissions: pulumi.StringArray{pulumi.String("thread_read")}})',
      "\t\treturn err",
      "\t})",
      "}",
      "",
    ].join("\n"),
  );
  const proxy = (await run("go", ["env", "GOPROXY"])).stdout.trim();
  // This module from the artifacts, the others from the module proxy (or the module cache); the
  // artifacts' module has no checksum database entry.
  const env = {
    ...process.env,
    GOPROXY: `file://${path.join(artifacts, "go")},${proxy}`,
    GONOSUMDB: "github.com/pulumi-tcs",
    GOFLAGS: "-mod=mod",
  };
  await run("go", ["mod", "tidy"], { cwd: project, env });
  const listed = await run("go", ["list", "-m", "github.com/pulumi-tcs/pulumi-tcs/sdks/go"], { cwd: project, env });
  expect(listed.stdout.trim()).toBe(`github.com/pulumi-tcs/pulumi-tcs/sdks/go v${VERSION}`);
  await run("go", ["build", "-o", path.join(project, "program"), "."], {
    cwd: project,
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(fs.existsSync(path.join(project, "program"))).toBe(true);
});

describe("bad input: one line that says what to do", () => {
  test("a corrupt tarball is refused by pulumi plugin install, naming the file, and nothing is installed", async () => {
    const corrupt = path.join(root, "corrupt.tar.gz");
    fs.writeFileSync(corrupt, fs.readFileSync(path.join(artifacts, tarball("linux-amd64"))).subarray(0, 1_000_000));
    const home = path.join(root, "home-corrupt");
    const installed = await pulumi(["plugin", "install", "resource", "tcs", VERSION, "--file", corrupt], {
      PULUMI_HOME: home,
    });
    expect(installed.code).not.toBe(0);
    const errors = installed.out.split("\n").filter((line) => line.startsWith("error:"));
    expect(errors).toEqual([
      expect.stringMatching(/^error: installing \[resource plugin tcs-.*\] from .*corrupt\.tar\.gz: .*unexpected EOF$/),
    ]);
    expect(installed.out).not.toMatch(/goroutine|panic/);
    expect((await pulumi(["plugin", "ls"], { PULUMI_HOME: home })).out).not.toMatch(/\btcs\b/);
  });

  test("another platform's tarball: the launcher names this machine's tarball and the commands to swap it, instead of 'exec format error'", async () => {
    const home = await pulumiHome("home-wrong-platform", tarball("linux-arm64"));
    const stack = await yamlStack("release-wrong-platform", quickstart(), { PULUMI_HOME: home });
    const printed = outputCollector();
    await expect(stack.preview({ onOutput: printed.onOutput })).rejects.toThrow();
    const line = `pulumi-resource-tcs v${VERSION} is the linux-arm64 build (${tarball("linux-arm64")}) and this machine is linux-amd64: run pulumi plugin rm resource tcs ${VERSION} --yes, then pulumi plugin install resource tcs ${VERSION} --file ${tarball("linux-amd64")}`;
    expect(printed.text()).toContain(line);
    expect(printed.text()).not.toMatch(/exec format error/i);
  });

  test("a program naming a plugin version that is not installed: the engine names the version and where it would download it", async () => {
    // As an SDK of a later release names its own version on every resource (the SDKs' resourceOptsDefaults).
    const home = await pulumiHome("home-sdk-version");
    const later = "0.99.0";
    const stack = await yamlStack(
      "release-sdk-version",
      `name: release-sdk-version\nruntime: yaml\nresources:\n  ops:\n    type: tcs:Role\n    properties: { name: Ops, slug: ops, permissions: [thread_read] }\n    options:\n      version: ${later}\n`,
      { PULUMI_HOME: home },
    );
    const printed = outputCollector();
    await expect(stack.preview({ onOutput: printed.onOutput })).rejects.toThrow();
    expect(printed.text()).toMatch(
      new RegExp(
        `no resource plugin 'pulumi-resource-tcs' found in the workspace at version v${later.replace(/\./g, "\\.")}`,
      ),
    );
    expect(printed.text()).not.toMatch(/\n\s+at /);
  });

  test("a PULUMI_HOME that cannot be written: pulumi plugin install names the folder; a HOME that cannot be written: the create is refused before it is sent, naming TCS_CREATE_INTENTS_DIR", async () => {
    // Below a regular file: no one can write there, root included.
    const file = path.join(root, "not-a-directory");
    fs.writeFileSync(file, "");
    const installed = await pulumi(
      ["plugin", "install", "resource", "tcs", VERSION, "--file", path.join(artifacts, tarball("linux-amd64"))],
      {
        PULUMI_HOME: path.join(file, "pulumi-home"),
      },
    );
    expect(installed.code).not.toBe(0);
    expect(installed.out.split("\n").filter((line) => line.startsWith("error:"))).toEqual([
      expect.stringMatching(/creating plugin root: mkdir .*not-a-directory: not a directory$/),
    ]);

    const home = await pulumiHome("home-unwritable-home");
    const stack = await yamlStack(
      "release-unwritable-home",
      "name: release-unwritable-home\nruntime: yaml\nresources:\n  ops:\n    type: tcs:Role\n    properties: { name: Ops, slug: release-unwritable-home, permissions: [thread_read] }\n",
      // The tests' own intents folder unset (an empty value is unset), so the store is HOME's.
      { PULUMI_HOME: home, HOME: path.join(file, "home"), TCS_CREATE_INTENTS_DIR: "" },
    );
    const printed = outputCollector();
    await expect(stack.up({ onOutput: printed.onOutput })).rejects.toThrow();
    expect(printed.text()).toMatch(
      /cannot record the create on this machine before sending it: .*Nothing was created\. Set TCS_CREATE_INTENTS_DIR to a writable directory/,
    );
    expect(printed.text()).not.toMatch(/\n\s+at /);
  });
});
