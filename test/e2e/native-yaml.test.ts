// The native provider from Pulumi YAML, on the real `pulumi` CLI and YAML language host against the
// emulator: the README's YAML quickstart (examples/yaml) through up, a no-change preview that sends
// nothing, drift found by `preview --refresh --expect-no-changes` and undone by `up --refresh`,
// `pulumi import` of a role made by hand (the code it prints, pasted into the program, plans
// nothing), a function, and destroy; no secret in any output or in state. npm test runs the
// quickstart's up, drift found and undone (the up adding a function), and destroy; npm run test:long
// (test/long/native-yaml-deeper.test.ts) pulumi-tcs drift and pulumi import on the quickstart, the
// policy pack on native resources (policy-pack.test.ts runs it in npm test on the dynamic door's), and
// several environments with an explicit provider (native-provider-environment.test.ts holds one in npm
// test) (issue 62; test/e2e/helpers/long-split.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import type { OutputMap } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT } from "../lib/engine";
import { expectNoPlannedChanges } from "./helpers/post-apply-plan";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { runBin } from "./helpers/run-bin";
import { api, listAll, requests, startTestEmulator } from "./helpers/tcs-stack";
import { outputCollector } from "./helpers/workspace";
import {
  expectRoleRenameCaught,
  yamlExample,
  yamlProgramHead,
  yamlProject,
  type YamlProject,
} from "./helpers/yaml-project";

const DRIFT_BIN = path.join(REPO_ROOT, "dist", "provider", "cli", "main.js");
const POLICY_PACK = path.join(REPO_ROOT, "policy");

let emulator: RunningEmulator;
let project: YamlProject;
const printed = outputCollector();

beforeAll(async () => {
  emulator = await startTestEmulator();
  project = await yamlProject("native-yaml", emulator, yamlExample());
});

afterAll(async () => {
  project?.scratch.remove();
  await emulator?.close();
});

/** The quickstart's up: every object made, and the plan after it, the preview with no changes, sends nothing. */
async function upQuickstart(): Promise<OutputMap> {
  // The plan after the up (post-apply-plan.ts) is the preview with no changes: counted alone, it sends nothing.
  const up = await project.stack.up({
    onOutput: printed.onOutput,
    planAfter: { before: () => requests.reset(emulator), onOutput: printed.onOutput },
  });
  expect(up.summary.resourceChanges).toEqual({ create: 6 });
  expect(up.planAfter?.changeSummary).toEqual({ same: 6 });
  expect((await requests.read(emulator)).total).toBe(0);
  expect(up.outputs.setupUrl.secret).toBe(true);
  expect((await api(emulator, "GET", `/callbacks/${up.outputs.callbackId.value}`)).metadata).toMatchObject({
    owner: "platform-team",
  });
  return up.outputs;
}

/** State as the backend stores it, and everything printed, hold no key and no config setting in clear (nor `more`). */
function expectNoSecretInClear(...more: string[]): void {
  const state = storedState(project.scratch.backendDir);
  for (const text of [state, printed.text()]) {
    expect(text).not.toContain(emulator.keys.production.secret);
    expect(text).not.toContain("timeout_seconds");
    for (const secret of more) expect(text).not.toContain(secret);
  }
  expect(state).toContain("ciphertext");
}

/** The destroy: every resource deleted, the quickstart's callback and config no longer active. */
async function destroyQuickstart(outputs: OutputMap, resources: number): Promise<void> {
  const destroyed = await project.stack.destroy({ onOutput: printed.onOutput });
  expect(destroyed.summary.resourceChanges).toMatchObject({ delete: resources });
  const active = async (list: string) => (await listAll(emulator, `${list}?status=active`)).map((record) => record.id);
  expect(await active("/callbacks")).not.toContain(outputs.callbackId.value);
  expect(await active("/provider-configs")).not.toContain(outputs.providerConfigId.value);
}

