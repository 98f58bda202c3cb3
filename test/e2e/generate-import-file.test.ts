// `pulumi-tcs generate --import-file`: objects of every kind made through the API, the file `pulumi
// import --file` takes written for the whole environment (the names generate gives them, an instance as
// `<callbackId>/<instanceId>`), and the real `pulumi import --file` of it into a YAML project on the
// native provider: every object in state, and the code the import prints, put in the program, plans
// nothing. The config's settings, which the API never returns, are named on stderr, never written.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { REPO_ROOT } from "../lib/engine";
import { expectNoPlannedChanges } from "./helpers/post-apply-plan";
import { runBin, type BinResult } from "./helpers/run-bin";
import { api, listAll, startTestEmulator } from "./helpers/tcs-stack";
import { yamlProgramHead, yamlProject } from "./helpers/yaml-project";

const BIN = path.join(REPO_ROOT, "dist", "provider", "cli", "main.js");

// Fixture ids of the emulator (emulator/README.md).
const FIX = {
  githubProvider: "prov_github00000000000000",
  githubVault: "pcvt_githubdefault0000000",
  githubIntegrationProvider: "intp_github00000000000000",
  linearIntegrationProvider: "intp_linear00000000000000",
  githubOAuth: "pac_githuboauth000000000",
  devtools: "int_devtools000000000000",
};

const PROGRAM = yamlProgramHead("tcs-yaml-imported");

interface ImportSpec {
  type: string;
  name: string;
  id: string;
}

/** The pulumi CLI (on PATH: jest runs under scripts/env.sh), run without blocking: the emulator answering its plugin lives in this process. */
function pulumi(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<BinResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("pulumi", args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let [stdout, stderr] = ["", ""];
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await emulator?.close();
});

