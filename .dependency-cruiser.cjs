// The repository's import boundaries, checked by dependency-cruiser (`npm run lint:deps`; the test
// test/integration/provider/layering.test.ts runs it on the tree in npm test, and proves each rule below can
// fail by feeding it a file that breaks that rule alone). Layers (docs/architecture.md, "Layers"):
// the shapes below everything; the engine (provider/engine/) above them; the two doors on top,
// apart from each other: the dynamic door (provider/dynamic/) and the native door (provider/native/).
// The SDK (sdk/) is reached through its public entry only; code generation (codegen/) is never loaded
// at run time; the emulator shares no code with the provider.
// Every rule names the edges it forbids between repository files; type-only imports count (a type
// from the wrong layer is the first step of a value from it), except in the two rules about what a
// module costs at run time (program-side-light, drift-report-light). What a module loads at run time (lazy
// `require`s and `import()`s included) is measured by test/integration/provider/what-a-program-loads.test.ts.

/** The runtime: what the installed package holds (tsconfig.build.json). */
const RUNTIME = "^(sdk|provider|emulator|policy)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-provider-cycle",
      severity: "error",
      comment:
        "An import loop in provider/ makes load order decide what a module sees (an export read before it is " +
        "set is undefined): a layer that imports the one above it is the usual cause.",
      from: { path: "^provider/" },
      to: { circular: true },
    },
    {
      name: "plugin-entry-not-to-shim",
      severity: "error",
      comment:
        "The shim (provider/dynamic/shim.ts) is text that the engine's plugin runs, requiring the plugin's " +
        "entry (provider/impl.ts) by its package path, a string no import graph sees: if that entry reached the " +
        "shim, the two would form a loop.",
      from: { path: "^provider/impl\\.ts$" },
      to: { path: "^provider/dynamic/shim\\.ts$", reachable: true },
    },
    {
      name: "shapes-only-below",
      severity: "error",
      comment:
        "The shapes are below everything (both doors, the engine, codegen and the drift report read them): " +
        "they import only each other and the type tokens, never a layer above them.",
      from: { path: "^provider/shapes/" },
      to: {
        path: "^(sdk|provider|emulator|policy|codegen|scripts|test|examples)/",
        pathNot: "^provider/(shapes/|type-tokens\\.ts$)",
      },
    },
    {
      name: "type-tokens-import-nothing",
      severity: "error",
      comment: "The type tokens are read by every layer, the shapes included: they import no file of the repository.",
      from: { path: "^provider/type-tokens\\.ts$" },
      to: { path: "^(sdk|provider|emulator|policy|codegen|scripts|test|examples)/" },
    },
    {
      name: "dynamic-door-not-to-native",
      severity: "error",
      comment: "A door only translates: what both doors need lives below them, never in the other door.",
      from: { path: "^provider/dynamic/" },
      to: { path: "^provider/native/" },
    },
    {
      name: "native-door-not-to-dynamic",
      severity: "error",
      comment: "A door only translates: what both doors need lives below them, never in the other door.",
      from: { path: "^provider/native/" },
      to: { path: "^provider/dynamic/" },
    },
    {
      name: "engine-not-to-doors",
      severity: "error",
      comment:
        "The engine is what both doors run, and speaks its own result types: it imports neither door, nor the " +
        "dynamic plugin's entry (provider/impl.ts), which loads the dynamic door.",
      from: { path: "^provider/engine/" },
      to: { path: "^provider/(dynamic/|native/|impl\\.ts$)" },
    },
    {
      name: "program-side-not-to-engine",
      severity: "error",
      comment:
        "The dynamic door's resource classes and lookups run in the user's program, which must not pay for the " +
        "engine: only serve.ts, which hands the engine to the plugin's process, imports it.",
      from: { path: "^provider/dynamic/", pathNot: "^provider/dynamic/serve\\.ts$" },
      to: { path: "^provider/engine/" },
    },
    {
      name: "program-side-not-to-plugin-entry",
      severity: "error",
      comment:
        "The plugin's entry (provider/impl.ts) runs in the engine's plugin process, loaded by the shim's text at " +
        "run time: no module of the dynamic door imports it.",
      from: { path: "^provider/dynamic/" },
      to: { path: "^provider/impl\\.ts$" },
    },
    {
      name: "program-side-light",
      severity: "error",
      comment:
        'Declaring resources (the dynamic door\'s classes, `import * as tcs from "pulumi-tcs"`) must not load the ' +
        "SDK, its HTTP client (undici), zod or the config schema validator (ajv): the program's process pays for " +
        "every module, on every preview. The door names them in types only, or loads them on first use " +
        "(`import()`), as the lookups do. This rule sees the door's own imports; the integration test measures " +
        "what the door loads through the modules it imports.",
      from: { path: "^provider/(index\\.ts$|dynamic/)", pathNot: "^provider/dynamic/serve\\.ts$" },
      to: {
        path: ["^sdk/", "(^|/)node_modules/(undici|zod|ajv|ajv-formats)/"],
        dependencyTypesNot: ["type-only", "dynamic-import"],
      },
    },
    {
      name: "drift-report-light",
      severity: "error",
      comment:
        "The drift report (its classifier, report and rendering) reads the shapes and the connections' names " +
        "only: no package at all (not even zod), no SDK, no engine, so that the report costs nothing beyond the " +
        "refresh it reads. Types only otherwise. The integration test measures what it loads through the modules " +
        "it imports.",
      from: { path: "^provider/cli/drift/(classify|report|render)\\.ts$" },
      to: {
        path: ["^sdk/", "^provider/engine/", "(^|/)node_modules/"],
        dependencyTypesNot: ["type-only", "dynamic-import"],
      },
    },
    {
      name: "runtime-not-to-codegen",
      severity: "error",
      comment:
        "Code generation (codegen/) writes derived artifacts and is not installed with the package: nothing the " +
        "package installs imports it.",
      from: { path: RUNTIME },
      to: { path: "^codegen/" },
    },
    {
      name: "sdk-public-api-only",
      severity: "error",
      comment:
        "The SDK is a library with one public entry (sdk/index.ts, the package's `pulumi-tcs/sdk`): the provider " +
        "and the policy pack use what it exports, so its internals (core/, internal/, resources/...) can change " +
        "without breaking them.",
      from: { path: "^(provider|policy)/" },
      to: { path: "^sdk/", pathNot: "^sdk/index\\.ts$" },
    },
    {
      name: "sdk-knows-no-pulumi",
      severity: "error",
      comment:
        "The SDK is a typed client of the REST API that knows nothing of Pulumi: it imports no Pulumi package and " +
        "no file of the provider, the policy pack, codegen or the emulator.",
      from: { path: "^sdk/" },
      to: { path: ["^(provider|policy|codegen|emulator)/", "(^|/)node_modules/@pulumi/"] },
    },
    {
      name: "emulator-shares-no-code",
      severity: "error",
      comment:
        "The emulator is an independent implementation of the service, so that tests against it test the " +
        "provider's reading of the contract rather than the provider's own code: it imports nothing from the SDK, " +
        "the provider, the policy pack or codegen, and they import nothing from it.",
      from: { path: "^emulator/" },
      to: { path: "^(sdk|provider|policy|codegen)/" },
    },
    {
      name: "runtime-not-to-emulator",
      severity: "error",
      comment:
        "The emulator is an independent implementation of the service (see emulator-shares-no-code): the SDK, " +
        "the provider and the policy pack import nothing from it.",
      from: { path: "^(sdk|provider|policy)/" },
      to: { path: "^emulator/" },
    },
  ],
  options: {
    // The runtime and codegen are what the rules speak of; tests, scripts and examples import freely.
    includeOnly: "^(sdk|provider|emulator|policy|codegen)/|(^|/)node_modules/",
    doNotFollow: { path: "(^|/)node_modules/" },
    exclude: { path: "\\.d\\.ts$" },
    // Type-only imports are edges too (see above).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
