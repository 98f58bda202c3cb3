// A provider whose key now reaches another environment, on the native door with the real engine
// (issue 45, failure 3): an explicit provider and the default provider each manage objects in the
// emulator's development environment; both are pointed at production's key, which replaces every
// resource at preview already (made in production, deleted from development, a role left with a
// warning since the API cannot delete roles), and leaves a clean refresh. A second key of production
// then replaces nothing, a preview with no changes after it sends no request, and a key the service
// refuses is refused at preview, naming the provider's setting. npm test runs the preview that plans
// the replacements; npm run test:long (test/long/native-provider-environment-deeper.test.ts) the whole
// story (issue 62; test/e2e/helpers/long-split.ts).
import * as pulumi from "@pulumi/pulumi";
import type { DiagnosticEvent } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { ENVIRONMENT_PROPERTY } from "../../provider/shapes/reserved";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { api, listAll, requests, startTestEmulator } from "./helpers/tcs-stack";
import { makeScratch, outputCollector, type Scratch } from "./helpers/workspace";
import { nativePlugins, NativeProvider, NativeResource } from "./helpers/native-resources";
import { expectNoPlannedChanges, openCheckedStack, type CheckedStack } from "./helpers/post-apply-plan";

const GITHUB_PROVIDER = "prov_github00000000000000";
const GITHUB_INTEGRATION_PROVIDER = "intp_github00000000000000";
const STACK = "provider-environment";

let emulator: RunningEmulator;
let scratch: Scratch;

beforeAll(async () => {
  emulator = await startTestEmulator();
  scratch = makeScratch(STACK);
});

afterAll(async () => {
  scratch?.remove();
  await emulator?.close();
});

/** The program: an explicit provider with three resources, and a config on the default provider. */
function program(explicitKey: string): () => Promise<Record<string, pulumi.Output<string>>> {
  return async () => {
    const env = new NativeProvider("env", {
      apiKey: pulumi.secret(explicitKey),
      baseUrl: emulator.url,
      rateLimitTier: "production",
    });
    const role = new NativeResource(
      "Role",
      "triage",
      { name: "Triage", slug: "triage", permissions: ["thread_read"] },
      { provider: env },
    );
    const config = new NativeResource(
      "ProviderConfig",
      "github",
      {
        providerId: GITHUB_PROVIDER,
        name: "GitHub",
        value: { base_url: "https://api.github.com", timeout_seconds: 30 },
      },
      { provider: env },
    );
    const callback = new NativeResource(
      "Callback",
      "issues",
      { integrationProviderId: GITHUB_INTEGRATION_PROVIDER, name: "Issues" },
      { provider: env },
    );
    const defaultConfig = new NativeResource("ProviderConfig", "githubDefault", {
      providerId: GITHUB_PROVIDER,
      name: "GitHub (default provider)",
      value: { base_url: "https://api.github.com", timeout_seconds: 60 },
    });
    return { role: role.id, config: config.id, callback: callback.id, defaultConfig: defaultConfig.id };
  };
}

/** The stack with the explicit provider's key and the default provider's (`tcs:apiKey`). */
async function open(explicitKey: string, defaultKey = explicitKey): Promise<CheckedStack> {
  return openCheckedStack({
    program: program(explicitKey),
    workDir: scratch.dir,
    stackName: STACK,
    backendDir: scratch.backendDir,
    plugins: nativePlugins,
    config: {
      "tcs:apiKey": { value: defaultKey, secret: true },
      "tcs:baseUrl": { value: emulator.url },
      "tcs:rateLimitTier": { value: "production" },
    },
  });
}

type ExportedResource = { type: string; urn: string; inputs?: Record<string, unknown> };

/** The environment each tcs provider in state records, by provider name ("default" for the default provider). */
function environmentsIn(state: { deployment: { resources: unknown[] } }): Record<string, unknown> {
  const providers = (state.deployment.resources as ExportedResource[]).filter(
    (resource) => resource.type === "pulumi:providers:tcs",
  );
  return Object.fromEntries(
    providers
      .filter((provider) => provider.inputs?.[ENVIRONMENT_PROPERTY] !== undefined)
      .map((provider) => [
        provider.urn.slice(provider.urn.lastIndexOf("::") + 2).replace(/^default.*/, "default"),
        provider.inputs?.[ENVIRONMENT_PROPERTY],
      ]),
  );
}

type Ids = Record<"role" | "config" | "callback" | "defaultConfig", string>;

const idsOf = (outputs: Record<string, { value: unknown }>): Ids => ({
  role: outputs.role.value as string,
  config: outputs.config.value as string,
  callback: outputs.callback.value as string,
  defaultConfig: outputs.defaultConfig.value as string,
});

/** The active objects of an environment among these ids. */
async function activeIn(environment: "development" | "production", ids: Ids): Promise<string[]> {
  const active = [
    ...(await listAll(emulator, "/roles", environment)),
    ...(await listAll(emulator, "/provider-configs?status=active", environment)),
    ...(await listAll(emulator, "/callbacks?status=active", environment)),
  ].map((record) => record.id as string);
  return Object.values(ids).filter((id) => active.includes(id));
}

/**
 * The stack up in development, then both providers pointed at production's key: the preview plans
 * replacing every resource. Returns the stack on production's key and the ids made in development.
 */
