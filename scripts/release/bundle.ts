// The native plugin and everything it loads, as CommonJS scripts with no file to read at run time:
// what a single executable embeds (its main script can require Node's built-in modules only). Built
// from dist/ (tsc's output, which the script plugin runs) with esbuild, in two scripts:
//   - the bundle: native/launch.js and what it loads, which the executable's startup snapshot holds
//     loaded (sea-main.ts);
//   - the lazy bundle: the packages the plugin loads on first use, as a check validates, a read or a
//     write sends its first request, or a config's settings are checked against their provider's JSON
//     Schema (LAZY_PACKAGES). The bundle requires them by name, and the executable's `require` answers
//     from the lazy bundle, evaluated then: out of the snapshot, whose every byte each start reads.
// Three modules read files beside them at run time, and the bundle gets what they would read, computed
// here from the same dist/ modules, so the executable serves the same schema and records the same
// checks' fingerprint as the script plugin (a stack moved from one to the other validates nothing again):
//   - native/schema.js reads package.json and schema.json: the bundle gets the version, and
//     GetSchema's response as it goes on the wire, an asset of the executable (SCHEMA_ASSET) sent as
//     the executable holds it: no schema is built, parsed or even held in the heap at start;
//   - engine/validated-by.js hashes the shapes' files: the bundle gets the hash;
//   - compile-cache.js keeps compiled modules on disk: a single executable has no modules to cache
//     (its script comes with V8's code cache), so the bundle's does nothing.
import * as fs from "node:fs";
import * as path from "node:path";
import { build, type Plugin } from "esbuild";
import { LAZY_ASSET } from "./sea-main";

const REPO_ROOT = path.resolve(__dirname, "..", "..");
const DIST = path.join(REPO_ROOT, "dist", "provider");

export interface Bundle {
  file: string;
  version: string;
  bytes: number;
  /** The lazy bundle: an object whose every key, a specifier the bundle requires, is a function that loads it. */
  lazyBytes: number;
  lazySpecifiers: string[];
  /** The executable's assets beside the bundle (the lazy bundle, the schema's response), by name: their files. */
  assets: Record<string, string>;
  /** The npm packages bundled (in either script), each one's directory under node_modules. */
  packages: string[];
}

/**
 * The packages the plugin loads on first use, never as it starts (the snapshot build fails if one is):
 * zod as a check validates, undici with the first request, ajv as a config's settings are checked
 * against their provider's JSON Schema, and grpc-js's proto-loader (protobufjs) not at all (channelz).
 */
const LAZY_PACKAGES = ["zod", "undici", "ajv", "ajv-formats", "@grpc/proto-loader"];

/** GetSchema's response, an asset of the executable. */
const SCHEMA_ASSET = "schema-response.bin";
const isLazy = (specifier: string) =>
  LAZY_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** Loads a dist/ module and checks it exports exactly the names the bundle replaces. */
function distModule<T extends object>(relative: string, names: string[]): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require(path.join(DIST, relative)) as T;
  const exported = Object.keys(loaded).sort();
  if (exported.join() !== [...names].sort().join()) {
    throw new Error(
      `dist/provider/${relative} exports ${exported.join(", ")}; scripts/release/bundle.ts replaces ${names.join(", ")}: update it`,
    );
  }
  return loaded;
}

