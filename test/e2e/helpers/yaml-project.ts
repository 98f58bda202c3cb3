// A Pulumi YAML project on the native provider, run by the real `pulumi` CLI and the YAML language
// host (scripts/bootstrap-pulumi-yaml.sh) through the Automation API's local programs: the same
// `pulumi up` a YAML user runs. The project gets pulumi-tcs as a user's would have it installed
// (node_modules/pulumi-tcs, here a link to this repository), so Pulumi.yaml's plugin path is the one
// docs/guide.md gives (under "Every language: the native provider").
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT } from "../../lib/engine";
import { withPostApplyPlan, type CheckedStack } from "./post-apply-plan";
import { api } from "./tcs-stack";
import { makeScratch, type Scratch } from "./workspace";

export interface YamlProject {
  scratch: Scratch;
  /** Each `up` plans again after (post-apply-plan.ts). */
  stack: CheckedStack;
  /** Replaces the program (Pulumi.yaml). */
  write(program: string): void;
}

export async function yamlProject(name: string, emulator: RunningEmulator, program: string): Promise<YamlProject> {
  const scratch = makeScratch(name);
  fs.mkdirSync(path.join(scratch.dir, "node_modules"), { recursive: true });
  fs.symlinkSync(REPO_ROOT, path.join(scratch.dir, "node_modules", "pulumi-tcs"));
  const write = (text: string) => fs.writeFileSync(path.join(scratch.dir, "Pulumi.yaml"), text);
  write(program);
  const stack = withPostApplyPlan(
    await LocalWorkspace.createOrSelectStack(
      { stackName: name, workDir: scratch.dir },
      { envVars: { PULUMI_BACKEND_URL: `file://${scratch.backendDir}` } },
    ),
  );
  await stack.setAllConfig({
    "tcs:apiKey": { value: emulator.keys.production.secret, secret: true },
    "tcs:baseUrl": { value: emulator.url },
    "tcs:rateLimitTier": { value: "production" },
  });
  return { scratch, stack, write };
}

/** A YAML program's first lines: its name, its runtime, and the tcs plugin where the npm package installs it. */
export function yamlProgramHead(name: string): string {
  return `name: ${name}\nruntime: yaml\nplugins:\n  providers:\n    - name: tcs\n      path: ./node_modules/pulumi-tcs/bin\n`;
}

/** The example's program (examples/yaml/Pulumi.yaml). */
export function yamlExample(): string {
  return fs.readFileSync(path.join(REPO_ROOT, "examples", "yaml", "Pulumi.yaml"), "utf8");
}

/**
 * The YAML quickstart's role (examples/yaml) renamed by hand: a refresh preview that expects no
 * changes must fail, and show the rename as the field's old and new value.
 */
export async function expectRoleRenameCaught(
  emulator: RunningEmulator,
  stack: Stack,
  roleId: string,
  printed: { onOutput: (out: string) => void; text: () => string },
): Promise<void> {
  await api(emulator, "PUT", `/roles/${roleId}`, {
    name: "Renamed by hand",
    slug: "support-agents",
    permissions: ["thread_create", "thread_read", "message_read"],
    description: "Answer customer threads.",
  });
  const preview = stack.preview({ refresh: true, expectNoChanges: true, diff: true, onOutput: printed.onOutput });
  await expect(preview).rejects.toThrow(/no changes were expected/);
  expect(printed.text()).toMatch(/~ name\s*: "Renamed by hand" => "Support agents"/);
}
