// Moving a stack from the dynamic door to the native door, as docs/native-provider.md prescribes, on
// the real engine: a stack made by a TypeScript program on `pulumi-tcs` (one of each kind, the
// config's `value` secret) gets a program on the native door whose every resource has an alias from
// its dynamic URN, once on the generated Node SDK and once in Pulumi YAML. The `up` keeps every object
// (no create, no delete, nothing written to the service), the ids and the config's `value` (still a
// secret in state: the API never returns it), and a refresh then finds nothing to change (issue 45,
// item 6). The `pulumi state delete` plus `pulumi import` the docs gave before lost `value`.
// npm test runs the move in YAML; npm run test:long (test/long/door-move-deeper.test.ts) the move on
// the Node SDK (whose compile native-nodejs.test.ts covers) and the refusal of a resource on a named
// connection (issue 62; test/e2e/helpers/long-split.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import * as tcs from "pulumi-tcs";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { loadProgram, REPO_ROOT } from "../lib/engine";
import { installNodeSdk, NODE_PROGRAM_TSC_ARGS, runTsc } from "../lib/node-sdk";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { NativeResource } from "./helpers/native-resources";
import { expectNoPlannedChanges, openCheckedStack, withPostApplyPlan } from "./helpers/post-apply-plan";
import { FIX } from "./helpers/programs";
import { requests, startTestEmulator } from "./helpers/tcs-stack";
import { makeScratch, outputCollector, type Scratch } from "./helpers/workspace";
import { yamlProgramHead } from "./helpers/yaml-project";

const VALUE = { base_url: "https://api.github.com", timeout_seconds: 30 };
/** Pulumi's secret signature in state (sdk/go/common/resource/sig). */
const SECRET = {
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  ciphertext: expect.any(String),
};
/** The resources of the stack, by name, and their dynamic door's kinds. */
const KINDS = {
  github: "ProviderConfig",
  events: "Callback",
  eventsConfig: "CallbackInstance",
  support: "Role",
  onboarding: "IntegrationSetupSession",
};

let emulator: RunningEmulator;
let scratch: Scratch;

beforeAll(() => {
  scratch = makeScratch("door-move");
});
afterAll(() => scratch?.remove());
// An account of its own for each test: a callback is one per integration provider.
beforeEach(async () => {
  emulator = await startTestEmulator();
});
afterEach(async () => {
  await emulator?.close();
});

/** The stack on the dynamic door: one of each kind, as the README's TypeScript quickstart declares them. */
function dynamicProgram(slug: string): () => Promise<void> {
  return async () => {
    const github = new tcs.ProviderConfig("github", {
      providerId: FIX.githubProvider,
      name: "GitHub for agents",
      value: VALUE,
      toolFilters: { type: "tool_keys", keys: ["issues.list", "pulls.list"] },
      metadata: { owner: "platform-team" },
    });
    const events = new tcs.Callback("events", {
      integrationProviderId: FIX.githubIntegrationProvider,
      name: "GitHub events",
      metadata: { owner: "platform-team" },
    });
    new tcs.CallbackInstance("eventsConfig", {
      callbackId: events.id,
      providerConfigId: github.id,
      providerAuthConfigId: FIX.githubOAuth,
    });
    new tcs.Role("support", { name: "Support agents", slug, permissions: ["thread_create", "thread_read"] });
    new tcs.IntegrationSetupSession("onboarding", {
      integrationId: FIX.devtoolsIntegration,
      name: "Connect developer tools",
      metadata: { owner: "platform-team" },
    });
  };
}

/** Ups the stack on the dynamic door in `workDir` (its Pulumi.yaml naming the native plugin already); returns the ids by resource name. */
async function upOnDynamicDoor(workDir: string, project: string, slug: string): Promise<Record<string, string>> {
  const stack = await openCheckedStack({
    program: dynamicProgram(slug),
    workDir,
    stackName: "move",
    projectName: project,
    backendDir: path.join(workDir, "backend"),
    plugins: { providers: [{ name: "tcs", path: path.join(REPO_ROOT, "bin") }] },
    config: {
      "tcs:apiKey": { value: emulator.keys.production.secret, secret: true },
      "tcs:baseUrl": { value: emulator.url },
      "tcs:rateLimitTier": { value: "production" },
    },
  });
  const up = await stack.up();
  expect(up.summary.resourceChanges).toEqual({ create: 6 });
  const ids = idsByName(await resources(stack));
  expect(Object.keys(ids).sort()).toEqual(Object.keys(KINDS).sort());
  return ids;
}

