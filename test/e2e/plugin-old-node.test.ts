// The native plugin started with a Node.js older than 22 first on PATH, on the real engine with the
// YAML host: the launcher's one-line message reaches the user as the provider's problem, with none of
// the engine's crash report ("exited prematurely … This is *always* a bug in the provider") and no
// "could not read plugin … exit status 1" per resource; nothing changes (issue 45, item 6).
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { listAll, startTestEmulator } from "./helpers/tcs-stack";
import { outputCollector } from "./helpers/workspace";
import { yamlProgramHead, yamlProject, type YamlProject } from "./helpers/yaml-project";

const PROGRAM = `${yamlProgramHead("tcs-old-node")}resources:
${["first", "second", "third"]
  .map(
    (name) =>
      `  ${name}:\n    type: tcs:Role\n    properties: { name: Old node ${name}, slug: old-node-${name}, permissions: [thread_read] }\n`,
  )
  .join("")}`;

let emulator: RunningEmulator;
let project: YamlProject;
/** A directory whose `node` is older than 22, put first on the engine's PATH. */
let oldNodeDir: string;
let oldNodeVersion: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  project = await yamlProject("old-node", emulator, PROGRAM);
  oldNodeDir = path.join(project.scratch.dir, "old-node-bin");
  fs.mkdirSync(oldNodeDir);
  const found = olderNode();
  if (found) {
    fs.symlinkSync(found, path.join(oldNodeDir, "node"));
  } else {
    // No older Node.js on this machine: this one, made to report v20.11.0 to the plugin's version check.
    const preload = path.join(oldNodeDir, "report-v20.js");
    fs.writeFileSync(
      preload,
      `Object.defineProperty(process, "versions", { value: { ...process.versions, node: "20.11.0" } });\nObject.defineProperty(process, "version", { value: "v20.11.0" });\n`,
    );
    fs.writeFileSync(
      path.join(oldNodeDir, "node"),
      `#!/bin/bash\nexec "${process.execPath}" --require "${preload}" "$@"\n`,
      { mode: 0o755 },
    );
  }
  oldNodeVersion = execFileSync(path.join(oldNodeDir, "node"), ["-p", "process.version"], { encoding: "utf8" }).trim();
});

afterAll(async () => {
  project?.scratch.remove();
  await emulator?.close();
});

/** A Node.js older than 22 on PATH (a system one, as here, where /usr/bin/node is v20), if any. */
function olderNode(): string | undefined {
  const candidates = execFileSync("bash", ["-c", "which -a node || true"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  return candidates.find((node) => {
    const major = Number(
      execFileSync(node, ["-p", "process.versions.node.split('.')[0]"], { encoding: "utf8" }).trim(),
    );
    return major < 22;
  });
}

/** Runs the operation with the older Node first on the engine's PATH; returns what the engine printed and the CLI's error. */
async function withOldNode(operation: (onOutput: (out: string) => void) => Promise<unknown>): Promise<string> {
  const envVars = project.stack.workspace.envVars;
  const saved = envVars.PATH;
  envVars.PATH = `${oldNodeDir}:${process.env.PATH}`;
  const output = outputCollector();
  try {
    const failure = await operation(output.onOutput).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    return output.text();
  } finally {
    if (saved === undefined) delete envVars.PATH;
    else envVars.PATH = saved;
  }
}

/**
 * The refusal as printed: the message, and none of the crash report. A preview or an up stops at the
 * provider's settings check, once for the run. A refresh or a destroy configures the provider from
 * state without that check, and the engine reports a provider that refuses its configuration on each
 * resource it then calls: the same line for each, and no other problem.
 */
function expectClearRefusal(text: string, { once }: { once: boolean }): void {
  const message = `pulumi-resource-tcs needs Node.js 22 or newer (found ${oldNodeVersion} at ${path.join(oldNodeDir, "node")}): install a newer Node.js and run pulumi again.`;
  expect(text).not.toMatch(/exited prematurely|always\* a bug|could not read plugin|rpc error/);
  const diagnostics = text.slice(text.indexOf("Diagnostics:"));
  const errors = diagnostics.split("\n").filter((line) => line.trim().startsWith("error:"));
  if (once) {
    expect(errors).toEqual([`    error: pulumi:providers:tcs resource 'default' has a problem: ${message}`]);
  } else {
    expect(errors.filter((line) => !line.includes("update failed"))).toEqual(Array(3).fill(`    error: ${message}`));
  }
}

test("with Node 20 first on PATH, the plugin's one-line message is the only error, once for a preview or an up; nothing changes", async () => {
  const { stack } = project;
  const up = await stack.up();
  expect(up.summary.resourceChanges).toEqual({ create: 4 });
  const roles = async () =>
    (await listAll(emulator, "/roles")).filter((role) => String(role.slug).startsWith("old-node-")).length;
  expect(await roles()).toBe(3);

  // A new resource: preview and up stop at the provider, before any resource is checked.
  project.write(
    `${PROGRAM}  fourth:\n    type: tcs:Role\n    properties: { name: Old node fourth, slug: old-node-fourth, permissions: [thread_read] }\n`,
  );
  expectClearRefusal(await withOldNode((onOutput) => stack.preview({ onOutput })), { once: true });
  expectClearRefusal(await withOldNode((onOutput) => stack.up({ onOutput })), { once: true });
  expectClearRefusal(await withOldNode((onOutput) => stack.refresh({ onOutput })), { once: false });
  expectClearRefusal(await withOldNode((onOutput) => stack.destroy({ onOutput })), { once: false });
  expect(await roles()).toBe(3);
  const resources = (await stack.exportStack()).deployment.resources as Array<{ type: string }>;
  expect(resources.filter((resource) => resource.type === "tcs:index:Role")).toHaveLength(3);
});
