// The provider's layers (issues 16 and 46): shapes below everything; the engine (engine/: planning,
// the create path, the API bindings, the plugin object and its process) above them; the two doors on
// top, apart from each other: the dynamic door (dynamic/: the program's resource classes and lookups,
// and serve.ts, which hands the engine to @pulumi/pulumi's dynamic-provider host) and the native door
// (native/: the gRPC provider every language reaches). No import loop anywhere in provider/, and no
// runtime file imports the code generation (codegen/). And what a program loads: declaring resources
// loads neither the SDK nor the engine, and the drift report's classifier stays as light.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");
const PROVIDER = path.join(ROOT, "provider");
/** The package's own name: `require("pulumi-tcs/provider/impl")` in the shim is an edge of the graph too. */
const SELF = "pulumi-tcs/";

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

function resolveSource(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith(SELF)) base = path.join(ROOT, specifier.slice(SELF.length));
  else return undefined;
  return [`${base}.ts`, path.join(base, "index.ts")].find((file) => fs.existsSync(file));
}

/** Every file a source file names: static imports and re-exports (type-only ones too), import() and require(). */
function importsOf(file: string): string[] {
  // Comments left out (they name modules too); a `//` after a colon is a URL's.
  const text = fs
    .readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1");
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)["']([^"']+)["']/gm)].map((match) => match[1]);
  return specifiers.map((specifier) => resolveSource(file, specifier)).filter((target): target is string => target !== undefined);
}

const graph = new Map(sourceFiles(PROVIDER).map((file) => [file, importsOf(file)]));
const rel = (file: string) => path.relative(ROOT, file);

/** The import loops of the graph, each as the files around it. */
function loops(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next].map(rel));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

/** Files of provider/ (or sdk/) that `from`'s imports reach under a folder, with the importing file. */
function edgesInto(fromDir: string, intoDir: string): string[] {
  const edges: string[] = [];
  for (const [file, targets] of graph) {
    if (!file.startsWith(path.join(PROVIDER, fromDir) + path.sep)) continue;
    for (const target of targets) if (target.startsWith(path.join(ROOT, intoDir) + path.sep)) edges.push(`${rel(file)} -> ${rel(target)}`);
  }
  return edges;
}

/** The runtime's source files beyond provider/: what the installed package holds (tsconfig.build.json). */
const RUNTIME_DIRS = ["sdk", "provider", "emulator", "policy"];

describe("the provider's layers", () => {
  it("finds every source file and its imports (the walk itself works)", () => {
    expect(graph.size).toBeGreaterThan(40);
    expect(graph.get(path.join(PROVIDER, "impl.ts"))).toEqual([
      path.join(PROVIDER, "engine", "process", "v8-settings.ts"),
      path.join(PROVIDER, "engine", "process", "compile-cache.ts"),
      path.join(PROVIDER, "dynamic", "serve.ts"),
    ]);
    expect(graph.get(path.join(PROVIDER, "dynamic", "shim.ts"))).toContain(path.join(PROVIDER, "impl.ts"));
  });

  it("has no import loop in provider/, the shim's require of the plugin's entry included", () => {
    expect(loops()).toEqual([]);
  });

  it("keeps the shapes below everything: they import only each other and the type tokens (which import nothing)", () => {
    const below = (target: string) => target.startsWith(path.join(PROVIDER, "shapes") + path.sep) || target === path.join(PROVIDER, "type-tokens.ts");
    const outside = [...graph].flatMap(([file, targets]) =>
      file.startsWith(path.join(PROVIDER, "shapes") + path.sep) ? targets.filter((t) => !below(t)).map((t) => `${rel(file)} -> ${rel(t)}`) : [],
    );
    expect(graph.get(path.join(PROVIDER, "type-tokens.ts"))).toEqual([]);
    expect(outside).toEqual([]);
  });

  it("lets no door import the other", () => {
    expect(edgesInto("dynamic", "provider/native")).toEqual([]);
    expect(edgesInto("native", "provider/dynamic")).toEqual([]);
  });

  it("keeps the engine below both doors: it imports neither", () => {
    expect(edgesInto("engine", "provider/dynamic")).toEqual([]);
    expect(edgesInto("engine", "provider/native")).toEqual([]);
    expect(edgesInto("engine", "provider/impl.ts")).toEqual([]);
  });

  it("keeps the dynamic door's program side off the engine: only its serve.ts, in the plugin's process, reaches it", () => {
    // The serialized shim names the plugin's entry by its package path: it runs in the plugin's
    // process (shim.ts), never in the program's.
    const [shim, serve] = [path.join(PROVIDER, "dynamic", "shim.ts"), path.join(PROVIDER, "dynamic", "serve.ts")];
    expect(edgesInto("dynamic", "provider/engine").filter((edge) => !edge.startsWith(rel(serve)))).toEqual([]);
    expect(edgesInto("dynamic", "provider/impl.ts").filter((edge) => !edge.startsWith(rel(shim)))).toEqual([]);
  });

  it("keeps code generation out of the runtime: nothing the package installs imports codegen/", () => {
    const runtime = RUNTIME_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
    const edges = runtime.flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(path.join(ROOT, "codegen") + path.sep))
        .map((target) => `${rel(file)} -> ${rel(target)}`),
    );
    expect(runtime.length).toBeGreaterThan(graph.size);
    expect(edges).toEqual([]);
  });
});