async function pointedAtProduction(printed: ReturnType<typeof outputCollector>): Promise<{
  stack: CheckedStack;
  first: Ids;
}> {
  const { development, production } = emulator.keys;
  const stack = await open(development.secret);
  const first = idsOf((await stack.up({ onOutput: printed.onOutput })).outputs);
  expect(await activeIn("development", first)).toEqual(Object.values(first));

  // Both providers now hold production's key: every resource is replaced, and the preview says so.
  // (The stack as open(production.secret) opens it, without opening it again.)
  stack.workspace.program = program(production.secret);
  await stack.setConfig("tcs:apiKey", { value: production.secret, secret: true });
  const preview = await stack.preview({ diff: true, onOutput: printed.onOutput });
  // Four resources and the explicit provider (the engine does not list the default provider).
  expect(preview.changeSummary).toEqual({ replace: 5, same: 1 });
  for (const type of ["tcs:index:Role", "tcs:index:ProviderConfig", "tcs:index:Callback"])
    expect(preview.stdout).toMatch(new RegExp(`\\+-\\s*${type}`));
  return { stack, first };
}

testInNpmTest("a provider pointed at another environment plans replacing its resources at preview", async () => {
  const printed = outputCollector();
  await pointedAtProduction(printed);
  for (const key of [emulator.keys.development.secret, emulator.keys.production.secret])
    expect(printed.text()).not.toContain(key);
});

testInLong(
  "a provider pointed at another environment replaces its resources, planned at preview; a second key of the same environment replaces nothing",
  async () => {
    const { development, production } = emulator.keys;
    const printed = outputCollector();
    const moving = await pointedAtProduction(printed);
    const first = moving.first;
    let stack = moving.stack;

    const diagnostics: DiagnosticEvent[] = [];
    // The plan after the up reads every object first: drift is clean, nothing reads as deleted outside Pulumi.
    const moved = await stack.up({
      onOutput: printed.onOutput,
      onEvent: (event) => event.diagnosticEvent && diagnostics.push(event.diagnosticEvent),
      planAfter: { refresh: true, onOutput: printed.onOutput },
    });
    const second = idsOf(moved.outputs);
    expect(await activeIn("production", second)).toEqual(Object.values(second));
    // Nothing of the stack is left active and unmanaged in development, but the role the API cannot delete, named as such.
    expect(await activeIn("development", first)).toEqual([first.role]);
    expect(moved.stdout).toMatch(/the API cannot delete roles/);
    // Shown with the role it is about, not with the stack.
    const letGo = diagnostics.filter(
      (diagnostic) => diagnostic.severity === "warning" && /the API cannot delete roles/.test(diagnostic.message),
    );
    expect(letGo.map((diagnostic) => diagnostic.urn)).toEqual([expect.stringMatching(/::tcs:index:Role::triage$/)]);
    await expect(api(emulator, "GET", `/provider-configs/${first.config}`, undefined, "development")).rejects.toThrow(
      /404/,
    );
    await expect(
      api(emulator, "GET", `/provider-configs/${first.defaultConfig}`, undefined, "development"),
    ).rejects.toThrow(/404/);
    expect((await api(emulator, "GET", `/callbacks/${first.callback}`, undefined, "development")).status).toBe(
      "deleted",
    );

    // A second key of the same environment, as a rotation gives: the providers are updated, every resource kept.
    stack = await open(production.secondSecret);
    const rotation = await stack.preview({ onOutput: printed.onOutput });
    expect(rotation.changeSummary).toEqual({ update: 1, same: 5 });
    // The environment recorded, the plan after the up (post-apply-plan.ts), a preview with no changes, asks the service nothing.
    const rotated = await stack.up({
      onOutput: printed.onOutput,
      planAfter: { before: () => requests.reset(emulator), onOutput: printed.onOutput },
    });
    expect((await requests.read(emulator)).total).toBe(0);
    expect(idsOf(rotated.outputs)).toEqual(second);
    expect(rotated.summary.resourceChanges).toEqual({ update: 1, same: 5 });
    await expectNoPlannedChanges(stack, { refresh: true, onOutput: printed.onOutput, what: "after the rotation" });
    // The environment it recorded: production's oldest role.
    const productionOldest = (await api(emulator, "GET", "/roles?limit=1&order=asc", undefined, "production")).items[0]
      .id;
    expect(environmentsIn(await stack.exportStack())).toEqual({ default: productionOldest, env: productionOldest });

    // State written before the provider recorded the environment: the next up records it, changing nothing.
    const exported = await stack.exportStack();
    for (const resource of exported.deployment.resources as ExportedResource[])
      delete resource.inputs?.[ENVIRONMENT_PROPERTY];
    await stack.importStack(exported);
    expect(environmentsIn(await stack.exportStack())).toEqual({});
    const recorded = await stack.up({ onOutput: printed.onOutput });
    expect(recorded.summary.resourceChanges).toEqual({ same: 6 });
    expect(environmentsIn(await stack.exportStack())).toEqual({ default: productionOldest, env: productionOldest });

    // A key the service refuses cannot tell an environment: refused at preview, naming the provider's apiKey.
    stack = await open("service_sk_revoked_000000000000000000", production.secondSecret);
    const refused = outputCollector();
    await expect(stack.preview({ onOutput: refused.onOutput })).rejects.toThrow();
    expect(refused.text()).toMatch(
      /tcs provider env: apiKey changed, but the service refused the new apiKey \(401 unauthorized\): nothing is kept or replaced\. Set the provider's apiKey to a secret key \(service_sk_\.\.\.\) of the environment to manage\. See docs\/guide\.md#configuration/,
    );
    printed.onOutput(refused.text());

    for (const key of [development.secret, production.secret, production.secondSecret])
      expect(printed.text()).not.toContain(key);
  },
);
