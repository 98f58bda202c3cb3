// A stack on the native door moved to another backend without its config file, on the real engine
// (issue 59): its state holds resources made with tcs:apiKey and tcs:baseUrl, which the new stack does
// not have. The preview is refused, as before, but says the settings are missing (it said they
// "changed"), naming the config file and docs/guide.md's section on moving a stack; set again, the
// preview plans no change and the resources stay (npm test). Moved with its config file, as the section
// says (stack export and import, the file kept; same passphrase), the preview plans no change at once
// (npm run test:long: test/long/stack-moved-backend-deeper.test.ts; test/e2e/helpers/long-split.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import type { Deployment } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { nativePlugins, NativeResource } from "./helpers/native-resources";
import { openCheckedStack, type CheckedStack } from "./helpers/post-apply-plan";
import { startTestEmulator } from "./helpers/tcs-stack";
import { makeScratch, outputCollector, type Scratch } from "./helpers/workspace";

const STACK = "moved";

let emulator: RunningEmulator;
let scratch: Scratch;

beforeAll(async () => {
  emulator = await startTestEmulator();
  scratch = makeScratch("stack-moved-backend");
});
afterAll(async () => {
  scratch?.remove();
  await emulator?.close();
});

const settings = () => ({
  "tcs:apiKey": { value: emulator.keys.production.secret, secret: true },
  "tcs:baseUrl": { value: emulator.url },
  "tcs:rateLimitTier": { value: "production" },
});

/** The project's stack on backend `backend` (a directory of its own), with `config` if given. */
function open(project: string, backend: string, config?: ReturnType<typeof settings>): Promise<CheckedStack> {
  return openCheckedStack({
    program: async () => {
      new NativeResource("Role", "ops", { name: "Ops", slug: `${project}-ops`, permissions: ["thread_read"] });
    },
    workDir: path.join(scratch.dir, project),
    stackName: STACK,
    backendDir: path.join(scratch.dir, `${project}-${backend}`),
    plugins: nativePlugins,
    ...(config ? { config } : {}),
  });
}

/** The stack made and brought up on the first backend, and its state exported. */
async function madeOnFirstBackend(project: string): Promise<Deployment> {
  const first = await open(project, "first", settings());
  await first.up();
  return first.exportStack();
}

testInNpmTest(
  "moved without its config file: the preview says the key and base URL are missing, and with them set again plans no change",
  async () => {
    const state = await madeOnFirstBackend("without-config");
    fs.rmSync(path.join(scratch.dir, "without-config", `Pulumi.${STACK}.yaml`));
    const moved = await open("without-config", "second");
    await moved.importStack(state);

    const refused = outputCollector();
    await expect(moved.preview({ onOutput: refused.onOutput })).rejects.toThrow();
    expect(refused.text()).toContain(
      "the default tcs provider: tcs:apiKey and tcs:baseUrl are missing, but state holds resources made with them: nothing is kept or " +
        `replaced. Set them again: a moved stack needs its Pulumi.${STACK}.yaml. See docs/guide.md#moving-a-stack-to-another-backend`,
    );
    expect(refused.text()).not.toMatch(/tcs:baseUrl changed/);

    await moved.setAllConfig(settings());
    const preview = await moved.preview();
    expect(preview.changeSummary).toEqual({ same: 2 });
  },
);

testInLong(
  "moved with its config file (stack export and import, the same passphrase): the preview plans no change",
  async () => {
    const state = await madeOnFirstBackend("with-config");
    const moved = await open("with-config", "second");
    await moved.importStack(state);
    const preview = await moved.preview();
    expect(preview.changeSummary).toEqual({ same: 2 });
  },
);
