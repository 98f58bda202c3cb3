// What the engine's verbose log shows of the API key (`pulumi preview -v=N --logtostderr --logflow`),
// through each door against the emulator: the log a user attaches to a support request. Facts of
// pulumi v3.259.0 that docs/troubleshooting.md ("Sharing a verbose log") states, checked here so that
// a CLI that changes them fails this test rather than the docs going stale: the engine masks the key
// wherever it logs the setting (`apiKey={[secret]}`), but at -v=9 it also logs the value inside the
// secret it marshals into Configure's request, and on the native door (whose CheckConfig answers with
// the key as a secret) the one it unmarshals from CheckConfig's answer: lines of its own. Below -v=9 no
// line carries the key, and no line of the plugins' own does at any level.
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import type { Stack } from "@pulumi/pulumi/automation";
import { startTestEmulator, tcsStack, type TcsStack } from "./helpers/tcs-stack";
import { describeInNpmTest } from "./helpers/long-split";
import { yamlProgramHead, yamlProject, type YamlProject } from "./helpers/yaml-project";

const PROGRAM = `${yamlProgramHead("verbose-logs")}resources:
  support:
    type: tcs:Role
    properties:
      name: Support
      slug: verbose-logs-support
      permissions: [thread_read]
`;

/** The lines of the engine's own that carry the key at -v=9: the secret's value, logged as a property of its envelope. */
const CONFIGURE_LINE =
  /"msg":"Marshaling property for RPC\[Provider\[0x[0-9a-f]+\]\.Configure\(\)\.inputs\]: value=\{KEY\}","v":9\}/;
const CHECK_CONFIG_LINE =
  /"msg":"Unmarshaling property for RPC\[Provider\[0x[0-9a-f]+\]\.CheckConfig\([^)]*\)\.inputs\]: value=\{KEY\}","v":9\}/;

let emulator: RunningEmulator;
let project: YamlProject;
let dynamic: TcsStack;
let dynamicStack: Stack;

beforeAll(async () => {
  emulator = await startTestEmulator();
  project = await yamlProject("verbose-logs", emulator, PROGRAM);
  await project.stack.up();
  dynamic = tcsStack("verbose-logs-dynamic", emulator);
  dynamicStack = await dynamic.open(async () => {
    new tcs.Role("support", { name: "Support", slug: "verbose-logs-dynamic", permissions: ["thread_read"] });
  });
  await dynamicStack.up();
});

afterAll(async () => {
  await project?.stack.destroy().catch(() => undefined);
  project?.scratch.remove();
  dynamic?.scratch.remove();
  await emulator?.close();
});

/** The lines of a no-change preview's log at this verbosity (the plugins' included) that carry the key. */
async function linesWithKey(stack: Stack, verbosity: number): Promise<string[]> {
  const preview = await stack.preview({ logVerbosity: verbosity, logToStdErr: true, logFlow: true });
  expect(preview.changeSummary).toEqual({ same: 2 });
  // The log is there: a run that logged nothing would pass for the wrong reason.
  expect(preview.stderr).toContain("Configure");
  return preview.stderr.split("\n").filter((line) => line.includes(emulator.keys.production.secret));
}

/** Which of `patterns` (KEY standing for the key, matched literally) each line is, -1 for none. */
function kinds(lines: string[], patterns: RegExp[]): number[] {
  const key = emulator.keys.production.secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const withKey = patterns.map((pattern) => new RegExp(pattern.source.replace("KEY", key)));
  return lines.map((line) => withKey.findIndex((pattern) => pattern.test(line))).sort();
}

describeInNpmTest("the API key in the engine's verbose log (pulumi v3.259.0)", () => {
  it("is, at -v=9 on the native door, in two lines of the engine's own: the secret's value from CheckConfig's answer and into Configure", async () => {
    expect(kinds(await linesWithKey(project.stack, 9), [CHECK_CONFIG_LINE, CONFIGURE_LINE])).toEqual([0, 1]);
  });

  it("is, at -v=9 on the dynamic door, in one line of the engine's own: the secret's value into Configure", async () => {
    expect(kinds(await linesWithKey(dynamicStack, 9), [CONFIGURE_LINE])).toEqual([0]);
  });

  it("is in no line below -v=9, through either door", async () => {
    expect(await linesWithKey(project.stack, 8)).toEqual([]);
    expect(await linesWithKey(dynamicStack, 8)).toEqual([]);
  });
});
