// The native provider from TypeScript: the YAML quickstart's resources (examples/yaml) declared by a
// program on the generated Node SDK (sdks/nodejs, `@pulumi-tcs/tcs`). The SDK is compiled by the
// repository's TypeScript with its own tsconfig into a scratch project's node_modules, the program
// against it, and the program runs as an Automation API inline program on the real pulumi CLI against
// the emulator (no Node language host is needed for that): up, a preview with no changes that sends
// nothing, destroy; the config's value secret in state, no secret printed or stored in clear.
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { loadProgram, REPO_ROOT } from "../lib/engine";
import { installNodeSdk, NODE_PROGRAM_TSC_ARGS, runTsc } from "../lib/node-sdk";
import { openCheckedStack } from "./helpers/post-apply-plan";
import { api, listAll, requests, startTestEmulator } from "./helpers/tcs-stack";
import { makeScratch, outputCollector, type Scratch } from "./helpers/workspace";

let emulator: RunningEmulator;
let scratch: Scratch;
/** The SDK's directory in the scratch project's node_modules. */
let installedSdk: string;
/** The compiled program (index.js), which requires `@pulumi-tcs/tcs`. */
let programFile: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  scratch = makeScratch("native-nodejs");
  installedSdk = await installNodeSdk(scratch.dir);
  // The program, strict, against the SDK's declarations (resolved from node_modules, as a user's is).
  // skipLibCheck, as the SDK's own tsconfig has it: the declarations are tsc's output from checked
  // sources, and checking them and @pulumi/pulumi's again tripled the program's compile.
  const source = path.join(scratch.dir, "program", "index.ts");
  fs.mkdirSync(path.dirname(source), { recursive: true });
  fs.writeFileSync(source, PROGRAM);
  const out = path.join(scratch.dir, "program-js");
  await runTsc([...NODE_PROGRAM_TSC_ARGS, "--skipLibCheck", "--outDir", out, source]);
  programFile = path.join(out, "index.js");
});

afterAll(async () => {
  scratch?.remove();
  await emulator?.close();
});

/**
 * The quickstart as a user writes it on the SDK: one of each resource, with examples/yaml's values. Kept
 * as source, compiled by tsc against the compiled SDK's declarations (a wrong argument fails the test
 * there), and loaded as the inline program; `@pulumi-tcs/tcs` resolves as in a user's project.
 */
const PROGRAM = `import * as tcs from "@pulumi-tcs/tcs";

// Fixture ids of the emulator (emulator/README.md), as examples/yaml/Pulumi.yaml names them.
const githubProvider = "prov_github00000000000000";
const githubIntegrationProvider = "intp_github00000000000000";
const githubOAuthApp = "pac_githuboauth000000000";
const devtoolsIntegration = "int_devtools000000000000";

export = async () => {
  const metadata = { owner: "platform-team" };
  // Settings for the hosted GitHub MCP server; \`value\` is secret in state from the start.
  const github = new tcs.ProviderConfig("github", {
    providerId: githubProvider,
    name: "GitHub for agents",
    description: "Issues and pull requests, read and triage only.",
    value: { base_url: "https://api.github.com", timeout_seconds: 30 },
    toolFilters: { type: "tool_keys", keys: ["issues.list", "issues.create", "pulls.list"] },
    metadata,
  });
  // Receive GitHub events, and attach the callback to the config above.
  const githubEvents = new tcs.Callback("githubEvents", {
    integrationProviderId: githubIntegrationProvider,
    name: "GitHub events",
    description: "Issue and push events for the triage agent.",
    metadata,
  });
  const githubEventsConfig = new tcs.CallbackInstance("githubEventsConfig", {
    callbackId: githubEvents.id,
    providerConfigId: github.id,
    providerAuthConfigId: githubOAuthApp,
  });
  // A role for the support agents.
  const supportAgents = new tcs.Role("supportAgents", {
    name: "Support agents",
    slug: "support-agents",
    permissions: ["thread_create", "thread_read", "message_read"],
    description: "Answer customer threads.",
  });
  // A setup link for a teammate to connect the developer tools integration.
  const devtoolsOnboarding = new tcs.IntegrationSetupSession("devtoolsOnboarding", {
    integrationId: devtoolsIntegration,
    name: "Connect developer tools",
    redirectUrl: "https://example.com/setup-done",
    metadata,
  });
  return {
    providerConfigId: github.id,
    callbackId: githubEvents.id,
    callbackInstanceId: githubEventsConfig.id,
    webhookUrl: githubEventsConfig.webhookUrl,
    roleId: supportAgents.id,
    setupSessionId: devtoolsOnboarding.id,
    setupUrl: devtoolsOnboarding.url,
  };
};
`;

