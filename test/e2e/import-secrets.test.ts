// `pulumi import` of a provider config under the name the stack holds it by: the command the refusals
// of docs/adoption.md#not-in-state name, run by the real CLI and YAML language host (issue 58, point 3).
// After `pulumi state delete` (the object stays), the import reads the config, and no part of its
// secret `value` reaches what the import prints, the code it writes (`--out`), or the state outside
// its ciphertext. While the stack still holds it under that name and id, Pulumi imports nothing: the
// provider is sent nothing, and the CLI writes the recorded inputs as code, where Pulumi v3.259's
// code generator writes a secret object in clear. That limit is Pulumi's, and docs/native-provider.md
// (Import) says so; this test holds the docs to it.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import type { BinResult } from "./helpers/run-bin";
import { requests, startTestEmulator } from "./helpers/tcs-stack";
import { yamlProgramHead, yamlProject, type YamlProject } from "./helpers/yaml-project";

/** Every part of the value: each key and each setting, distinct enough to be found anywhere. */
const VALUE_PARTS = ["base_url", "ghe-s3cr3t-host.example.com", "timeout_seconds", "287"];

const PROGRAM = [
  yamlProgramHead("tcs-import-secrets").trimEnd(),
  "resources:",
  "  tools:",
  "    type: tcs:ProviderConfig",
  "    properties:",
  "      providerId: prov_github00000000000000",
  "      name: Tools",
  "      value:",
  "        base_url: https://ghe-s3cr3t-host.example.com",
  "        timeout_seconds: 287",
  "outputs:",
  "  configId: ${tools.id}",
  "",
].join("\n");

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await emulator?.close();
});

/** The pulumi CLI (on PATH: jest runs under scripts/env.sh), run without blocking: the emulator answering its plugin lives in this process. */
function pulumi(project: YamlProject, args: string[]): Promise<BinResult> {
  const env = { ...process.env, PULUMI_BACKEND_URL: `file://${project.scratch.backendDir}` };
  return new Promise((resolve, reject) => {
    const child = spawn("pulumi", [...args, "--stack", "import-secrets", "--non-interactive"], {
      cwd: project.scratch.dir,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let [stdout, stderr] = ["", ""];
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The parts of the secret value that `text` shows in clear, each as a whole token: a bare "287" also
 * turns up inside a timestamp's fraction, an id or a ciphertext (left out), none of which shows the value.
 */
function shown(text: string): string[] {
  const token = (part: string) => new RegExp(`(?<![\\w.])${part.replace(/[.]/g, "\\.")}(?!\\w)`);
  const clear = text.replace(/"ciphertext":\s*"[^"]*"/g, "");
  return VALUE_PARTS.filter((part) => token(part).test(clear));
}

test("pulumi import of a config under its name: read back after state delete, no part of its secret value is printed, written with --out or in state; still held, Pulumi imports nothing and writes the recorded value as code", async () => {
  const project = await yamlProject("import-secrets", emulator, PROGRAM);
  try {
    const up = await project.stack.up();
    const id = up.outputs.configId.value as string;
    const importArgs = ["import", "tcs:index:ProviderConfig", "tools", id, "--yes", "--protect=false"];

    // Dropped from state (the object stays), then imported back under the same name: the provider reads it.
    const urn = "urn:pulumi:import-secrets::tcs-import-secrets::tcs:index:ProviderConfig::tools";
    expect((await pulumi(project, ["state", "delete", urn, "--yes"])).code).toBe(0);
    const printed = await pulumi(project, importArgs);
    expect({ code: printed.code, stderr: printed.stderr }).toEqual({ code: 0, stderr: "" });
    expect(printed.stdout).toMatch(/1 imported/);
    expect((await pulumi(project, ["state", "delete", urn, "--yes"])).code).toBe(0);
    const code = path.join(project.scratch.dir, "code.yaml");
    const written = await pulumi(project, [...importArgs, "--out", code]);
    expect(written.code).toBe(0);
    const exported = await pulumi(project, ["stack", "export"]);
    expect({
      printed: shown(printed.stdout + printed.stderr),
      written: shown(written.stdout + written.stderr),
      code: shown(fs.readFileSync(code, "utf8")),
      state: shown(exported.stdout),
    }).toEqual({ printed: [], written: [], code: [], state: [] });

    // Declared with its value again: the config is replaced by one holding it, secret in state.
    const replaced = await project.stack.up();
    expect(replaced.summary.resourceChanges).toMatchObject({ replace: 1 });
    const held = replaced.outputs.configId.value as string;
    const state = await pulumi(project, ["stack", "export"]);
    expect(shown(state.stdout)).toEqual([]);
    expect(state.stdout).toContain("ciphertext");

    // Still held under that name and id: Pulumi imports nothing and sends the provider nothing, and
    // its code generator writes the value the state records in clear (docs/native-provider.md#import).
    await requests.reset(emulator);
    const heldCode = path.join(project.scratch.dir, "held.yaml");
    const noop = await pulumi(project, [
      "import",
      "tcs:index:ProviderConfig",
      "tools",
      held,
      "--yes",
      "--protect=false",
      "--out",
      heldCode,
    ]);
    expect(noop.code).toBe(0);
    expect(noop.stdout).not.toMatch(/imported/);
    expect((await requests.read(emulator)).total).toBe(0);
    expect(shown(fs.readFileSync(heldCode, "utf8"))).toEqual(VALUE_PARTS);
  } finally {
    project.scratch.remove();
  }
});
