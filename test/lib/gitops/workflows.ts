// The GitHub Actions workflows of examples/gitops, read as GitHub reads them (YAML), for the tests that
// hold them to the recorded contracts of the actions and tools they call (test/contracts/).
import * as fs from "node:fs";
import * as path from "node:path";
import * as yaml from "js-yaml";

export const WORKFLOW_DIR = path.resolve(__dirname, "..", "..", "..", "examples", "gitops", ".github", "workflows");

export interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

export interface Job {
  steps: Step[];
}

export interface Workflow {
  on: Record<string, unknown>;
  concurrency?: { group: string; "cancel-in-progress": boolean };
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

/** Every workflow file of examples/gitops, so a workflow added later is held to the contracts too. */
export function workflowFiles(): string[] {
  return fs
    .readdirSync(WORKFLOW_DIR)
    .filter((file) => /\.ya?ml$/.test(file))
    .sort();
}

export function loadWorkflow(file: string): Workflow {
  return yaml.load(fs.readFileSync(path.join(WORKFLOW_DIR, file), "utf8")) as Workflow;
}

/** A step's label in messages: its name, id, action or first line of script. */
export function describeStep(step: Step, index: number): string {
  const label = step.name ?? step.id ?? step.uses ?? step.run?.split("\n")[0] ?? "";
  return `step ${index + 1} (${label})`;
}
