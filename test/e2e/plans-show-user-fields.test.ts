// What the engine shows of a tcs resource is what the user declared: the inputs the classes add for
// the plugin (the create key, the fingerprint of the checks, the replaceOnChanges option) are named
// with `__`, as Pulumi names `__provider`, and the CLI leaves such keys out of every plan, diff and
// refresh it prints. And the `import` resource option, which a dynamic resource cannot honour, is
// refused in the program with one message that says to use adoptId. The refresh's plans run in npm run
// test:long (test/long/plans-show-user-fields-refresh.test.ts): the same plumbing left out of a preview.
import * as fs from "node:fs";
import * as path from "node:path";
import * as tcs from "pulumi-tcs";
import type { Stack } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { FIX } from "./helpers/programs";
import { REPO_ROOT } from "../lib/engine";
import { runBin } from "./helpers/run-bin";
import { api, requests, startTestEmulator, tcsStack, type TcsStack } from "./helpers/tcs-stack";
import { outputCollector } from "./helpers/workspace";

/** Every name the plumbing inputs had or have (`tcsCreateKey` also matches `__tcsCreateKey`), and the provider module's. */
const PLUMBING = /tcsCreateKey|tcsValidatedBy|tcsReplaceOnChanges|__provider/;

function callbackProgram() {
  return async () => {
    // replaceOnChanges is sent as a plumbing input too (integrationProviderId is replace-only anyway).
    const callback = new tcs.Callback(
      "events",
      { integrationProviderId: FIX.githubIntegrationProvider, name: "GitHub events" },
      { replaceOnChanges: ["integrationProviderId"] },
    );
    return { callbackId: callback.id };
  };
}

describe("plans show the user's fields only", () => {
  let emulator: RunningEmulator;
  let env: TcsStack;
  let stack: Stack;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    env = tcsStack("plans-user-fields", emulator);
    stack = await env.open(callbackProgram());
  });
  afterAll(async () => {
    env.scratch.remove();
    await emulator.close();
  });

  testInNpmTest("a preview --diff of a new resource prints its declared fields, not the create key", async () => {
    const output = outputCollector();
    await stack.preview({ diff: true, onOutput: output.onOutput });
    expect(output.text()).toMatch(/ name\s*: "GitHub events"/);
    expect(output.text()).not.toMatch(PLUMBING);
  });

  testInLong(
    "a refresh preview after a hand edit shows the renamed name alone; up --refresh puts it back; then a refresh preview shows nothing",
    async () => {
      const up = await stack.up();
      const callbackId = up.outputs.callbackId.value as string;
      await api(emulator, "PATCH", `/callbacks/${callbackId}`, { name: "Renamed by hand" });

      const drifted = outputCollector();
      const preview = await stack.preview({ refresh: true, diff: true, onOutput: drifted.onOutput });
      expect(preview.changeSummary).toMatchObject({ update: 1 });
      expect(drifted.text()).toMatch(
        /~ name\s*: "(Renamed by hand|GitHub events)" => "(GitHub events|Renamed by hand)"/,
      );
      expect(drifted.text()).not.toMatch(PLUMBING);

      // The progress display's short diffs too: `[diff: ~name]`, where it read `[diff: -tcsCreateKey,tcsReplaceOnChanges,tcsValidatedBy~name]`.
      const restored = outputCollector();
      await stack.up({ refresh: true, onOutput: restored.onOutput });
      expect(restored.text()).toContain("[diff: ~name]");
      expect(restored.text()).not.toMatch(PLUMBING);
      expect((await api(emulator, "GET", `/callbacks/${callbackId}`)).name).toBe("GitHub events");

      const clean = outputCollector();
      const again = await stack.preview({ refresh: true, diff: true, onOutput: clean.onOutput });
      expect(again.changeSummary).toEqual({ same: 2 });
      expect(clean.text()).not.toMatch(PLUMBING);
    },
  );

  testInNpmTest(
    "the import option is refused before anything is sent, with one message naming the resource, the id and adoptId",
    async () => {
      // In a process of its own, as a user runs it: an inline program that throws leaves rejected promises
      // of Pulumi's stack resource behind, which Pulumi's handler reports and jest would count as this
      // file's errors. The stack is the one above, with its config.
      const script = path.join(env.scratch.dir, "import-option.js");
      fs.writeFileSync(
        script,
        `const { LocalWorkspace } = require("@pulumi/pulumi/automation");
const tcs = require(${JSON.stringify(path.join(REPO_ROOT, "dist", "provider"))});
const program = async () => {
  new tcs.Role("auditors", { name: "Auditors", slug: "auditors", permissions: ["thread_read"] }, { import: "rol_handmade0000000000" });
};
const envVars = { PULUMI_BACKEND_URL: ${JSON.stringify(`file://${env.scratch.backendDir}`)} };
LocalWorkspace.selectStack({ stackName: "plans-user-fields", projectName: "tcs", program }, { workDir: ${JSON.stringify(env.scratch.dir)}, envVars })
  .then((stack) => stack.preview())
  .then(() => console.log("the preview passed"), (error) => console.log(error.message));
`,
      );
      await requests.reset(emulator);
      const { stdout } = await runBin(script, []);
      // Every error the engine prints is this message (an inline program reports it twice: once from
      // Pulumi's handler of the rejection, once as the program's result), and no stack trace.
      const errors = new Set(
        [...stdout.matchAll(/error: (.*)/g)]
          .map((match) => match[1].trim())
          .filter((message) => message !== "preview failed"),
      );
      expect([...errors]).toEqual([
        'tcs:Role "auditors": the import resource option does not work on pulumi-tcs resources (dynamic resources, pulumi/pulumi#16175). ' +
          'To take over rol_handmade0000000000, declare adoptId: "rol_handmade0000000000" in its arguments instead of the import option: ' +
          "the first up reads that object and brings it under the stack without creating one (see docs/adoption.md).",
      ]);
      expect(stdout).not.toMatch(/toJavaScript|grpc|\n\s+at /i);
      expect((await requests.read(emulator)).total).toBe(0);
    },
  );
});