function embeddedFiles(outDir: string): { plugin: Plugin; version: string; schemaFile: string } {
  const schema = distModule<{ pluginVersion(): string; schemaText(): string; schemaResponse(): Buffer }>(
    "native/schema.js",
    ["pluginVersion", "schemaResponse", "schemaText"],
  );
  distModule("engine/process/compile-cache.js", ["saveCompiledModules"]);
  const checks = require(path.join(DIST, "engine", "validated-by.js")) as { checksFingerprint(): string }; // eslint-disable-line @typescript-eslint/no-require-imports
  const version = schema.pluginVersion();
  const schemaFile = path.join(outDir, SCHEMA_ASSET);
  fs.writeFileSync(schemaFile, schema.schemaResponse());
  const textAt = schema.schemaResponse().length - Buffer.byteLength(schema.schemaText());
  const replaced: Record<string, string> = {
    [path.join(DIST, "native", "schema.js")]: [
      `"use strict";`,
      `const VERSION = ${JSON.stringify(version)};`,
      `let response;`,
      `exports.pluginVersion = () => VERSION;`,
      // A view of the asset where the executable holds it, made at the first GetSchema.
      `exports.schemaResponse = () => (response ??= Buffer.from(require("node:sea").getRawAsset(${JSON.stringify(SCHEMA_ASSET)})));`,
      `exports.schemaText = () => exports.schemaResponse().subarray(${textAt}).toString("utf8");`,
    ].join("\n"),
    [path.join(DIST, "engine", "process", "compile-cache.js")]:
      `"use strict";\nexports.saveCompiledModules = () => {};`,
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
          throw new Error(
            `${args.path} no longer keeps its fingerprint in \`let fingerprint;\`: update scripts/release/bundle.ts`,
          );
        return { contents: `${source}\nfingerprint = ${JSON.stringify(checks.checksFingerprint())};\n`, loader: "js" };
      });
    },
  };
  return { plugin, version, schemaFile };
}

/** The packages of an esbuild metafile's inputs, each one's directory under node_modules. */
function packagesOf(inputs: Record<string, unknown>): string[] {
  const missing = Object.keys(inputs).filter((input) => input.endsWith(".node"));
  if (missing.length > 0)
    throw new Error(`the bundle includes native addons (${missing.join(", ")}), which a single executable cannot load`);
  const packages = new Set<string>();
  for (const input of Object.keys(inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) packages.add(path.resolve(REPO_ROOT, match[1]));
  }
  return [...packages];
}

const COMMON = {
  bundle: true,
  platform: "node",
  target: "node24",
  format: "cjs",
  // Smaller to parse, and to hold in the snapshot.
  minify: true,
  keepNames: false,
  // The licences of what is bundled are shipped whole (notices.ts).
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
} as const;

/**
 * Bundles dist/provider/native/launch.js (the plugin, and the project's commands) into
 * <outDir>/pulumi-resource-tcs.js, and the packages it loads on first use into
 * <outDir>/pulumi-resource-tcs-lazy.js.
 */
export async function bundlePlugin(outDir: string): Promise<Bundle> {
  const main = path.join(DIST, "native", "launch.js");
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: build dist/ first (npm run build)`);
  fs.mkdirSync(outDir, { recursive: true });
  const { plugin, version, schemaFile } = embeddedFiles(outDir);
  const file = path.join(outDir, "pulumi-resource-tcs.js");
  const lazyFile = path.join(outDir, "pulumi-resource-tcs-lazy.js");
  const lazySpecifiers = new Set<string>();
  const lazyPackages: Plugin = {
    name: "tcs-lazy-packages",
    setup(on) {
      on.onResolve({ filter: /^[^./]/ }, (args) => {
        // validated-by.js's require.resolve("zod/package.json") is left to `external`: never reached.
        if (!isLazy(args.path) || args.path.endsWith("/package.json")) return undefined;
        lazySpecifiers.add(args.path);
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    ...COMMON,
    entryPoints: [main],
    outfile: file,
    // Read only when the fingerprint is not set, which the bundle sets.
    external: ["zod/package.json"],
    plugins: [plugin, lazyPackages],
  });
  const specifiers = [...lazySpecifiers].sort();
  const lazy = await build({
    ...COMMON,
    stdin: {
      contents: `module.exports = {\n${specifiers.map((specifier) => `  ${JSON.stringify(specifier)}: () => require(${JSON.stringify(specifier)}),`).join("\n")}\n};\n`,
      resolveDir: REPO_ROOT,
      sourcefile: "lazy-packages.js",
      loader: "js",
    },
    outfile: lazyFile,
  });
  const packages = new Set([...packagesOf(result.metafile.inputs), ...packagesOf(lazy.metafile.inputs)]);
  return {
    file,
    version,
    bytes: fs.statSync(file).size,
    lazyBytes: fs.statSync(lazyFile).size,
    lazySpecifiers: specifiers,
    assets: { [LAZY_ASSET]: lazyFile, [SCHEMA_ASSET]: schemaFile },
    packages: [...packages].sort(),
  };
}