interface StateResource {
  type: string;
  urn: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

async function resources(stack: Stack): Promise<StateResource[]> {
  return (await stack.exportStack()).deployment.resources as StateResource[];
}

function idsByName(state: StateResource[]): Record<string, string> {
  return Object.fromEntries(
    state
      .filter((r) => r.type.includes("tcs:") && !r.type.startsWith("pulumi:"))
      .map((r) => [r.urn.split("::").at(-1)!, r.id!]),
  );
}

/** The stack's file as the backend stores it (secrets encrypted). */
function storedStack(backendDir: string): string {
  const stacks = path.join(backendDir, ".pulumi", "stacks");
  const file = fs
    .readdirSync(stacks, { recursive: true, encoding: "utf8" })
    .find((name) => name.endsWith("move.json"))!;
  return fs.readFileSync(path.join(stacks, file), "utf8");
}

function storedResources(backendDir: string): StateResource[] {
  return JSON.parse(storedStack(backendDir)).checkpoint.latest.resources as StateResource[];
}

/**
 * The move's `up`, then what it must have kept: nothing made, deleted or written to the service, the
 * same ids on native types, the config's `value` a secret in state; then a refresh with nothing to
 * change, which keeps `value`, and a preview with no changes. The up is planned again right after
 * (a user's first preview on the new door, before any refresh), as every e2e up is.
 */
async function expectMoveKeepsEverything(stack: Stack, backendDir: string, ids: Record<string, string>): Promise<void> {
  const printed = outputCollector();
  await requests.reset(emulator);
  const up = await withPostApplyPlan(stack).up({ onOutput: printed.onOutput });
  expect(up.summary.resourceChanges).toEqual({ same: 6 });
  const writes = await requests.byMethod(emulator);
  expect({
    POST: writes.POST ?? 0,
    PUT: writes.PUT ?? 0,
    PATCH: writes.PATCH ?? 0,
    DELETE: writes.DELETE ?? 0,
  }).toEqual({
    POST: 0,
    PUT: 0,
    PATCH: 0,
    DELETE: 0,
  });

  const state = await resources(stack);
  expect(idsByName(state)).toEqual(ids);
  expect(state.map((r) => r.type).sort()).toEqual(
    ["pulumi:pulumi:Stack", "pulumi:providers:tcs", ...Object.values(KINDS).map((kind) => `tcs:index:${kind}`)].sort(),
  );
  const expectValueSecret = () => {
    const config = storedResources(backendDir).find((r) => r.type === "tcs:index:ProviderConfig")!;
    expect(config.inputs?.value).toEqual(SECRET);
    expect(config.outputs?.value).toEqual(SECRET);
  };
  expectValueSecret();

  const refreshed = await stack.refresh({ expectNoChanges: true, onOutput: printed.onOutput });
  expect(refreshed.summary.resourceChanges).toEqual({ same: 6 });
  expectValueSecret();
  // Nothing of the dynamic door is left: the refresh's reads write this door's outputs.
  expect(storedStack(backendDir)).not.toMatch(/__provider|pulumi-nodejs/);
  const preview = await expectNoPlannedChanges(stack, { onOutput: printed.onOutput, what: "after the refresh" });
  expect(preview.changeSummary).toEqual({ same: 6 });
  for (const text of [printed.text(), storedStack(backendDir)]) {
    expect(text).not.toContain("timeout_seconds");
    expect(text).not.toContain(emulator.keys.production.secret);
  }
}

testInLong(
  "on the Node SDK: each resource aliased from its dynamic type keeps its object, id and value; refresh is clean",
  async () => {
    const workDir = path.join(scratch.dir, "nodejs");
    const ids = await upOnDynamicDoor(workDir, "tcs-move-nodejs", "move-support-nodejs");

    await installNodeSdk(workDir);
    const source = path.join(workDir, "program", "index.ts");
    fs.mkdirSync(path.dirname(source), { recursive: true });
    fs.writeFileSync(source, NODE_PROGRAM);
    const out = path.join(workDir, "program-js");
    await runTsc([...NODE_PROGRAM_TSC_ARGS, "--outDir", out, source]);
    const stack = await openCheckedStack({
      program: loadProgram(path.join(out, "index.js")),
      workDir,
      stackName: "move",
      projectName: "tcs-move-nodejs",
      backendDir: path.join(workDir, "backend"),
    });
    await expectMoveKeepsEverything(stack, path.join(workDir, "backend"), ids);
  },
);

testInNpmTest(
  "in Pulumi YAML: each resource aliased from its dynamic URN keeps its object, id and value; refresh is clean",
  async () => {
    const workDir = path.join(scratch.dir, "yaml");
    const ids = await upOnDynamicDoor(workDir, "tcs-move-yaml", "move-support-yaml");

    // The same directory, its program rewritten in YAML (pulumi-tcs installed beside it, as a user's is).
    fs.mkdirSync(path.join(workDir, "node_modules"), { recursive: true });
    fs.symlinkSync(REPO_ROOT, path.join(workDir, "node_modules", "pulumi-tcs"));
    fs.writeFileSync(path.join(workDir, "Pulumi.yaml"), yamlProgram("tcs-move-yaml", "move"));
    const stack = await LocalWorkspace.selectStack(
      { stackName: "move", workDir },
      { envVars: { PULUMI_BACKEND_URL: `file://${path.join(workDir, "backend")}` } },
    );
    await expectMoveKeepsEverything(stack, path.join(workDir, "backend"), ids);
  },
);

testInLong(
  "a resource on a named connection of the dynamic door is refused at preview, naming the way that works; nothing changes",
  async () => {
    const workDir = path.join(scratch.dir, "connection");
    const open = async (program: () => Promise<void>) => {
      const stack = await openCheckedStack({
        program,
        workDir,
        stackName: "move",
        projectName: "tcs-move-connection",
        backendDir: path.join(workDir, "backend"),
        plugins: { providers: [{ name: "tcs", path: path.join(REPO_ROOT, "bin") }] },
      });
      await stack.setAllConfig(
        {
          "tcs:apiKey": { value: emulator.keys.production.secret, secret: true },
          "tcs:baseUrl": { value: emulator.url },
          "tcs:connections.staging.apiKey": { value: emulator.keys.development.secret, secret: true },
          "tcs:connections.staging.baseUrl": { value: emulator.url },
        },
        true,
      );
      return stack;
    };
    const role = { name: "Support agents", slug: "move-staging", permissions: ["thread_read"] };
    const dynamic = await open(async () => {
      new tcs.Role("support", { ...role, connection: "staging" });
    });
    await dynamic.up();
    const before = await resources(dynamic);

    // Its environment is the connection's, which the native door's provider cannot be told.
    const native = await open(async () => {
      new NativeResource("Role", "support", role, { aliases: [{ type: "pulumi-nodejs:dynamic/tcs:Role" }] });
    });
    const printed = outputCollector();
    await expect(native.preview({ onOutput: printed.onOutput })).rejects.toThrow();
    expect(printed.text()).toContain(
      `tcs:index:Role resource 'support' has a problem: made on the dynamic door's connection "staging", an environment no alias can tell`,
    );
    expect(printed.text()).toContain("pulumi state delete it, then pulumi import it under that environment's provider");
    expect(await resources(native)).toEqual(before);
  },
);

/** The stack on the Node SDK: the same resources, each with an alias from its dynamic door's type. */
const NODE_PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as tcs from "@pulumi-tcs/tcs";

/** The resource's type on the dynamic door: the alias keeps its object, id and state. */
const fromDynamicDoor = (kind: string): pulumi.CustomResourceOptions => ({ aliases: [{ type: \`pulumi-nodejs:dynamic/tcs:\${kind}\` }] });

export = async () => {
  const github = new tcs.ProviderConfig(
    "github",
    {
      providerId: "${FIX.githubProvider}",
      name: "GitHub for agents",
      value: ${JSON.stringify(VALUE)},
      toolFilters: { type: "tool_keys", keys: ["issues.list", "pulls.list"] },
      metadata: { owner: "platform-team" },
    },
    fromDynamicDoor("ProviderConfig"),
  );
  const events = new tcs.Callback(
    "events",
    { integrationProviderId: "${FIX.githubIntegrationProvider}", name: "GitHub events", metadata: { owner: "platform-team" } },
    fromDynamicDoor("Callback"),
  );
  new tcs.CallbackInstance(
    "eventsConfig",
    { callbackId: events.id, providerConfigId: github.id, providerAuthConfigId: "${FIX.githubOAuth}" },
    fromDynamicDoor("CallbackInstance"),
  );
  new tcs.Role("support", { name: "Support agents", slug: "move-support-nodejs", permissions: ["thread_create", "thread_read"] }, fromDynamicDoor("Role"));
  new tcs.IntegrationSetupSession(
    "onboarding",
    { integrationId: "${FIX.devtoolsIntegration}", name: "Connect developer tools", metadata: { owner: "platform-team" } },
    fromDynamicDoor("IntegrationSetupSession"),
  );
};
`;

/** The stack in YAML: each resource aliased by its dynamic URN (`pulumi stack --show-urns` prints them). */
function yamlProgram(project: string, stack: string): string {
  const alias = (kind: string, name: string) =>
    `    options:\n      aliases:\n        - urn:pulumi:${stack}::${project}::pulumi-nodejs:dynamic/tcs:${kind}::${name}\n`;
  return `${yamlProgramHead(project)}resources:
  github:
    type: tcs:ProviderConfig
    properties:
      providerId: ${FIX.githubProvider}
      name: GitHub for agents
      value:
        base_url: ${VALUE.base_url}
        timeout_seconds: ${VALUE.timeout_seconds}
      toolFilters:
        type: tool_keys
        keys: [issues.list, pulls.list]
      metadata:
        owner: platform-team
${alias("ProviderConfig", "github")}  events:
    type: tcs:Callback
    properties:
      integrationProviderId: ${FIX.githubIntegrationProvider}
      name: GitHub events
      metadata:
        owner: platform-team
${alias("Callback", "events")}  eventsConfig:
    type: tcs:CallbackInstance
    properties:
      callbackId: \${events.id}
      providerConfigId: \${github.id}
      providerAuthConfigId: ${FIX.githubOAuth}
${alias("CallbackInstance", "eventsConfig")}  support:
    type: tcs:Role
    properties:
      name: Support agents
      slug: move-support-yaml
      permissions: [thread_create, thread_read]
${alias("Role", "support")}  onboarding:
    type: tcs:IntegrationSetupSession
    properties:
      integrationId: ${FIX.devtoolsIntegration}
      name: Connect developer tools
      metadata:
        owner: platform-team
${alias("IntegrationSetupSession", "onboarding")}`;
}
