// What the native door refuses before anything is written, on the real `pulumi` CLI and YAML language
// host against the emulator (issue 45, failures 4 and 5):
// - a role replaced by replaceOnChanges while it keeps its slug: the engine plans that replacement
//   itself on this door (the provider is not told the option), and the service could not make it (one
//   role per slug, and the API cannot delete roles); refused at preview, naming the role's id and the fix;
// - `pulumi import` of an id with more parts than its kind's form (`cb_…/cbi_…/x`), and of one object
//   under two names in one run; an object imported under a second name in a later run (which that run
//   cannot know) is refused by the next preview, in the words of the native type, not the dynamic
//   door's class; and the import option naming an object another resource of the stack holds.
// npm test runs the preview's refusal of the role and the import option's, on one stack; npm run test:long
// (test/long/native-refusals-deeper.test.ts) the up's refusal of the role and its replacement with a new
// slug, and `pulumi import`'s refusals (issue 62; test/e2e/helpers/long-split.ts).
import type { OutputMap } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { testInLong, testInNpmTest } from "./helpers/long-split";
import { api, requests, startTestEmulator } from "./helpers/tcs-stack";
import { outputCollector } from "./helpers/workspace";
import { yamlProgramHead, yamlProject, type YamlProject } from "./helpers/yaml-project";

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await emulator?.close();
});

const HEADER = [yamlProgramHead("tcs-native-refusals").trimEnd()];

/** A config of GitHub's; with `importId`, its import option naming that object. */
function config(name: string, importId?: string): string[] {
  return [
    `  ${name}:`,
    "    type: tcs:ProviderConfig",
    "    properties:",
    "      providerId: prov_github00000000000000",
    "      name: GitHub",
    "      value: { base_url: https://api.github.com, timeout_seconds: 30 }",
    ...(importId ? ["    options:", `      import: ${importId}`] : []),
  ];
}

/**
 * The role, replaced on a change of its name; with `configs`, the config `github` beside it, and with
 * `configs.importId` a second config, `githubAgain`, whose import option names that object.
 */
function roleProgram(name: string, slug: string, configs?: { importId?: string }): string {
  return [
    ...HEADER,
    "resources:",
    "  triage:",
    "    type: tcs:Role",
    `    properties: { name: ${name}, slug: ${slug}, permissions: [thread_read] }`,
    "    options:",
    "      replaceOnChanges: [name]",
    ...(configs ? [...config("github"), ...(configs.importId ? config("githubAgain", configs.importId) : [])] : []),
    "outputs:",
    "  roleId: ${triage.id}",
    ...(configs ? ["  configId: ${github.id}"] : []),
    "",
  ].join("\n");
}

async function writes(): Promise<number> {
  const counts = await requests.byMethod(emulator);
  return (counts.POST ?? 0) + (counts.PUT ?? 0) + (counts.PATCH ?? 0) + (counts.DELETE ?? 0);
}

/**
 * The role's up (with `configs`, roleProgram's), then its name changed while it keeps its slug: the
 * replacement's role could not be made beside the old one, so the preview is refused, naming the role
 * and the fix; nothing is written. Returns the up's outputs, the role's id and the refusal.
 */
async function renameRefusedAtPreview(
  project: YamlProject,
  printed: ReturnType<typeof outputCollector>,
  configs?: { importId?: string },
): Promise<{ outputs: OutputMap; roleId: string; refusal: RegExp }> {
  // The plan after the up (post-apply-plan.ts), a preview with no changes, still sends nothing.
  const up = await project.stack.up({
    onOutput: printed.onOutput,
    planAfter: { before: () => requests.reset(emulator), onOutput: printed.onOutput },
  });
  const roleId = up.outputs.roleId.value as string;
  expect(up.planAfter?.changeSummary).toEqual({ same: configs ? 3 : 2 });
  expect((await requests.read(emulator)).total).toBe(0);

  project.write(roleProgram("Triage team", "triage", configs));
  const refusal = new RegExp(
    `name.*changing it replaces the Role, and the old one \\(${roleId}\\) keeps its slug\\. ` +
      "Change slug too, or take name out of replaceOnChanges",
  );
  await expect(project.stack.preview({ onOutput: printed.onOutput })).rejects.toThrow(refusal);
  expect(printed.text()).not.toMatch(/already exists/);
  expect(await writes()).toBe(0);
  expect((await api(emulator, "GET", `/roles/${roleId}`)).name).toBe("Triage");
  return { outputs: up.outputs, roleId, refusal };
}

testInNpmTest(
  "refused at preview, nothing written: replaceOnChanges on a role that keeps its slug, naming the role and the fix (issue 45, failure 4); the import option naming an object another resource of the stack holds, naming it (failure 5)",
  async () => {
    const project = await yamlProject("native-refusals", emulator, roleProgram("Triage", "triage", {}));
    try {
      const { outputs } = await renameRefusedAtPreview(project, outputCollector(), {});
      const configId = outputs.configId.value as string;
      // The role as it was, and a second config importing the first's object. Configs have no natural
      // key that check could compare: the id the engine names in diff and in the import's read is what
      // tells two resources of one object apart.
      project.write(roleProgram("Triage", "triage", { importId: configId }));
      await requests.reset(emulator);
      // Which of the two the engine names to the provider first decides the message: the import's read
      // (the other holds it) or the other's diff (this run imports it too). Either names both.
      await expect(project.stack.preview()).rejects.toThrow(
        new RegExp(
          `(cannot import ${configId} as tcs:index:ProviderConfig "githubAgain": tcs:index:ProviderConfig "github" of this stack holds it` +
            `|tcs:index:ProviderConfig "github" holds ${configId}, and this run imports it as tcs:index:ProviderConfig "githubAgain" too)` +
            `.*two resources would manage one object`,
        ),
      );
      expect(await writes()).toBe(0);
    } finally {
      project.scratch.remove();
    }
  },
);