test("generate --import-file: pulumi import --file of a whole environment into a native stack, whose printed code plans nothing", async () => {
  // One object of each kind, made as a team would have by hand; two configs share a name.
  const config = await api(emulator, "POST", "/provider-configs", {
    provider_id: FIX.githubProvider,
    name: "GitHub for agents",
    description: "Issues and pull requests.",
    value: { base_url: "https://api.github.com", timeout_seconds: 30 },
    tool_filters: { type: "tool_keys", keys: ["issues.list", "pulls.list"] },
    metadata: { owner: "platform" },
  });
  const twin = await api(emulator, "POST", "/provider-configs", {
    provider_id: FIX.githubProvider,
    name: "GitHub for agents",
    provider_config_vault_id: FIX.githubVault,
  });
  const callback = await api(emulator, "POST", "/callbacks", {
    integration_provider_id: FIX.githubIntegrationProvider,
    name: "GitHub events",
    description: "Issue and push events.",
    metadata: { owner: "platform" },
  });
  await api(emulator, "POST", "/callbacks", {
    integration_provider_id: FIX.linearIntegrationProvider,
    name: "Linear events",
  });
  const instance = await api(emulator, "POST", `/callbacks/${callback.id}/instances`, {
    provider_config_id: config.id,
    provider_auth_config_id: FIX.githubOAuth,
  });
  const role = await api(emulator, "POST", "/roles", {
    name: "Support agents",
    slug: "support-agents",
    permissions: ["thread_read", "thread_create"],
  });
  const session = await api(emulator, "POST", "/integration-setup-sessions", {
    integration_id: FIX.devtools,
    name: "Connect developer tools",
    redirect_url: "https://example.com/setup-done",
    metadata: { owner: "platform" },
  });

  const project = await yamlProject("generate-import-file", emulator, PROGRAM);
  try {
    const env = { ...process.env, TCS_API_KEY: emulator.keys.production.secret, TCS_BASE_URL: emulator.url };
    const file = path.join(project.scratch.dir, "import.json");
    const generated = await runBin(BIN, ["generate", "--import-file", file, "--include-sessions"], env);
    expect(generated.stderr).toMatch(/objects written to .*import\.json; next, .*pulumi import --file/);
    expect(generated.code).toBe(0);
    // What JSON cannot say, said on stderr as the program's header says it.
    expect(generated.stderr).toMatch(
      /pulumi-tcs generate: note: \d+ ProviderConfigs: `value` is write-only \(the API never returns it\)/,
    );
    expect(generated.stdout).toBe("");
    const text = fs.readFileSync(file, "utf8");
    expect(text + generated.stderr).not.toContain(emulator.keys.production.secret);
    expect(text).not.toContain("timeout_seconds");
    const imports = JSON.parse(text) as { resources: ImportSpec[]; nameTable?: unknown };
    const specs = imports.resources;

    // The names generate gives the same objects in a program, in the same order.
    const program = await runBin(BIN, ["generate", "--stdout", "--include-sessions"], env);
    expect(program.code).toBe(0);
    const declared = [...program.stdout.matchAll(/new tcs\.(\w+)\("([^"]+)", \{\n\s+adoptId: "([^"]+)",/g)];
    expect(specs.map((spec) => [spec.type, spec.name, spec.id.split("/").at(-1)])).toEqual(
      declared.map(([, kind, name, id]) => [`tcs:index:${kind}`, name, id]),
    );

    const byId = new Map(specs.map((spec) => [spec.id, spec]));
    // Same name, told apart as generate does (the order between them is their ids').
    expect([byId.get(config.id)?.name, byId.get(twin.id)?.name].sort()).toEqual([
      "github-for-agents",
      "github-for-agents-2",
    ]);
    expect(byId.get(config.id)?.type).toBe("tcs:index:ProviderConfig");
    expect(byId.get(callback.id)).toEqual({ type: "tcs:index:Callback", name: "github-events", id: callback.id });
    expect(byId.get(`${callback.id}/${instance.id}`)).toEqual({
      type: "tcs:index:CallbackInstance",
      name: "github-events-github-for-agents",
      id: `${callback.id}/${instance.id}`,
    });
    expect(byId.get(role.id)).toEqual({ type: "tcs:index:Role", name: "support-agents", id: role.id });
    expect(byId.get(session.id)).toEqual({
      type: "tcs:index:IntegrationSetupSession",
      name: "connect-developer-tools",
      id: session.id,
    });
    // Every instance by its callback; the account's built-in roles stay out, as in the program.
    for (const spec of specs.filter((s) => s.type === "tcs:index:CallbackInstance"))
      expect(spec.id).toMatch(/^cb_\w+\/cbi_\w+$/);
    const builtIn = (await listAll(emulator, "/roles")).filter((r) => r.isDefault).map((r) => r.id);
    expect(builtIn.length).toBeGreaterThan(0);
    for (const id of builtIn) expect(byId.has(id)).toBe(false);
    const kinds = new Set(specs.map((spec) => spec.type));
    expect([...kinds].sort()).toEqual([
      "tcs:index:Callback",
      "tcs:index:CallbackInstance",
      "tcs:index:IntegrationSetupSession",
      "tcs:index:ProviderConfig",
      "tcs:index:Role",
    ]);

    // The user's command, on the real CLI and YAML language host.
    const code = path.join(project.scratch.dir, "imported.yaml");
    const imported = await pulumi(
      [
        "import",
        "--file",
        file,
        "--yes",
        "--non-interactive",
        "--protect=false",
        "--out",
        code,
        "--stack",
        "generate-import-file",
      ],
      project.scratch.dir,
      { ...process.env, PULUMI_BACKEND_URL: `file://${project.scratch.backendDir}` },
    );
    if (imported.code !== 0)
      throw new Error(`pulumi import failed (${imported.code}):\n${imported.stdout}\n${imported.stderr}`);
    const printed = imported.stdout + imported.stderr;
    expect(printed).toMatch(new RegExp(`${specs.length} imported`));
    expect(printed).not.toContain(emulator.keys.production.secret);

    const state = (await project.stack.exportStack()).deployment.resources as Array<{
      type: string;
      id?: string;
      urn: string;
    }>;
    for (const spec of specs) {
      const id = spec.id.split("/").at(-1);
      expect(
        state.find(
          (resource) => resource.type === spec.type && resource.id === id && resource.urn.endsWith(`::${spec.name}`),
        ),
      ).toBeDefined();
    }

    // The code the import printed, as the program: nothing to do.
    const yaml = fs.readFileSync(code, "utf8");
    expect(yaml).toMatch(/^resources:\n/m);
    expect(yaml).not.toContain("timeout_seconds");
    // Pulumi writes references between imported objects as literal ids, and no config's `value`.
    expect(yaml).toContain(`callbackId: ${callback.id}`);
    expect(yaml).not.toMatch(/^\s+value:/m);
    project.write(`${PROGRAM}${yaml}`);
    const preview = await expectNoPlannedChanges(project.stack, { what: "of the code the import printed" });
    expect(preview.changeSummary).toEqual({ same: specs.length + 1 });
  } finally {
    project.scratch.remove();
  }
});

test("generate --import-file says what it cannot do", async () => {
  const env = { ...process.env, TCS_API_KEY: emulator.keys.production.secret, TCS_BASE_URL: emulator.url };
  const withProgram = await runBin(BIN, ["generate", "--import-file", "import.json", "--stdout"], env);
  expect(withProgram.code).toBe(1);
  expect(withProgram.stderr).toMatch(/leave out --out and --stdout/);
  const withConnection = await runBin(
    BIN,
    ["generate", "--import-file", "import.json", "--connection", "staging"],
    env,
  );
  expect(withConnection.code).toBe(1);
  expect(withConnection.stderr).toMatch(/native provider, which has no named connections/);
  expect(fs.existsSync("import.json")).toBe(false);
});