testInNpmTest(
  "the YAML quickstart: up, a preview with no changes that sends nothing, drift found and undone by an up that adds a function (tcs:getRoles), destroy",
  async () => {
    const { stack } = project;
    const outputs = await upQuickstart();
    const roleId = outputs.roleId.value as string;

    // Renamed by hand: the refresh finds it, and the up puts the declared name back.
    await expectRoleRenameCaught(emulator, stack, roleId, printed);
    // The up also adds a function: tcs:getRoles lists the account's roles through the provider's connection.
    project.write(
      yamlExample()
        .replace(
          /\noutputs:\n/,
          "\nvariables:\n  roles:\n    fn::invoke:\n      function: tcs:getRoles\n      arguments: {}\n      return: items\noutputs:\n",
        )
        .concat("  roleSlugs: ${roles}\n"),
    );
    const restored = await stack.up({ refresh: true, onOutput: printed.onOutput });
    expect(restored.summary.resourceChanges).toMatchObject({ update: 1 });
    expect((await api(emulator, "GET", `/roles/${roleId}`)).name).toBe("Support agents");
    const roles = restored.outputs.roleSlugs.value as Array<{ slug: string; isDefault: boolean }>;
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.map((role) => role.slug)).toEqual((await listAll(emulator, "/roles")).map((role) => role.slug));

    expectNoSecretInClear();
    await destroyQuickstart(outputs, 6);
  },
);

testInLong(
  "the YAML quickstart deeper: pulumi-tcs drift reads its drift; pulumi import's printed code, pasted, plans nothing",
  async () => {
    const { stack } = project;
    const outputs = await upQuickstart();
    const roleId = outputs.roleId.value as string;

    await expectRoleRenameCaught(emulator, stack, roleId, printed);
    // pulumi-tcs drift reads a native stack as it reads a dynamic one: exit 2, the field, old and new.
    const drift = await runBin(
      DRIFT_BIN,
      [
        "drift",
        "--stack",
        "native-yaml",
        "--cwd",
        project.scratch.dir,
        "--json",
        path.join(project.scratch.dir, "drift.json"),
      ],
      {
        ...process.env,
        PULUMI_BACKEND_URL: `file://${project.scratch.backendDir}`,
        GITHUB_STEP_SUMMARY: "",
      },
    );
    expect(drift.code).toBe(2);
    const report = JSON.parse(fs.readFileSync(path.join(project.scratch.dir, "drift.json"), "utf8"));
    expect(report.resources.find((r: { name: string }) => r.name === "supportAgents")).toMatchObject({
      id: roleId,
      change: "changed",
    });
    expect(report.resources.find((r: { name: string }) => r.name === "supportAgents").fields).toContainEqual({
      name: "name",
      old: "Support agents",
      new: "Renamed by hand",
    });
    printed.onOutput(drift.stdout + drift.stderr);

    const restored = await stack.up({ refresh: true, onOutput: printed.onOutput });
    expect(restored.summary.resourceChanges).toMatchObject({ update: 1 });

    // pulumi import of a role and a config made by hand: the printed YAML, pasted into the program,
    // plans nothing; the config's settings, which the API never returns, are named as left out.
    const ops = await api(emulator, "POST", "/roles", { name: "Ops", slug: "ops", permissions: ["thread_read"] });
    const slack = await api(emulator, "POST", "/provider-configs", {
      provider_id: "prov_slack000000000000000",
      name: "Slack by hand",
      value: { bot_token: "xoxb-by-hand-0000000000", signing_secret: "by-hand-signing-secret" },
    });
    const imported = await stack.import({
      resources: [
        { type: "tcs:index:Role", name: "ops", id: ops.id },
        { type: "tcs:index:ProviderConfig", name: "slackByHand", id: slack.id },
      ],
      protect: false,
      generateCode: true,
      onOutput: printed.onOutput,
    });
    expect(imported.generatedCode).toMatch(/ops:\n\s+type: tcs:Role\n\s+properties:/);
    expect(imported.generatedCode).toMatch(/slug: ops/);
    const pasted = imported.generatedCode.replace(/^resources:\n/, "");
    project.write(
      yamlExample().replace(/\noutputs:\n/, `\n${pasted.endsWith("\n") ? pasted : `${pasted}\n`}outputs:\n`),
    );
    const withImport = await expectNoPlannedChanges(stack, {
      onOutput: printed.onOutput,
      what: "of the imported code pasted in",
    });
    expect(withImport.changeSummary).toEqual({ same: 8 });
    expect(printed.text()).toMatch(
      new RegExp(
        `tcs:ProviderConfig ${slack.id}: imported without value: the API never returns it, so the object keeps its own`,
      ),
    );

    expectNoSecretInClear("xoxb-by-hand");
    await destroyQuickstart(outputs, 8);
  },
);

