// docs/troubleshooting.md#internal-error-loading-package-tcs, held to what the engine prints: a YAML
// program previewed where no tcs plugin is installed (a fresh PULUMI_HOME) and Pulumi.yaml names none
// fails with the message the entry quotes, and the entry's `plugins:` block, added to Pulumi.yaml,
// makes the same preview plan its create. (Automatic plugin downloads are off in every test, as
// scripts/env.sh sets them: the entry's offline and online variants need the network's answer.)
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT } from "../lib/engine";
import { startTestEmulator } from "./helpers/tcs-stack";
import { attempt, makeScratch, outputCollector, type Scratch } from "./helpers/workspace";

const ANCHOR = "internal-error-loading-package-tcs";

/** The troubleshooting entry whose heading GitHub anchors as ANCHOR: its heading's message and its text. */
function entry(): { heading: string; text: string } {
  const page = fs.readFileSync(path.join(REPO_ROOT, "docs", "troubleshooting.md"), "utf8");
  const sections = page.split(/^(?=## )/m);
  const anchorOf = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, "")
      .trim()
      .replace(/ /g, "-");
  const section = sections.find((text) => anchorOf(text.split("\n")[0].slice(3)) === ANCHOR);
  if (!section) throw new Error(`docs/troubleshooting.md has no section anchored #${ANCHOR}`);
  const heading = /^## `([^`]+)`/.exec(section)?.[1];
  if (!heading) throw new Error(`#${ANCHOR}: its heading quotes no message`);
  return { heading, text: section };
}

const PROGRAM = [
  "name: no-plugin",
  "runtime: yaml",
  "resources:",
  "  triage:",
  "    type: tcs:Role",
  "    properties:",
  "      name: Triage",
  "      slug: triage",
  "      permissions: [thread_read]",
  "",
].join("\n");

let emulator: RunningEmulator;
let scratch: Scratch;
beforeAll(async () => {
  emulator = await startTestEmulator();
  scratch = makeScratch("yaml-without-plugin");
});
afterAll(async () => {
  await emulator?.close();
  scratch?.remove();
});

test("a YAML program with no tcs plugin installed fails as the troubleshooting entry quotes, and its plugins: block fixes it", async () => {
  const { heading, text } = entry();
  const project = path.join(scratch.dir, "project");
  fs.mkdirSync(path.join(project, "node_modules"), { recursive: true });
  // The npm package beside the program, as the entry's second fix has it.
  fs.symlinkSync(REPO_ROOT, path.join(project, "node_modules", "pulumi-tcs"));
  fs.writeFileSync(path.join(project, "Pulumi.yaml"), PROGRAM);
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: "dev", workDir: project },
    // A PULUMI_HOME of its own: no plugin installed there, whatever the machine's holds.
    {
      envVars: {
        PULUMI_HOME: path.join(scratch.dir, "pulumi-home"),
        PULUMI_BACKEND_URL: `file://${scratch.backendDir}`,
      },
    },
  );
  await stack.setAllConfig({
    "tcs:apiKey": { value: emulator.keys.production.secret, secret: true },
    "tcs:baseUrl": { value: emulator.url },
  });

  const printed = await attempt((onOutput) => stack.preview({ onOutput }));
  expect(printed).toContain(`error resolving type of resource triage: ${heading}: `);
  // The variant for automatic downloads turned off, as the entry words it (its lines wrapped).
  const words = text.replace(/\s+/g, " ");
  const offVariant = /`PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true`\): `([^`]+)`/.exec(words)?.[1];
  expect(offVariant).toBeDefined();
  // Whole: the message ends where the quote does.
  expect(printed).toContain(`${heading}: ${offVariant}\n`);

  // The entry's fix: its plugins: block, as written, appended to Pulumi.yaml.
  const pluginsBlock = /```yaml\n(plugins:\n[\s\S]*?)```/.exec(text)?.[1];
  expect(pluginsBlock).toBeDefined();
  fs.writeFileSync(path.join(project, "Pulumi.yaml"), PROGRAM + pluginsBlock);
  const fixed = outputCollector();
  const preview = await stack.preview({ onOutput: fixed.onOutput });
  expect(preview.changeSummary).toEqual({ create: 2 });
  expect(fixed.text()).not.toContain(heading);
});
