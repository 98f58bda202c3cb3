// The main script of the plugin's single executable. Two kinds:
//   - with a V8 startup snapshot (this machine's platform, the one whose runtime can make it): the
//     bundle runs once, when the executable is built, until every module serving the provider needs is
//     loaded (launch.ts: preloadPlugin); Node keeps the heap as it is then, and every start of the
//     executable begins from it, running only launch() with the engine's arguments. No module is
//     compiled or evaluated at start: the start is Node's own, the snapshot's pages and the listener,
//     and Node's HTTP/2 modules (below) once the port is out (native/main.ts);
//   - without (every other platform: a snapshot is made by the runtime that runs it): the bundle is an
//     asset, evaluated at every start.
// Both keep the packages the plugin loads on first use (zod, undici, ajv: bundle.ts) in an asset of
// their own, evaluated when first required: out of the snapshot, whose size every start pays for.
//
// What a snapshot cannot hold, and how it is dealt with:
//   - Node's http, http2, https and tls modules hold handles of their bindings (V8 refuses to write
//     them). The bundle's `require` gives it stand-ins for them while the snapshot is made, holding only
//     the `constants` grpc-js reads as it loads; from the first start on, each stand-in forwards to the
//     real module, which Node loads then. Any other read of them while the snapshot is made fails the
//     build, naming it;
//   - what the modules read from the environment as they load would be the build machine's. Each name
//     read is listed below with what it means to the plugin, and the build fails on a name not listed
//     (it is made with an empty environment, so each was unset). A start whose environment sets one
//     that changes the plugin's behaviour evaluates the bundle afresh instead (as the executable of
//     every other platform does), so it behaves as it always did;
//   - open handles (the server, the engine watch, stdin, timers) are made by launch(), after the start.

export const BUNDLE_ASSET = "pulumi-resource-tcs.js";
export const LAZY_ASSET = "pulumi-resource-tcs-lazy.js";

/** Node's modules that cannot be in a snapshot (their bindings' handles), loaded at the first start that uses them. */
export const DEFERRED_MODULES = ["http", "http2", "https", "tls"] as const;

/**
 * Node's modules every start loads beside the deferred ones, loaded into the snapshot with the bundle:
 * net's listen loads cluster (and child_process and dgram with it), http2 loads assert and
 * fs/promises, and a check of unchanged inputs compares them (util.isDeepStrictEqual loads its module
 * on first use). And the regular expressions the listen runs (net's address checks), compiled once.
 */
const AT_START = `for (const name of ["assert", "cluster", "fs/promises"]) require(name);
require("node:util").isDeepStrictEqual([], []);
require("node:net").isIPv6("fe80::1");
require("node:net").isIPv4("127.0.0.1");`;

/**
 * Every name the bundle's modules read from the environment as they load (all grpc-js's), and what it
 * means to the plugin: `fresh`, it changes what the plugin does (gRPC's logging and traces, the
 * details of errors the server sends, the client channel's resolver and load balancing), so a start
 * that sets it evaluates the bundle afresh; `unused`, it configures TLS credentials, which the plugin
 * never makes (its server and its client to the engine are plain, on loopback).
 */
export const ENVIRONMENT_READ_AT_LOAD: Record<string, "fresh" | "unused"> = {
  GRPC_NODE_VERBOSITY: "fresh",
  GRPC_VERBOSITY: "fresh",
  GRPC_NODE_TRACE: "fresh",
  GRPC_TRACE: "fresh",
  GRPC_NODE_DEBUG_SEND_ERROR_DETAILS: "fresh",
  GRPC_NODE_USE_ALTERNATIVE_RESOLVER: "fresh",
  GRPC_EXPERIMENTAL_ENABLE_OUTLIER_DETECTION: "fresh",
  GRPC_SSL_CIPHER_SUITES: "unused",
  GRPC_DEFAULT_SSL_ROOTS_FILE_PATH: "unused",
};

/**
 * The runtime's part shared by both kinds: `builtin` (a Node module, loaded with no warning: the
 * snapshot builder's own `require` warns about modules it has not verified), `lazy` (a package of the
 * lazy asset, which it evaluates on first use) and `bundleRequire`, the `require` the bundle gets.
 */