testInLong("the policy pack checks native resources: a YAML callback without a description is reported", async () => {
  const policed = await yamlProject(
    "native-yaml-policy",
    emulator,
    [
      yamlProgramHead("tcs-yaml-policy").trimEnd(),
      "resources:",
      "  undescribed:",
      "    type: tcs:Callback",
      "    properties:",
      "      integrationProviderId: intp_github00000000000000",
      "      name: GitHub events",
      "",
    ].join("\n"),
  );
  try {
    const output = (await policed.stack.preview({ policyPacks: [POLICY_PACK] })).stdout;
    expect(output).toMatch(/tcs-callback-description/);
    expect(output).toMatch(/callback 'undescribed' has no description/);
  } finally {
    policed.scratch.remove();
  }
});

testInLong(
  "several environments the Pulumi way: an explicit provider holds a role in a second environment; a callback moved to it is replaced; a rotated key replaces nothing; bad settings fail at preview naming the setting",
  async () => {
    const staging = await startTestEmulator();
    const program = (serviceVersion?: string, mover: "default" | "staging" = "default") =>
      [
        yamlProgramHead("tcs-yaml-environments").trimEnd(),
        "config:",
        "  stagingUrl:",
        "    type: string",
        "  stagingKey:",
        "    type: string",
        "    secret: true",
        "resources:",
        "  staging:",
        "    type: pulumi:providers:tcs",
        "    properties:",
        "      baseUrl: ${stagingUrl}",
        "      apiKey: ${stagingKey}",
        ...(serviceVersion ? [`      serviceVersion: "${serviceVersion}"`] : []),
        "  prodRole:",
        "    type: tcs:Role",
        "    properties: { name: Triage, slug: triage, permissions: [thread_read] }",
        "  stagingRole:",
        "    type: tcs:Role",
        "    properties: { name: Triage, slug: triage, permissions: [thread_read] }",
        "    options:",
        "      provider: ${staging}",
        "  mover:",
        "    type: tcs:Callback",
        "    properties: { integrationProviderId: intp_github00000000000000, name: Mover }",
        ...(mover === "staging" ? ["    options:", "      provider: ${staging}"] : []),
        "outputs:",
        "  prodRoleId: ${prodRole.id}",
        "  stagingRoleId: ${stagingRole.id}",
        "  moverId: ${mover.id}",
        "",
      ].join("\n");
    const environments = await yamlProject("native-yaml-environments", emulator, program("2026-13-45"));
    try {
      await environments.stack.setAllConfig({
        stagingUrl: { value: staging.url },
        stagingKey: { value: staging.keys.production.secret, secret: true },
      });
      await expect(environments.stack.preview()).rejects.toThrow(
        /serviceVersion value \{2026-13-45\} has a problem: serviceVersion must be a published version, 2026-01-01 or later: not a calendar date\. Set the provider's serviceVersion to 2026-01-01\./,
      );

      environments.write(program());
      const up = await environments.stack.up();
      const [prodRoles, stagingRoles] = [await listAll(emulator, "/roles"), await listAll(staging, "/roles")];
      expect(prodRoles.find((role) => role.slug === "triage")?.id).toBe(up.outputs.prodRoleId.value);
      expect(stagingRoles.find((role) => role.slug === "triage")?.id).toBe(up.outputs.stagingRoleId.value);
      expect(storedState(environments.scratch.backendDir)).not.toContain(staging.keys.production.secret);
      expect((await environments.stack.preview()).changeSummary).toEqual({ same: 5 });

      // Moved to the staging provider: made in staging, deleted from the default environment.
      environments.write(program(undefined, "staging"));
      const moved = await environments.stack.up();
      expect(moved.summary.resourceChanges).toMatchObject({ replace: 1 });
      const active = async (emu: RunningEmulator) =>
        (await listAll(emu, "/callbacks?status=active")).map((record) => record.id);
      expect(await active(staging)).toContain(moved.outputs.moverId.value);
      expect(await active(emulator)).not.toContain(up.outputs.moverId.value);

      // The same provider with another key of the same environment: nothing is replaced.
      await environments.stack.setConfig("stagingKey", { value: staging.keys.production.secondSecret, secret: true });
      // (The provider itself is updated; its resources stay.)
      expect((await environments.stack.preview()).changeSummary).toEqual({ same: 4, update: 1 });
    } finally {
      environments.scratch.remove();
      await staging.close();
    }
  },
);

/** Every stack file of a file backend, as stored (secrets encrypted, unlike `pulumi stack export --show-secrets`). */
function storedState(backendDir: string): string {
  const stacks = path.join(backendDir, ".pulumi", "stacks");
  return fs
    .readdirSync(stacks, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".json"))
    .map((file) => fs.readFileSync(path.join(stacks, file), "utf8"))
    .join("\n");
}
