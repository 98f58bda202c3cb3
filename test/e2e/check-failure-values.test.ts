// A check failure inside an input (an item of a list, a key of a map), on the real engine through
// both doors: the engine prints a failure's property with the value it finds under that name among
// the top-level inputs, so `permissions.1` printed "value {<nil>}". The failure names the Pulumi
// property path and shows the offending value, unless the input is secret (issue 45, item 6).
// npm test runs an item of a list and a part of a secret input through the dynamic door, and the
// secret's through the native door, on a stack of each door's; npm run test:long each door's other
// cases (test/long/check-failure-values-deeper.test.ts; issue 62, test/e2e/helpers/long-split.ts).
import * as path from "node:path";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import type { Stack } from "@pulumi/pulumi/automation";
import { openStack, REPO_ROOT } from "../lib/engine";
import { FIX } from "./helpers/programs";
import { startTestEmulator } from "./helpers/tcs-stack";
import { makeScratch, outputCollector, type Scratch } from "./helpers/workspace";
import type { ResourceKind } from "../../provider/shapes/shape";
import { isLong } from "./helpers/long-split";
import { NativeResource } from "./helpers/native-resources";

const SECRET_URL = "not a url secret-settings-do-not-print";

// [case, kind, inputs, the error line's words after "has a problem: " (or the whole property part)]
const CASES: Array<[string, ResourceKind, Record<string, unknown>, string]> = [
  [
    "an item of a list",
    "Role",
    { name: "R", slug: "paths", permissions: ["thread_read", "Bad Perm"] },
    `has a problem: permissions[1] ("Bad Perm") must be a permission identifier such as 'thread_read'`,
  ],
  [
    "an item of a list in a map",
    "ProviderConfig",
    {
      providerId: FIX.githubProvider,
      value: { base_url: "https://api.github.com", timeout_seconds: 30 },
      toolFilters: { type: "tool_keys", keys: ["issues.list", ""] },
    },
    `has a problem: toolFilters.keys[1] ("") a tool key must not be empty`,
  ],
  [
    "a long value, cut short",
    "Callback",
    { integrationProviderId: FIX.githubIntegrationProvider, metadata: { big: "v".repeat(600) } },
    `has a problem: metadata.big ("${"v".repeat(59)}…, 600 characters) value must serialize to at most 500 characters of JSON`,
  ],
  [
    "a long top-level value, cut short (issue 59: the engine echoed a 10,240-character description whole)",
    "Role",
    { name: "Long", slug: "long-description", permissions: ["thread_read"], description: "d".repeat(10_240) },
    `has a problem: description ("${"d".repeat(59)}…, 10,240 characters) must be at most 2000 characters`,
  ],
  [
    "a part of a secret input",
    "ProviderConfig",
    { providerId: FIX.githubProvider, value: { base_url: SECRET_URL, timeout_seconds: 30 } },
    `has a problem: value.base_url (secret, not shown) must match format "uri"`,
  ],
  [
    "a top-level input, whose value the engine prints",
    "Role",
    { name: "R", slug: "Bad Slug", permissions: ["thread_read"] },
    `property slug value {Bad Slug} has a problem: must be lowercase letters`,
  ],
];

describe("a check failure inside an input names its property path and value", () => {
  let emulator: RunningEmulator;
  let scratch: Scratch;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    scratch = makeScratch("failure-paths");
  });
  afterAll(async () => {
    scratch.remove();
    await emulator.close();
  });

  /** A stack of the door's own project: the native door's names the plugin as Pulumi.yaml's plugins do. */
  function open(door: string): Promise<Stack> {
    const native = door === "native door";
    return openStack({
      program: async () => {},
      workDir: path.join(scratch.dir, native ? "native" : "dynamic"),
      stackName: native ? "native" : "dynamic",
      backendDir: scratch.backendDir,
      ...(native ? { plugins: { providers: [{ name: "tcs", path: path.join(REPO_ROOT, "bin") }] } } : {}),
      config: {
        "tcs:apiKey": { value: emulator.keys.production.secret, secret: true },
        "tcs:baseUrl": { value: emulator.url },
        "tcs:rateLimitTier": { value: "production" },
      },
    });
  }

  // The cases npm test runs through each door; npm run test:long runs the others.
  const IN_NPM_TEST: Record<string, string[]> = {
    "dynamic door": ["an item of a list", "a part of a secret input"],
    "native door": ["a part of a secret input"],
  };
  const casesOf = (door: string) => CASES.filter(([name]) => IN_NPM_TEST[door].includes(name) !== isLong());
  describe.each([
    [
      "dynamic door",
      "pulumi-nodejs:dynamic/tcs:",
      (kind: string, args: Record<string, unknown>) =>
        new (tcs as unknown as Record<string, new (name: string, args: unknown) => unknown>)[kind]("x", args),
    ],
    [
      "native door",
      "tcs:index:",
      (kind: ResourceKind, args: Record<string, unknown>) => new NativeResource(kind, "x", args),
    ],
  ] as const)("%s", (door, typePrefix, declare) => {
    // The door's stack, opened once: each case previews its own program on it.
    let stack: Promise<Stack> | undefined;
    it.each(casesOf(door))("%s", async (_name, kind, args, printed) => {
      stack ??= open(door);
      const program = async () => {
        declare(kind, args);
      };
      const output = outputCollector();
      await expect((await stack).preview({ program, onOutput: output.onOutput })).rejects.toThrow();
      const errors = output
        .text()
        .split("\n")
        .filter((line) => line.trim().startsWith("error:"));
      const separator = printed.startsWith("property") ? ": " : " ";
      expect(errors.at(-1)).toContain(`error: ${typePrefix}${kind} resource 'x'${separator}${printed}`);
      expect(output.text()).not.toContain("{<nil>}");
      expect(output.text()).not.toContain("secret-settings-do-not-print");
    });
  });
});
