// The native plugin and everything it loads, as one CommonJS script with no file to read at run time:
// what a single executable embeds (its main script can require Node's built-in modules only). Built
// from dist/ (tsc's output, which the script plugin runs) with esbuild. Three modules read files
// beside them at run time, and the bundle gets what they would read, computed here from the same
// dist/ modules, so the executable serves the same schema and records the same checks' fingerprint
// as the script plugin (a stack moved from one to the other validates nothing again):
//   - native/schema.js reads package.json and schema.json: the bundle gets the text it serves;
//   - engine/validated-by.js hashes the shapes' files: the bundle gets the hash;
//   - compile-cache.js keeps compiled modules on disk: a single executable has no modules to cache
//     (its script comes with V8's code cache), so the bundle's does nothing.
import * as fs from "node:fs";
import * as path from "node:path";
import { build, type Plugin } from "esbuild";

const REPO_ROOT = path.resolve(__dirname, "..", "..");
const DIST = path.join(REPO_ROOT, "dist", "provider");

export interface Bundle {
  file: string;
  version: string;
  bytes: number;
  /** The npm packages bundled, each one's directory under node_modules. */
  packages: string[];
}

/** Loads a dist/ module and checks it exports exactly the names the bundle replaces. */
function distModule<T extends object>(relative: string, names: string[]): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require(path.join(DIST, relative)) as T;
  const exported = Object.keys(loaded).sort();
  if (exported.join() !== [...names].sort().join()) {
    throw new Error(`dist/provider/${relative} exports ${exported.join(", ")}; scripts/release/bundle.ts replaces ${names.join(", ")}: update it`);
  }
  return loaded;
}

function embeddedFiles(): { plugin: Plugin; version: string } {
  const schema = distModule<{ pluginVersion(): string; schemaText(): string }>("native/schema.js", ["pluginVersion", "schemaText"]);
  distModule("engine/process/compile-cache.js", ["saveCompiledModules"]);
  const checks = require(path.join(DIST, "engine", "validated-by.js")) as { checksFingerprint(): string }; // eslint-disable-line @typescript-eslint/no-require-imports
  const version = schema.pluginVersion();
  const replaced: Record<string, string> = {
    [path.join(DIST, "native", "schema.js")]: [
      `"use strict";`,
      `const VERSION = ${JSON.stringify(version)};`,
      `const SCHEMA = ${JSON.stringify(schema.schemaText())};`,
      `exports.pluginVersion = () => VERSION;`,
      `exports.schemaText = () => SCHEMA;`,
    ].join("\n"),
    [path.join(DIST, "engine", "process", "compile-cache.js")]: `"use strict";\nexports.saveCompiledModules = () => {};`,
  };
  const validatedBy = path.join(DIST, "engine", "validated-by.js");
  const plugin: Plugin = {
    name: "tcs-embedded-files",
    setup(on) {
      on.onLoad({ filter: /[\\/]dist[\\/]provider[\\/].*\.js$/ }, (args) => {
        if (replaced[args.path] !== undefined) return { contents: replaced[args.path], loader: "js" };
        if (args.path !== validatedBy) return undefined;
        const source = fs.readFileSync(args.path, "utf8");
        // The module computes its fingerprint once into this variable; set first, it is never computed.
        if (!/^let fingerprint;$/m.test(source))
          throw new Error(`${args.path} no longer keeps its fingerprint in \`let fingerprint;\`: update scripts/release/bundle.ts`);
        return { contents: `${source}\nfingerprint = ${JSON.stringify(checks.checksFingerprint())};\n`, loader: "js" };
      });
    },
  };
  return { plugin, version };
}

/** Bundles dist/provider/native/entry.js (the plugin, and the project's commands) into <outDir>/pulumi-resource-tcs.js. */
export async function bundlePlugin(outDir: string): Promise<Bundle> {
  const main = path.join(DIST, "native", "entry.js");
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: build dist/ first (npm run build)`);
  const { plugin, version } = embeddedFiles();
  const file = path.join(outDir, "pulumi-resource-tcs.js");
  fs.mkdirSync(outDir, { recursive: true });
  const result = await build({
    entryPoints: [main],
    outfile: file,
    bundle: true,
    platform: "node",
    target: "node24",
    format: "cjs",
    // Smaller to parse where no code cache comes with it (every platform but this one's).
    minify: true,
    keepNames: false,
    // The licences of what is bundled are shipped whole (notices.ts).
    legalComments: "none",
    // Read only when the fingerprint is not set, which the bundle sets.
    external: ["zod/package.json"],
    logLevel: "warning",
    plugins: [plugin],
    metafile: true,
  });
  const missing = Object.keys(result.metafile.inputs).filter((input) => input.endsWith(".node"));
  if (missing.length > 0) throw new Error(`the bundle includes native addons (${missing.join(", ")}), which a single executable cannot load`);
  const packages = new Set<string>();
  for (const input of Object.keys(result.metafile.inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) packages.add(path.resolve(REPO_ROOT, match[1]));
  }
  return { file, version, bytes: fs.statSync(file).size, packages: [...packages].sort() };
}