testInLong(
  "replaceOnChanges on a role that keeps its slug: the up is refused as the preview is; with a new slug it replaces (issue 45, failure 4)",
  async () => {
    const project = await yamlProject("native-refusals-roc", emulator, roleProgram("Triage", "triage"));
    const printed = outputCollector();
    try {
      const { roleId, refusal } = await renameRefusedAtPreview(project, printed);
      await expect(project.stack.up({ onOutput: printed.onOutput })).rejects.toThrow(refusal);
      expect(printed.text()).not.toMatch(/already exists/);
      expect(await writes()).toBe(0);
      expect((await api(emulator, "GET", `/roles/${roleId}`)).name).toBe("Triage");

      // With a new slug the replacement is made; the old role stays in the account (no delete for roles).
      project.write(roleProgram("Triage team", "triage-team"));
      const replaced = await project.stack.up({ onOutput: printed.onOutput });
      expect(replaced.summary.resourceChanges).toMatchObject({ replace: 1 });
      const next = await api(emulator, "GET", `/roles/${replaced.outputs.roleId.value}`);
      expect(next).toMatchObject({ name: "Triage team", slug: "triage-team" });
      expect(next.id).not.toBe(roleId);
    } finally {
      project.scratch.remove();
    }
  },
);

testInLong(
  "pulumi import refuses an id with a part too many and one object imported twice in a run; a second name from a later run fails the next preview naming tcs:index:Role (issue 45, failure 5)",
  async () => {
    const project = await yamlProject("native-refusals-import", emulator, [...HEADER, "resources: {}", ""].join("\n"));
    const printed = outputCollector();
    const resources = async (): Promise<Array<{ id?: string }>> =>
      ((await project.stack.exportStack()).deployment.resources ?? []).filter((resource: { type: string }) =>
        resource.type.startsWith("tcs:index:"),
      );
    try {
      const ops = await api(emulator, "POST", "/roles", { name: "Ops", slug: "ops", permissions: ["thread_read"] });
      const callback = await api(emulator, "POST", "/callbacks", {
        integration_provider_id: "intp_github00000000000000",
        name: "GitHub events",
      });
      const config = await api(emulator, "POST", "/provider-configs", {
        provider_id: "prov_github00000000000000",
        name: "GitHub by hand",
        value: { base_url: "https://api.github.com", timeout_seconds: 30 },
      });
      const instance = await api(emulator, "POST", `/callbacks/${callback.id}/instances`, {
        provider_config_id: config.id,
      });

      // The id names more than an instance: refused whole, not imported without its last part.
      await expect(
        project.stack.import({
          resources: [
            { type: "tcs:index:CallbackInstance", name: "githubEvents", id: `${callback.id}/${instance.id}/x` },
          ],
          protect: false,
          onOutput: printed.onOutput,
        }),
      ).rejects.toThrow(
        /the import id '.*\/x' is not <callbackId>\/<id>\. Run pulumi import tcs:index:CallbackInstance <name> cb_/,
      );
      expect(await resources()).toEqual([]);

      // One object under two names in one run: the second is refused, naming the first.
      await expect(
        project.stack.import({
          resources: [
            { type: "tcs:index:Role", name: "ops", id: ops.id },
            { type: "tcs:index:Role", name: "opsAgain", id: ops.id },
          ],
          protect: false,
          onOutput: printed.onOutput,
        }),
      ).rejects.toThrow(
        new RegExp(
          `cannot import ${ops.id} as tcs:index:Role "(ops|opsAgain)": this run imports it as tcs:index:Role "(ops|opsAgain)" too.*Import it once`,
        ),
      );
      expect((await resources()).filter((resource) => resource.id === ops.id).length).toBeLessThanOrEqual(1);

      // In two runs, the second cannot know the first (the engine names it no other resource of the
      // stack); the code both print, pasted, fails the next preview in the native type's words.
      await project.stack.destroy();
      const codes: string[] = [];
      for (const name of ["ops", "opsAgain"]) {
        const imported = await project.stack.import({
          resources: [{ type: "tcs:index:Role", name, id: ops.id }],
          protect: false,
          generateCode: true,
          onOutput: printed.onOutput,
        });
        codes.push(imported.generatedCode.replace(/^resources:\n/, ""));
      }
      project.write([...HEADER, "resources:", ...codes.map((code) => code.trimEnd()), ""].join("\n"));
      const preview = project.stack.preview({ onOutput: printed.onOutput });
      await expect(preview).rejects.toThrow(/slug.*tcs:index:Role "(ops|opsAgain)" declares it too: one Role per slug/);
      expect(printed.text()).not.toMatch(/tcs\.Role/);
    } finally {
      project.scratch.remove();
    }
  },
);
