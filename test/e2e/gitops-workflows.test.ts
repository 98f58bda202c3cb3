// examples/gitops: the GitHub Actions workflows pass actionlint (built from Go modules), call the
// engine the way their README says, and the nightly drift jobs' shell steps (with Node, and for a
// repository in any language from the release's plugin) turn the drift report's exit codes into the
// right outcome: 0 quiet, 2 an issue, 1 a failed job. The actions' steps are held to their recorded
// contracts (test/contracts/), and the stand-in for gh behaves as gh's recorded facts say: it refuses a
// label the repository does not have, and every command line it records is checked against gh's flags.
import { execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "../lib/engine";
import { checkUsesStep, loadActionContracts } from "../lib/gitops/action-contract";
import { loadGhFacts, parseGhCall } from "../lib/gitops/gh-contract";
import { loadWorkflow as load, WORKFLOW_DIR, workflowFiles, type Step, type Workflow } from "../lib/gitops/workflows";
import { runBin } from "./helpers/run-bin";
import { makeScratch, type Scratch } from "./helpers/workspace";

const run = promisify(execFile);
const DRIFT_BIN = path.join(REPO_ROOT, "dist", "provider", "cli", "main.js");
const contracts = loadActionContracts();
const ghFacts = loadGhFacts();

/** The workflow's pulumi/actions step, which must be one the pinned action accepts. */
function pulumiStep(workflow: Workflow): Step {
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  const step = steps.find((candidate) => candidate.uses?.startsWith("pulumi/actions@"));
  if (!step) throw new Error("no pulumi/actions step");
  expect(checkUsesStep(step, contracts)).toEqual([]);
  return step;
}

/** What is wrong with gh command lines a stand-in recorded, by gh's recorded flags. */
function ghProblems(calls: string[][]): string[] {
  return calls.flatMap((args) => parseGhCall(args, ghFacts).problems);
}

describe("examples/gitops workflows", () => {
  it.each(workflowFiles())("%s passes actionlint", async (file) => {
    const { stdout: actionlint } = await run("bash", [path.join(REPO_ROOT, "scripts", "bootstrap-actionlint.sh")], {
      timeout: 300_000,
    });
    const lint = await run(actionlint.trim(), ["-no-color", path.join(WORKFLOW_DIR, file)]).then(
      (result) => ({ code: 0, output: result.stdout + result.stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: error.stdout + error.stderr,
      }),
    );
    expect(lint).toEqual({ code: 0, output: "" });
  });

  it("preview runs on pull requests under the policy pack, refreshing first", () => {
    const workflow = load("preview.yml");
    expect(Object.keys(workflow.on)).toEqual(["pull_request"]);
    expect(pulumiStep(workflow).with).toMatchObject({
      command: "preview",
      "stack-name": "production",
      policyPacks: "node_modules/pulumi-tcs/policy",
      refresh: true,
    });
    expect(workflow.permissions).toEqual({ contents: "read" });
  });

  it("apply runs on merge to main, one at a time and never cancelled half-way", () => {
    const workflow = load("apply.yml");
    expect(workflow.on).toEqual({ push: { branches: ["main"] } });
    expect(pulumiStep(workflow).with).toMatchObject({
      command: "up",
      "stack-name": "production",
      policyPacks: "node_modules/pulumi-tcs/policy",
    });
    expect(workflow.concurrency).toEqual({ group: "apply-production", "cancel-in-progress": false });
    // The drift job reads the state the apply job writes: they share one queue.
    expect(load("drift.yml").concurrency).toEqual(workflow.concurrency);
  });

  // pulumi/actions v6 with no command installs the CLI and stops; any command it does not run fails the
  // job before the CLI is installed, and the drift step after it would find no pulumi.
  it.each(["drift.yml", "drift-any-language.yml"])(
    "%s installs the Pulumi CLI (install-only) before the steps that run it",
    (file) => {
      const steps = load(file).jobs.drift.steps;
      const install = steps.findIndex((step) => step.uses?.startsWith("pulumi/actions@"));
      expect(install).toBeGreaterThanOrEqual(0);
      expect(steps[install].with?.command).toBeUndefined();
      expect(checkUsesStep(steps[install], contracts)).toEqual([]);
      const usesPulumi = steps.findIndex((step) => /\bpulumi(-tcs)? |TCS_PLUGIN"? drift/.test(step.run ?? ""));
      expect(usesPulumi).toBeGreaterThan(install);
    },
  );

  // The same job twice: with Node (npx pulumi-tcs drift) and for a YAML, Python or Go repository (the
  // release's plugin executable, installed from its tarball). Each detect step is run as GitHub runs
  // it, with a stand-in for the tool that records its command line and exits as the tool would.
  describe.each([
    { file: "drift.yml", tool: "npx", toolEnv: {} as Record<string, string>, command: ["pulumi-tcs", "drift"] },
    { file: "drift-any-language.yml", tool: "pulumi-resource-tcs", toolEnv: { TCS_PLUGIN: "" }, command: ["drift"] },
  ])("$file: the drift step", ({ file, tool, toolEnv, command }) => {
    const drift = load(file);
    const steps = drift.jobs.drift.steps;
    const detect = steps.find((step) => step.id === "drift") as Step;
    const report = steps.find((step) => step.name === "Open or update the drift issue") as Step;
    let scratch: Scratch;
    let fakeTool: string;

    beforeAll(() => {
      scratch = makeScratch("gitops");
      fakeTool = path.join(scratch.dir, "bin", tool);
      fs.mkdirSync(path.dirname(fakeTool));
      fs.writeFileSync(fakeTool, '#!/usr/bin/env bash\nprintf "%s\\n" "$@" > "$TOOL_ARGS"\nexit "$FAKE_DRIFT_EXIT"\n', {
        mode: 0o755,
      });
      fs.writeFileSync(path.join(scratch.dir, "bin", "gh"), GH_STAND_IN, { mode: 0o755 });
    });
    afterAll(() => scratch.remove());

    /** Runs the step's script as GitHub runs a `run:` step (bash -e -o pipefail). */
    function runDetect(driftExit: number): Promise<{ code: number | null; outputs: string; stdout: string }> {
      const script = path.join(scratch.dir, "detect.sh");
      const outputs = path.join(scratch.dir, `outputs-${driftExit}`);
      fs.writeFileSync(script, detect.run as string);
      fs.writeFileSync(outputs, "");
      return runStep(script, {
        PATH: `${path.join(scratch.dir, "bin")}:${process.env.PATH}`,
        GITHUB_OUTPUT: outputs,
        TOOL_ARGS: path.join(scratch.dir, "tool-args"),
        FAKE_DRIFT_EXIT: String(driftExit),
        ...Object.fromEntries(Object.keys(toolEnv).map((name) => [name, fakeTool])),
      }).then((result) => ({ ...result, outputs: fs.readFileSync(outputs, "utf8") }));
    }

    it("no drift (exit 0): the job passes and no issue is opened", async () => {
      const result = await runDetect(0);
      expect(result.code).toBe(0);
      expect(result.outputs).toBe("exit-code=0\n");
      expect(report.if).toBe("steps.drift.outputs.exit-code == '2'");
    });

    it("drift (exit 2): the job goes on to open or update the drift issue", async () => {
      const result = await runDetect(2);
      expect(result.code).toBe(0);
      expect(result.outputs).toBe("exit-code=2\n");
      expect(report.run).toContain("--body-file drift.md");
    });

    it("error (exit 1): the job fails with an annotation", async () => {
      const result = await runDetect(1);
      expect(result.code).toBe(1);
      expect(result.outputs).toBe("exit-code=1\n");
      expect(result.stdout).toMatch(/::error::.*could not check the stack/);
    });

    /**
     * Runs the issue step with a gh that behaves as gh's recorded facts say on a repository with the
     * given labels and open drift issue: `issue create --label X` fails unless X exists or was created.
     */
    async function runReport(name: string, openIssue: string) {
      const dir = path.join(scratch.dir, name);
      const calls = path.join(dir, "gh-calls");
      fs.mkdirSync(calls, { recursive: true });
      const script = path.join(dir, "report.sh");
      fs.writeFileSync(script, report.run as string);
      fs.writeFileSync(path.join(dir, "drift.md"), "drift report\n");
      const labels = path.join(dir, "labels");
      fs.writeFileSync(labels, "bug\n");
      const result = await runStep(
        script,
        {
          PATH: `${path.join(scratch.dir, "bin")}:${process.env.PATH}`,
          GH_CALLS: calls,
          GH_LABELS: labels,
          GH_OPEN_ISSUE: openIssue,
        },
        dir,
      );
      const recorded = fs
        .readdirSync(calls)
        .sort()
        .map((file) => fs.readFileSync(path.join(calls, file), "utf8").split("\0").slice(0, -1));
      return { ...result, calls: recorded, labels: fs.readFileSync(labels, "utf8").trim().split("\n") };
    }

    it("drift in a repository without the drift label: the label is made, then the issue opened with it", async () => {
      const result = await runReport("no-label", "");
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(result.labels).toEqual(["bug", "drift"]);
      expect(result.calls.map((args) => args.slice(0, 2).join(" "))).toEqual([
        "label create",
        "issue list",
        "issue create",
      ]);
      expect(result.calls[2]).toEqual(expect.arrayContaining(["--label", "drift", "--body-file", "drift.md"]));
      expect(ghProblems(result.calls)).toEqual([]);
    });

    it("drift with a drift issue open: the report goes to it as a comment", async () => {
      const result = await runReport("open-issue", "7");
      expect(result.code).toBe(0);
      expect(result.calls.map((args) => args.slice(0, 3).join(" "))).toEqual([
        "label create drift",
        "issue list --label",
        "issue comment 7",
      ]);
      expect(ghProblems(result.calls)).toEqual([]);
    });

    it("calls the drift command with options it accepts", async () => {
      await runDetect(0);
      const recorded = fs.readFileSync(path.join(scratch.dir, "tool-args"), "utf8").trim().split("\n");
      // npx runs the bin named as the package, pulumi-tcs, which the project owns on the registry.
      expect(recorded.slice(0, command.length)).toEqual(command);
      // The real tool parses the same command line and stops only at the missing project.
      const real = await runBin(DRIFT_BIN, [...recorded.slice(command.length - 1), "--cwd", scratch.dir]);
      expect(real.code).toBe(1);
      expect(real.stderr).toContain(`no Pulumi.yaml in ${scratch.dir}`);
    });
  });

  describe("drift-any-language.yml: the install step", () => {
    const install = load("drift-any-language.yml").jobs.drift.steps.find(
      (step) => step.name === "Install the tcs plugin from the release",
    ) as Step;
    const version = "0.1.0";
    const tarballName = `pulumi-resource-tcs-v${version}-linux-amd64.tar.gz`;
    let scratch: Scratch;

    beforeAll(() => {
      scratch = makeScratch("gitops-install");
      // Stand-ins: gh "downloads" the release's files from a folder, pulumi records its command line.
      const bin = path.join(scratch.dir, "bin");
      fs.mkdirSync(bin);
      fs.writeFileSync(
        path.join(bin, "gh"),
        '#!/usr/bin/env bash\nprintf "%s\\n" "$@" > "$GH_ARGS"\ncp "$RELEASE"/* .\n',
        { mode: 0o755 },
      );
      fs.writeFileSync(path.join(bin, "pulumi"), '#!/usr/bin/env bash\nprintf "%s\\n" "$@" > "$PULUMI_ARGS"\n', {
        mode: 0o755,
      });
    });
    afterAll(() => scratch.remove());

    /** The step's script with a release folder holding the tarball and SHA256SUMS (the tarball's bytes after the sum was taken: `corrupt`). */
    async function runInstall(name: string, corrupt: boolean) {
      const dir = path.join(scratch.dir, name);
      const release = path.join(dir, "release");
      fs.mkdirSync(release, { recursive: true });
      fs.writeFileSync(path.join(release, tarballName), "the tarball");
      const { stdout: sums } = await run("sha256sum", [tarballName], { cwd: release });
      fs.writeFileSync(
        path.join(release, "SHA256SUMS"),
        `${sums}0000000000000000000000000000000000000000000000000000000000000000  go/other.zip\n`,
      );
      if (corrupt) fs.writeFileSync(path.join(release, tarballName), "another tarball");
      const script = path.join(dir, "install.sh");
      fs.writeFileSync(script, install.run as string);
      const githubEnv = path.join(dir, "github-env");
      fs.writeFileSync(githubEnv, "");
      const env = {
        PATH: `${path.join(scratch.dir, "bin")}:${process.env.PATH}`,
        HOME: "/home/runner",
        TCS_VERSION: version,
        RELEASE: release,
        GITHUB_ENV: githubEnv,
        GH_ARGS: path.join(dir, "gh-args"),
        PULUMI_ARGS: path.join(dir, "pulumi-args"),
      };
      const result = await runStep(script, env, dir);
      const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n") : []);
      return {
        ...result,
        githubEnv: fs.readFileSync(githubEnv, "utf8"),
        gh: read(env.GH_ARGS),
        pulumi: read(env.PULUMI_ARGS),
      };
    }

    it("downloads the tarball and SHA256SUMS of the version, checks the sum, installs it from the file, and names the executable for the next steps", async () => {
      const result = await runInstall("good", false);
      expect(result.code).toBe(0);
      expect(result.gh).toEqual([
        "release",
        "download",
        `v${version}`,
        "--repo",
        "pulumi-tcs/pulumi-tcs",
        "--pattern",
        tarballName,
        "--pattern",
        "SHA256SUMS",
      ]);
      expect(ghProblems([result.gh])).toEqual([]);
      expect(result.pulumi).toEqual(["plugin", "install", "resource", "tcs", version, "--file", tarballName]);
      expect(result.githubEnv).toBe(
        `TCS_PLUGIN=/home/runner/.pulumi/plugins/resource-tcs-v${version}/pulumi-resource-tcs\n`,
      );
    });

    it("stops before installing a tarball whose checksum does not match", async () => {
      const result = await runInstall("corrupt", true);
      expect(result.code).not.toBe(0);
      expect(result.pulumi).toEqual([]);
      expect(result.githubEnv).toBe("");
    });
  });
});

/**
 * gh as its recorded facts say it behaves (test/contracts/gh-2.23.json): `label create` adds a label to
 * the repository ($GH_LABELS), `issue create --label X` fails as gh does unless X is there, `issue list`
 * prints the open drift issue ($GH_OPEN_ISSUE) if any. Each command line goes to $GH_CALLS to be checked
 * against gh's flags afterwards.
 */
const GH_STAND_IN = `#!/usr/bin/env bash
printf '%s\\0' "$@" > "$GH_CALLS/$(printf '%03d' "$(ls "$GH_CALLS" | wc -l)")"
case "$1 $2" in
  "label create") grep -qxF -- "$3" "$GH_LABELS" || echo "$3" >> "$GH_LABELS" ;;
  "issue list") if [ -n "$GH_OPEN_ISSUE" ]; then echo "$GH_OPEN_ISSUE"; fi ;;
  "issue create")
    shift 2
    while [ $# -gt 0 ]; do
      if [ "$1" = --label ] || [ "$1" = -l ]; then
        IFS=, read -ra names <<< "$2"
        for name in "\${names[@]}"; do
          grep -qxF -- "$name" "$GH_LABELS" || { echo "could not add label: '$name' not found" >&2; exit 1; }
        done
      fi
      shift
    done
    echo "https://github.com/owner/infra/issues/8" ;;
esac
`;

/** Runs a step's script as GitHub runs a `run:` step (bash -e -o pipefail), with only this environment. */
function runStep(
  script: string,
  env: Record<string, string>,
  cwd = path.dirname(script),
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}
