// examples/gitops: the three GitHub Actions workflows pass actionlint (built from Go modules), call
// the engine the way their README says, and the nightly drift job's shell step turns the drift report's exit
// codes into the right outcome: 0 quiet, 2 an issue, 1 a failed job.
import { execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import * as yaml from "js-yaml";
import { REPO_ROOT } from "../../scripts/lib/engine";
import { runBin } from "./helpers/run-bin";
import { makeScratch, type Scratch } from "./helpers/workspace";

const run = promisify(execFile);
const WORKFLOW_DIR = path.join(REPO_ROOT, "examples", "gitops", ".github", "workflows");
const WORKFLOWS = ["preview.yml", "apply.yml", "drift.yml"];
const DRIFT_BIN = path.join(REPO_ROOT, "dist", "provider", "cli", "main.js");

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  concurrency?: { group: string; "cancel-in-progress": boolean };
  permissions?: Record<string, string>;
  jobs: Record<string, { steps: Step[] }>;
}

function load(file: string): Workflow {
  return yaml.load(fs.readFileSync(path.join(WORKFLOW_DIR, file), "utf8")) as Workflow;
}

function pulumiStep(workflow: Workflow): Step {
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
  const step = steps.find((candidate) => candidate.uses?.startsWith("pulumi/actions@"));
  if (!step) throw new Error("no pulumi/actions step");
  return step;
}

describe("examples/gitops workflows", () => {
  it.each(WORKFLOWS)("%s passes actionlint", async (file) => {
    const { stdout: actionlint } = await run("bash", [path.join(REPO_ROOT, "scripts", "bootstrap-actionlint.sh")], { timeout: 300_000 });
    const lint = await run(actionlint.trim(), ["-no-color", path.join(WORKFLOW_DIR, file)]).then(
      (result) => ({ code: 0, output: result.stdout + result.stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
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
    expect(pulumiStep(workflow).with).toMatchObject({ command: "up", "stack-name": "production", policyPacks: "node_modules/pulumi-tcs/policy" });
    expect(workflow.concurrency).toEqual({ group: "apply-production", "cancel-in-progress": false });
    // The drift job reads the state the apply job writes: they share one queue.
    expect(load("drift.yml").concurrency).toEqual(workflow.concurrency);
  });

  describe("the drift job's pulumi-tcs drift step", () => {
    const drift = load("drift.yml");
    const steps = drift.jobs.drift.steps;
    const detect = steps.find((step) => step.id === "drift") as Step;
    const report = steps.find((step) => step.name === "Open or update the drift issue") as Step;
    let scratch: Scratch;

    beforeAll(() => {
      scratch = makeScratch("gitops");
      // A stand-in for `npx` that records the command line and exits as pulumi-tcs drift would.
      const fakeNpx = path.join(scratch.dir, "bin", "npx");
      fs.mkdirSync(path.dirname(fakeNpx));
      fs.writeFileSync(fakeNpx, '#!/usr/bin/env bash\nprintf "%s\\n" "$@" > "$NPX_ARGS"\nexit "$FAKE_DRIFT_EXIT"\n', { mode: 0o755 });
    });
    afterAll(() => scratch.remove());

    /** Runs the step's script as GitHub runs a `run:` step (bash -e -o pipefail). */
    function runDetect(driftExit: number): Promise<{ code: number | null; outputs: string; stdout: string }> {
      const script = path.join(scratch.dir, "detect.sh");
      const outputs = path.join(scratch.dir, `outputs-${driftExit}`);
      fs.writeFileSync(script, detect.run as string);
      fs.writeFileSync(outputs, "");
      return new Promise((resolve, reject) => {
        const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
          cwd: scratch.dir,
          env: {
            PATH: `${path.join(scratch.dir, "bin")}:${process.env.PATH}`,
            GITHUB_OUTPUT: outputs,
            NPX_ARGS: path.join(scratch.dir, "npx-args"),
            FAKE_DRIFT_EXIT: String(driftExit),
          },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stdout = "";
        child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
        child.once("error", reject);
        child.once("close", (code) => resolve({ code, outputs: fs.readFileSync(outputs, "utf8"), stdout }));
      });
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
      expect(result.stdout).toContain("::error::pulumi-tcs drift could not check the stack");
    });

    it("calls pulumi-tcs drift with options it accepts", async () => {
      await runDetect(0);
      const [bin, ...args] = fs.readFileSync(path.join(scratch.dir, "npx-args"), "utf8").trim().split("\n");
      // npx runs the bin named as the package, pulumi-tcs, which the project owns on the registry.
      expect([bin, args[0]]).toEqual(["pulumi-tcs", "drift"]);
      // The real tool parses the same command line and stops only at the missing project.
      const real = await runBin(DRIFT_BIN, [...args, "--cwd", scratch.dir]);
      expect(real.code).toBe(1);
      expect(real.stderr).toContain(`no Pulumi.yaml in ${scratch.dir}`);
    });
  });
});