describe("the provider's types", () => {
  it("are never forced through `as unknown as`: a cast says what it narrows from", () => {
    const forced = [...graph.keys()].filter((file) => /\bas unknown as\b/.test(fs.readFileSync(file, "utf8"))).map(rel);
    expect(forced).toEqual([]);
  });
});

describe("what a program loads", () => {
  /** The repository files a fresh Node process loaded after requiring `modules` (sources, through tsx). */
  function loadedBy(modules: string[]): string[] {
    const script = `${modules.map((m) => `require(${JSON.stringify(path.join(ROOT, m))});`).join("")}process.stdout.write(JSON.stringify(Object.keys(require.cache)));`;
    const stdout = execFileSync(process.execPath, ["--require", require.resolve("tsx/cjs"), "-e", script], { cwd: ROOT, encoding: "utf8" });
    return (JSON.parse(stdout) as string[]).map(rel);
  }
  const heavy = (files: string[]) =>
    files.filter((file) => /^(sdk|provider\/engine|emulator)\//.test(file) || file === "provider/impl.ts" || /node_modules\/undici\//.test(file));

  const zod = (files: string[]) => files.filter((file) => /node_modules\/zod\//.test(file));

  it("declaring resources loads neither the SDK nor the plugin (nor the HTTP client, nor zod)", () => {
    const classes = ["callback", "callback-instance", "provider-config", "role", "integration-setup-session"].map((name) => `provider/dynamic/${name}.ts`);
    const loaded = loadedBy(classes);
    expect(loaded).toEqual(expect.arrayContaining(["provider/dynamic/callback.ts", "provider/shapes/callback.ts", "provider/dynamic/shim.ts"]));
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
    const recorded: Record<string, Record<string, unknown>> = { ProviderConfig: { toolFilters: { type: "allow_all" } } };
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
    expect(loaded).toEqual(expect.arrayContaining(["provider/dynamic/serve.ts", "provider/engine/resource-engine.ts", "sdk/core/errors.ts"]));
    const needless = loaded.filter(
      (file) => /^sdk\/(client|schemas|resources|internal\/transport)/.test(file) || /node_modules\/(undici|ajv|ajv-formats)\//.test(file),
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
    expect(loaded).toContain("provider/connections.ts");
    expect(heavy(loaded)).toEqual([]);
    const packages = new Set(loaded.filter((file) => file.includes("node_modules/")).map((file) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)![1]));
    expect([...packages].filter((name) => name !== "tsx" && name !== "esbuild" && name !== "get-tsconfig" && name !== "resolve-pkg-maps")).toEqual([]);
  });
});
