// An input the resource does not have fails the preview on the real engine (issue 59), naming it and
// the nearest input: a JavaScript program on the dynamic door has no compiler to catch `nmae`, and the
// preview and the up went ahead without the name, `nmae` kept in state. The native door's YAML host
// refuses it by itself ("Property nmae does not exist"), which still stands; a Node program on the
// native door, which the engine does not check against the schema, meets the provider's refusal.
// A mistyped secret input is refused without its value. npm test runs the dynamic door's cases; npm
// run test:long (test/long/unknown-inputs-native.test.ts) the native door's, from Node and from YAML
// (issue 62; test/e2e/helpers/long-split.ts).
import * as path from "node:path";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import type { Stack } from "@pulumi/pulumi/automation";
import { openStack, REPO_ROOT } from "../lib/engine";
import { casesOfThisRun, testInLong } from "./helpers/long-split";
import { FIX } from "./helpers/programs";
import { NativeResource } from "./helpers/native-resources";
import { requests, startTestEmulator } from "./helpers/tcs-stack";
import { makeScratch, outputCollector, type Scratch } from "./helpers/workspace";
import { yamlProgramHead, yamlProject } from "./helpers/yaml-project";

const SECRET = "secret-settings-do-not-print";
const ROLE = { name: "Ops", slug: "unknown-inputs-ops", permissions: ["thread_read"] };

let emulator: RunningEmulator;
let scratch: Scratch;

beforeAll(async () => {
  emulator = await startTestEmulator();
  scratch = makeScratch("unknown-inputs");
});
afterAll(async () => {
  scratch.remove();
  await emulator.close();
});

/** A stack of the door's own project: the native door's names the plugin as Pulumi.yaml's plugins do. */
function open(door: "dynamic" | "native"): Promise<Stack> {
  return openStack({
    program: async () => {},
    workDir: path.join(scratch.dir, door),
    stackName: door,
    backendDir: scratch.backendDir,
    ...(door === "native" ? { plugins: { providers: [{ name: "tcs", path: path.join(REPO_ROOT, "bin") }] } } : {}),
    config: {
      "tcs:apiKey": { value: emulator.keys.production.secret, secret: true },
      "tcs:baseUrl": { value: emulator.url },
      "tcs:rateLimitTier": { value: "production" },
    },
  });
}

/** The preview's error lines, once it failed; the emulator saw no write. */
async function failedPreview(stack: Stack, program: () => Promise<void>): Promise<{ errors: string[]; text: string }> {
  const output = outputCollector();
  await expect(stack.preview({ program, onOutput: output.onOutput })).rejects.toThrow();
  expect(Object.keys(await requests.byMethod(emulator)).filter((method) => method !== "GET")).toEqual([]);
  const text = output.text();
  return { errors: text.split("\n").filter((line) => line.trim().startsWith("error:")), text };
}

describe.each(
  casesOfThisRun([
    [
      "dynamic door",
      "dynamic",
      "pulumi-nodejs:dynamic/tcs:",
      (kind: string, args: Record<string, unknown>) =>
        new (tcs as never as Record<string, new (n: string, a: unknown) => unknown>)[kind]("x", args),
    ],
    [
      "native door, a Node program",
      "native",
      "tcs:index:",
      (kind: string, args: Record<string, unknown>) => new NativeResource(kind as never, "x", args),
    ],
  ] as const),
)("%s", (_door, door, typePrefix, declare) => {
  // The door's stack, opened once: each case previews its own program on it.
  let opened: Promise<Stack> | undefined;
  const stack = () => (opened ??= open(door));
  it("refuses a mistyped input at preview, naming it and the input meant", async () => {
    const { errors } = await failedPreview(await stack(), async () => {
      declare("Role", { ...ROLE, nmae: "typo" });
    });
    expect(errors.at(-1)).toContain(
      `error: ${typePrefix}Role resource 'x' has a problem: nmae is not a property of tcs:Role; did you mean name? See docs/guide.md#tcsrole`,
    );
  });

  it("refuses a mistyped secret input without printing its value", async () => {
    const { errors, text } = await failedPreview(await stack(), async () => {
      declare("ProviderConfig", {
        providerId: FIX.githubProvider,
        vaule: { base_url: "https://api.github.com", token: SECRET },
      });
    });
    expect(errors.at(-1)).toContain(
      "has a problem: vaule is not a property of tcs:ProviderConfig; did you mean value?",
    );
    expect(text).not.toContain(SECRET);
  });

  it("refuses an output declared as an input", async () => {
    const { errors } = await failedPreview(await stack(), async () => {
      declare("Callback", { integrationProviderId: FIX.githubIntegrationProvider, status: "active" });
    });
    expect(errors.at(-1)).toContain(
      "has a problem: status is an output of tcs:Callback, which the service sets: leave it out of the inputs.",
    );
  });
});

describe("native door, a YAML program", () => {
  testInLong("is refused by the YAML host itself, as before", async () => {
    const project = await yamlProject(
      "unknown-inputs-yaml",
      emulator,
      `${yamlProgramHead("unknown-inputs-yaml")}resources:
  ops:
    type: tcs:Role
    properties: { name: Ops, nmae: typo, slug: unknown-inputs-yaml, permissions: [thread_read] }
`,
    );
    try {
      const output = outputCollector();
      await expect(project.stack.preview({ onOutput: output.onOutput })).rejects.toThrow();
      expect(output.text()).toMatch(/Property nmae does not exist/);
    } finally {
      project.scratch.remove();
    }
  });
});
