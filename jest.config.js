// Five projects so each kind of test can run alone: `jest --selectProjects unit|integration|model|e2e|long`.
// `npm test` runs the first four; `npm run test:long` runs `long` (CI runs both).
// Tests mirror the source: test/unit/{sdk,provider,emulator,policy,codegen,...}, test/integration/{emulator,sdk,provider,...}.
// A unit test starts no process; one that does (a child Node, python3, git, a script) is an integration test.
const transform = {
  "^.+\\.ts$": [
    "@swc/jest",
    { jsc: { target: "es2023", parser: { syntax: "typescript" } }, module: { type: "commonjs" } },
  ],
};
const moduleNameMapper = {
  "^pulumi-tcs$": "<rootDir>/provider/index.ts",
  "^pulumi-tcs/sdk$": "<rootDir>/sdk/index.ts",
  "^pulumi-tcs/emulator$": "<rootDir>/emulator/index.ts",
};
const common = {
  transform,
  moduleNameMapper,
  testEnvironment: "node",
  moduleFileExtensions: ["ts", "js", "json"],
  setupFiles: ["<rootDir>/test/setup-env.ts"],
  setupFilesAfterEnv: ["<rootDir>/test/remove-temp-dirs.ts"],
};

module.exports = {
  // The slowest files first, from a list of measured times (jest's own order knows no time on a fresh clone).
  testSequencer: "<rootDir>/test/sequencer.js",
  projects: [
    { ...common, displayName: "unit", testMatch: ["<rootDir>/test/unit/**/*.test.ts"] },
    // Against a running emulator, in process: its conformance to the contract, the SDK against it, and
    // the provider's plugin side against it; and the tests that start processes of their own.
    { ...common, displayName: "integration", testMatch: ["<rootDir>/test/integration/**/*.test.ts"] },
    // Model-based property tests of plan and apply: the provider's engine over the emulator, in process.
    { ...common, displayName: "model", testMatch: ["<rootDir>/test/model/**/*.test.ts"] },
    // End-to-end tests drive the real pulumi CLI; they are slow, so they get long timeouts.
    // One real-engine test per capability: what a contributor runs before every commit.
    {
      ...common,
      displayName: "e2e",
      testMatch: ["<rootDir>/test/e2e/**/*.test.ts"],
      testEnvironment: "<rootDir>/test/inline-program-environment.js",
      setupFilesAfterEnv: [...common.setupFilesAfterEnv, "<rootDir>/test/e2e/setup.ts"],
    },
    // The long real-engine runs: the model's sequences on the real engine, scale, chaos, every property's
    // plan, every resource option, and the deeper variants of what e2e covers once.
    {
      ...common,
      displayName: "long",
      testMatch: ["<rootDir>/test/long/**/*.test.ts"],
      testEnvironment: "<rootDir>/test/inline-program-environment.js",
      setupFilesAfterEnv: [...common.setupFilesAfterEnv, "<rootDir>/test/e2e/setup.ts"],
    },
  ],
};