test("the quickstart on the generated Node SDK: up, a preview with no changes that sends nothing, destroy; the config's value secret in state", async () => {
  const printed = outputCollector();
  const stack = await openCheckedStack({
    // The compiled program's export, loaded in this process: its require of @pulumi-tcs/tcs finds the scratch project's node_modules.
    program: loadProgram(programFile),
    workDir: path.join(scratch.dir, "project"),
    stackName: "native-nodejs",
    projectName: "tcs-nodejs-quickstart",
    backendDir: scratch.backendDir,
    // The plugin from the npm package's bin/, as Pulumi.yaml names it for a user's `pulumi up`.
    plugins: { providers: [{ name: "tcs", path: path.join(REPO_ROOT, "bin") }] },
    config: {
      "tcs:apiKey": { value: emulator.keys.production.secret, secret: true },
      "tcs:baseUrl": { value: emulator.url },
      "tcs:rateLimitTier": { value: "production" },
    },
  });

  // The plan after the up (post-apply-plan.ts) is the preview with no changes: counted alone, it sends nothing.
  const up = await stack.up({
    onOutput: printed.onOutput,
    planAfter: { before: () => requests.reset(emulator), onOutput: printed.onOutput },
  });
  expect(up.summary.resourceChanges).toEqual({ create: 6 });
  expect(up.planAfter?.changeSummary).toEqual({ same: 6 });
  expect((await requests.read(emulator)).total).toBe(0);
  expect(up.outputs.setupUrl.secret).toBe(true);
  const role = await api(emulator, "GET", `/roles/${up.outputs.roleId.value}`);
  expect(role).toMatchObject({ slug: "support-agents", name: "Support agents" });
  expect((await api(emulator, "GET", `/callbacks/${up.outputs.callbackId.value}`)).metadata).toMatchObject({
    owner: "platform-team",
  });
  const instance = await api(
    emulator,
    "GET",
    `/callbacks/${up.outputs.callbackId.value}/instances/${up.outputs.callbackInstanceId.value}`,
  );
  expect(instance.config).toMatchObject({ id: up.outputs.providerConfigId.value });

  // Every type registered is the native provider's token, on the tcs provider (not a dynamic resource).
  const resources = (await stack.exportStack()).deployment.resources as Array<{
    type: string;
    inputs?: Record<string, unknown>;
  }>;
  expect(resources.map((resource) => resource.type).sort()).toEqual(
    [
      "pulumi:providers:tcs",
      "pulumi:pulumi:Stack",
      "tcs:index:Callback",
      "tcs:index:CallbackInstance",
      "tcs:index:IntegrationSetupSession",
      "tcs:index:ProviderConfig",
      "tcs:index:Role",
    ].sort(),
  );
  // The default provider at the SDK's version (its package.json), which the plugin's path in Pulumi.yaml serves.
  const version = (JSON.parse(fs.readFileSync(path.join(installedSdk, "package.json"), "utf8")) as { version: string })
    .version;
  expect(resources.find((resource) => resource.type === "pulumi:providers:tcs")?.inputs).toMatchObject({ version });
  // The config's value as the backend stores it: a secret (ciphertext), never in clear.
  const state = storedState(scratch.backendDir);
  const config = JSON.parse(
    state.find((file) => file.includes("tcs:index:ProviderConfig"))!,
  ).checkpoint.latest.resources.find((resource: { type: string }) => resource.type === "tcs:index:ProviderConfig");
  for (const properties of [config.inputs, config.outputs]) {
    expect(properties.value).toMatchObject({
      "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
      ciphertext: expect.any(String),
    });
  }

  for (const text of [...storedState(scratch.backendDir), printed.text()]) {
    expect(text).not.toContain(emulator.keys.production.secret);
    expect(text).not.toContain("timeout_seconds");
  }

  const destroyed = await stack.destroy({ onOutput: printed.onOutput });
  expect(destroyed.summary.resourceChanges).toMatchObject({ delete: 6 });
  const active = async (list: string) => (await listAll(emulator, `${list}?status=active`)).map((record) => record.id);
  expect(await active("/callbacks")).not.toContain(up.outputs.callbackId.value);
  expect(await active("/provider-configs")).not.toContain(up.outputs.providerConfigId.value);
});

/** Every stack file of a file backend, as stored (secrets encrypted, unlike `pulumi stack export --show-secrets`). */
function storedState(backendDir: string): string[] {
  const stacks = path.join(backendDir, ".pulumi", "stacks");
  return fs
    .readdirSync(stacks, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".json"))
    .map((file) => fs.readFileSync(path.join(stacks, file), "utf8"));
}