function runtimeScript(lazySpecifiers: readonly string[]): string {
  return `const LAZY = new Set(${JSON.stringify(lazySpecifiers)});
function builtin(id) {
  const found = process.getBuiltinModule(id);
  if (found === undefined) throw Object.assign(new Error("Cannot find module '" + id + "'"), { code: "MODULE_NOT_FOUND" });
  return found;
}
function evaluate(source, filename, require) {
  const bundled = { exports: {} };
  const script = new (builtin("node:vm").Script)("(function (exports, require, module, __filename, __dirname) {" + source + "\\n})", { filename });
  script.runInThisContext()(bundled.exports, require, bundled, filename, builtin("node:path").dirname(filename));
  return bundled.exports;
}
function asset(name) {
  return new TextDecoder().decode(builtin("node:sea").getRawAsset(name));
}
let lazyPackages;
function lazy(id) {
  lazyPackages ??= evaluate(asset(${JSON.stringify(LAZY_ASSET)}), process.execPath, builtin);
  return lazyPackages[id]();
}
`;
}

/** The main script of an executable without a snapshot: the bundle from its assets, evaluated at every start. */
export function plainMainScript(lazySpecifiers: readonly string[]): string {
  return `"use strict";
${runtimeScript(lazySpecifiers)}
const bundleRequire = (id) => (LAZY.has(id) ? lazy(id) : builtin(id));
evaluate(asset(${JSON.stringify(BUNDLE_ASSET)}), process.execPath, bundleRequire).launch(process.argv.slice(2));
`;
}

/**
 * The main script of an executable with a snapshot, run once by the snapshot builder: the bundle's
 * source inline, `deferredAtBuild` what each deferred module's stand-in answers meanwhile.
 */
export function snapshotMainScript(
  bundleSource: string,
  lazySpecifiers: readonly string[],
  deferredAtBuild: Record<string, Record<string, unknown>>,
): string {
  return `"use strict";
const v8 = require("node:v8");
${runtimeScript(lazySpecifiers)}
const ENVIRONMENT_READ_AT_LOAD = ${JSON.stringify(ENVIRONMENT_READ_AT_LOAD)};
const AT_BUILD = ${JSON.stringify(deferredAtBuild)};
let started = false;
function standIn(name) {
  let real;
  const target = () => (real ??= builtin(name));
  return new Proxy({}, {
    get(_standIn, key) {
      if (started) return target()[key];
      if (Object.hasOwn(AT_BUILD[name], key)) return AT_BUILD[name][key];
      throw new Error("node:" + name + "." + String(key) + " was read while the snapshot was made: scripts/release/sea-main.ts must give it");
    },
    has: (_standIn, key) => key in target(),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor(_standIn, key) {
      const found = Reflect.getOwnPropertyDescriptor(target(), key);
      return found && { ...found, configurable: true };
    },
  });
}
const standIns = new Map(Object.keys(AT_BUILD).map((name) => [name, standIn(name)]));
function bundleRequire(id) {
  if (LAZY.has(id)) {
    if (!started) throw new Error(id + " was required while the snapshot was made: it is one of the packages the plugin loads on first use (scripts/release/bundle.ts)");
    return lazy(id);
  }
  if (started) return builtin(id);
  const name = id.startsWith("node:") ? id.slice(5) : id;
  return standIns.get(name) ?? require(id);
}

const bundle = function (exports, require, module, __filename, __dirname) {
${bundleSource}
};
const environment = process.env;
const read = new Set();
// The bundle's reads; Node's own (its warnings' colours, say) are Node's business.
function record(key) {
  if (typeof key !== "string") return;
  const holder = {};
  Error.captureStackTrace(holder, record);
  const caller = holder.stack.split("\\n")[2] ?? "";
  if (!/[( ]node:/.test(caller)) read.add(key);
}
process.env = new Proxy(environment, {
  get(target, key) {
    record(key);
    return Reflect.get(target, key);
  },
  has(target, key) {
    record(key);
    return Reflect.has(target, key);
  },
});
${AT_START}
let bundled = { exports: {} };
try {
  bundle(bundled.exports, bundleRequire, bundled, "pulumi-resource-tcs.js", ".");
  bundled.exports.preloadPlugin();
} finally {
  process.env = environment;
}
for (const name of read) {
  if (!Object.hasOwn(ENVIRONMENT_READ_AT_LOAD, name)) throw new Error("the plugin's modules read " + name + " from the environment as they load: scripts/release/sea-main.ts must say what it means to the snapshot");
  if (environment[name] !== undefined) throw new Error(name + " is set where the snapshot is made: make it with an empty environment");
}
const fresh = [...read].filter((name) => ENVIRONMENT_READ_AT_LOAD[name] === "fresh");

v8.startupSnapshot.setDeserializeMainFunction(() => {
  started = true;
  if (fresh.some((name) => process.env[name] !== undefined)) {
    bundled = { exports: {} };
    const again = builtin("node:vm").runInThisContext("(" + bundle.toString() + ")", { filename: process.execPath });
    again(bundled.exports, bundleRequire, bundled, process.execPath, builtin("node:path").dirname(process.execPath));
  }
  bundled.exports.launch(process.argv.slice(2));
});
`;
}
