// What a program loads (issues 16 and 46), measured in fresh Node processes (so an integration test,
// not a unit one): declaring resources loads neither the SDK nor the engine, the plugin's check and
// diff of an unchanged preview send nothing and load no HTTP client, and the drift report's
// classifier stays as light. The import boundaries themselves are dependency-cruiser's rules
// (.dependency-cruiser.cjs, test/integration/provider/layering.test.ts); this measures what those imports load
// at run time, the lazy `require`s and `import()`s a static graph cannot tell from eager ones.
import { execFileSync } from "node:child_process";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");
const rel = (file: string) => path.relative(ROOT, file);

describe("what a program loads", () => {
  /** The repository files a fresh Node process loaded after requiring `modules` (sources, through tsx). */
  function loadedBy(modules: string[]): string[] {
    const script = `${modules.map((m) => `require(${JSON.stringify(path.join(ROOT, m))});`).join("")}process.stdout.write(JSON.stringify(Object.keys(require.cache)));`;
    const stdout = execFileSync(process.execPath, ["--require", require.resolve("tsx/cjs"), "-e", script], {
      cwd: ROOT,
      encoding: "utf8",
    });
    return (JSON.parse(stdout) as string[]).map(rel);
  }
  const heavy = (files: string[]) =>
    files.filter(
      (file) =>
        /^(sdk|provider\/engine|emulator)\//.test(file) ||
        file === "provider/impl.ts" ||
        /node_modules\/undici\//.test(file),
    );

  const zod = (files: string[]) => files.filter((file) => /node_modules\/zod\//.test(file));

  it("declaring resources loads neither the SDK nor the plugin (nor the HTTP client, nor zod)", () => {
    const classes = ["callback", "callback-instance", "provider-config", "role", "integration-setup-session"].map(
      (name) => `provider/dynamic/${name}.ts`,
    );
    const loaded = loadedBy(classes);
    expect(loaded).toEqual(
      expect.arrayContaining([
        "provider/dynamic/callback.ts",
        "provider/shapes/callback.ts",
        "provider/dynamic/shim.ts",
      ]),
    );
    expect(heavy(loaded)).toEqual([]);
    expect(zod(loaded)).toEqual([]);
  });

  it("import * as tcs from 'pulumi-tcs' (provider/index) loads neither either: the lookups load the SDK on first use", () => {
    const loaded = loadedBy(["provider/index.ts"]);
    expect(loaded).toContain("provider/dynamic/lookups/index.ts");
    expect(heavy(loaded)).toEqual([]);
  });

  /**
   * Each kind as a preview with no changes sees it: check of the inputs recorded in state (as the
   * up's check returned them) against the same declaration, then diff against the recorded outputs;
   * a config with a value (whose check would load the validator if the value had changed). Returns
   * the repository files and packages the plugin's process loaded.
   */
  function previewUnchanged(recordedBy: "check" | "an older provider"): string[] {
    const unchanged: Record<string, Record<string, unknown>> = {
      Callback: { integrationProviderId: "intp_github00000000000000", name: "Events" },
      CallbackInstance: { callbackId: "cb_aaaaaaaaaaaaaaaaaaaa", providerConfigId: "pcfg_aaaaaaaaaaaaaaaaaaaa" },
      ProviderConfig: { providerId: "prov_github00000000000000", value: { base_url: "https://api.github.com" } },
      Role: { name: "Ops", slug: "ops", permissions: ["thread_read"] },
      IntegrationSetupSession: { integrationId: "int_devtools000000000000", name: "Setup" },
    };
    // What the outputs hold beyond the inputs and diff compares: the filter no declaration means.
    const recorded: Record<string, Record<string, unknown>> = {
      ProviderConfig: { toolFilters: { type: "allow_all" } },
    };
    // The up's check in a process of its own (it validates, so it loads zod; recorded inputs without
    // a fingerprint stand for an object already made, so it sends nothing); then the preview's.
    const run = (body: string) =>
      execFileSync(
        process.execPath,
        [
          "--require",
          require.resolve("tsx/cjs"),
          "-e",
          `
      const impl = require(${JSON.stringify(path.join(ROOT, "provider/impl.ts"))});
      const config = { get: (key) => ({ "tcs:apiKey": "service_sk_test", "tcs:baseUrl": "http://127.0.0.1:1" })[key] };
      const provider = async (kind) => { const p = {}; await impl.configureShim(p, kind, { config }); return p; };
      (async () => { ${body} })().catch((error) => { console.error(error); process.exit(1); });`,
        ],
        { cwd: ROOT, encoding: "utf8" },
      );
    const upChecked =
      recordedBy === "check"
        ? (JSON.parse(
            run(`
          const out = {};
          for (const [kind, inputs] of Object.entries(${JSON.stringify(unchanged)})) out[kind] = (await (await provider(kind)).check(inputs, inputs)).inputs;
          process.stdout.write(JSON.stringify(out));`),
          ) as Record<string, Record<string, unknown>>)
        : unchanged;
    const stdout = run(`
      for (const [kind, inputs] of Object.entries(${JSON.stringify(unchanged)})) {
        const p = await provider(kind);
        const olds = ${JSON.stringify(upChecked)}[kind];
        const checked = await p.check(olds, inputs);
        if (checked.failures.length > 0) throw new Error(kind + ": " + JSON.stringify(checked.failures));
        const diff = await p.diff("id", { ...olds, ...(${JSON.stringify(recorded)}[kind] ?? {}) }, checked.inputs);
        if (diff.changes) throw new Error(kind + ": " + JSON.stringify(diff));
      }
      process.stdout.write(JSON.stringify(Object.keys(require.cache)));`);
    return (JSON.parse(stdout) as string[]).map(rel);
  }

  it("the plugin checks and diffs every kind without the SDK, its HTTP client or the config schema validator (a preview with no changes sends nothing)", () => {
    const loaded = previewUnchanged("an older provider");
    expect(loaded).toEqual(expect.arrayContaining(["provider/dynamic/serve.ts", "provider/engine/resource-engine.ts"]));
    // The engine reaches the SDK through its public entry, loaded on first use (engine/sdk.ts): not even its errors here.
    const needless = loaded.filter(
      (file) => /^sdk\//.test(file) || /node_modules\/(undici|ajv|ajv-formats)\//.test(file),
    );
    expect(needless).toEqual([]);
    // Inputs recorded without this provider's fingerprint are validated: zod is loaded.
    expect(zod(loaded)).not.toEqual([]);
  });

  it("a preview of inputs this provider's check passed does not load zod either (validated-by.ts)", () => {
    const loaded = previewUnchanged("check");
    expect(loaded).toContain("provider/engine/validated-by.ts");
    expect(zod(loaded)).toEqual([]);
  });

  it("the drift report's classifier reads the shapes without the SDK or the plugin", () => {
    const loaded = loadedBy(["provider/cli/drift/classify.ts"]);
    expect(loaded).toContain("provider/shapes/index.ts");
    expect(heavy(loaded)).toEqual([]);
  });

  it("the drift report's report and its grouping by connection load no more: the shapes and the connections' names (not even zod)", () => {
    const loaded = loadedBy(["provider/cli/drift/report.ts", "provider/cli/drift/render.ts"]);
    expect(loaded).toContain("provider/settings/connections.ts");
    expect(heavy(loaded)).toEqual([]);
    const packages = new Set(
      loaded
        .filter((file) => file.includes("node_modules/"))
        .map((file) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)![1]),
    );
    expect(
      [...packages].filter(
        (name) => name !== "tsx" && name !== "esbuild" && name !== "get-tsconfig" && name !== "resolve-pkg-maps",
      ),
    ).toEqual([]);
  });
});
