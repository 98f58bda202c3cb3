// pulumi-tcs as users get it: `npm pack`, installed from the tarball into a project outside this
// repository, whose program runs on the real engine with the workspace in that directory.
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT } from "../../scripts/lib/engine";
import { api, startTestEmulator } from "./helpers/tcs-stack";

describe("the packed package", () => {
  let emulator: RunningEmulator;
  let project: string;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    project = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-tcs-packed-"));
  });
  afterAll(async () => {
    fs.rmSync(project, { recursive: true, force: true });
    await emulator.close();
  });

  it("works from a tarball in a project outside the repository", async () => {
    const packed = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", project], { cwd: REPO_ROOT, encoding: "utf8" }));
    const tarball = packed[0].filename as string;
    const files = (packed[0].files as { path: string }[]).map((f) => f.path);
    expect(files).toContain("dist/provider/impl.js");
    expect(files).toContain("dist/emulator/cli.js");
    expect(files.some((f) => f.startsWith("test/") || f.startsWith("scripts/"))).toBe(false);

    for (const file of ["index.js", "run.js"]) fs.copyFileSync(path.join(__dirname, "fixtures", "packed-project", file), path.join(project, file));
    const pulumiVersion = require("@pulumi/pulumi/package.json").version as string;
    fs.writeFileSync(
      path.join(project, "package.json"),
      JSON.stringify({ name: "packed-project", private: true, dependencies: { "pulumi-tcs": `file:./${tarball}`, "@pulumi/pulumi": pulumiVersion } }, null, 2),
    );
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd: project, stdio: "inherit" });

    const backend = path.join(project, ".pulumi");
    fs.mkdirSync(backend);
    // Asynchronously: the emulator answering the program lives in this process.
    const { stdout } = await promisify(execFile)("node", ["run.js"], {
      cwd: project,
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, PULUMI_BACKEND_URL: `file://${backend}`, PACKED_TCS_KEY: emulator.keys.production.secret, PACKED_TCS_URL: emulator.url },
    });
    const result = JSON.parse(stdout.trim().split("\n").pop()!);
    expect(result.resolvedFrom).toBe(path.join("node_modules", "pulumi-tcs", "dist", "provider", "index.js"));
    expect(result.up).toMatchObject({ create: 3 });
    expect(result.preview).toEqual({ same: 3 });
    expect(result.destroy).toMatchObject({ delete: 3 });
    expect((await api(emulator, "GET", `/roles/${result.outputs.roleId}`)).slug).toBe("from-the-tarball");
  });
});
