// The order jest starts the test files in (jest.config.js's testSequencer): the longest first, so that
// the workers end together instead of one running a long file alone at the end. Jest's own
// sequencer orders by the durations it cached on this machine, and a file it has no duration for (every
// file on a fresh clone, as in CI) by its size, which says little of how long an e2e file runs: the
// model's lifecycle, a small file, ran last. So the files measured slowest come first here, longest
// first, from the figures below; every other file follows in jest's own order (issue 62).
//
// Seconds each file took on this 2-core machine, quiet, every file of 8 s or more: npm test's files from
// jest's JSON report of a fresh clone's run (`npm test -- --json --outputFile=<file>`); test:long's from
// its log, the files split out of e2e files estimated from their CPU; the model's lifecycle at its
// 1,000 sequences of test:long (it is npm test's longest file too). Measure again when the slowest
// files change.
const Sequencer = require("@jest/test-sequencer").default;
const path = require("node:path");

const SLOWEST = {
  "test/long/model-engine.test.ts": 340,
  "test/long/model-engine-native.test.ts": 340,
  "test/model/lifecycle.test.ts": 147,
  "test/long/release-artifacts.test.ts": 145,
  "test/long/resource-options.test.ts": 84,
  "test/long/scale-chaos.test.ts": 82,
  "test/long/scale-devkey.test.ts": 80,
  "test/long/provider-plan-table.test.ts": 57,
  "test/long/provider-lifecycle-whole.test.ts": 50,
  "test/long/late-commit-native.test.ts": 45,
  "test/long/twin-stacks-native.test.ts": 45,
  "test/long/ownership-deeper.test.ts": 35,
  "test/long/one-pulumi-sdk.test.ts": 31,
  "test/long/provider-drift-adopt-deeper.test.ts": 30,
  "test/long/door-move-deeper.test.ts": 28,
  "test/long/native-yaml-deeper.test.ts": 25,
  "test/long/native-provider-environment-deeper.test.ts": 25,
  "test/long/dynamic-environment-deeper.test.ts": 23,
  "test/long/rate-limit-waits-dynamic.test.ts": 20,
  "test/long/check-failure-values-deeper.test.ts": 20,
  "test/long/examples-two-environments-deeper.test.ts": 20,
  "test/long/provider-faults-deeper.test.ts": 18,
  "test/e2e/native-go.test.ts": 22,
  "test/e2e/rate-limit-waits.test.ts": 20,
  "test/e2e/verbose-logs.test.ts": 20,
  "test/e2e/provider-lifecycle.test.ts": 18,
  "test/e2e/packaging.test.ts": 18,
  "test/e2e/provider-bad-inputs.test.ts": 17,
  "test/e2e/import-secrets.test.ts": 16,
  "test/e2e/replace-after-rotation.test.ts": 15,
  "test/e2e/examples.test.ts": 14,
  "test/e2e/saved-state.test.ts": 14,
  "test/e2e/references-at-preview.test.ts": 14,
  "test/e2e/late-commit.test.ts": 12,
  "test/e2e/demo.test.ts": 12,
  "test/e2e/door-move.test.ts": 12,
  "test/integration/provider/create-path.test.ts": 12,
  "test/e2e/provider-drift-adopt.test.ts": 11,
  "test/e2e/native-nodejs.test.ts": 11,
  "test/e2e/import-requests.test.ts": 11,
  "test/e2e/native-yaml.test.ts": 10,
  "test/e2e/twin-stacks.test.ts": 9,
  "test/e2e/ownership.test.ts": 9,
  "test/e2e/stack-moved-backend.test.ts": 9,
  "test/e2e/plugin-old-node.test.ts": 9,
  "test/e2e/native-provider-environment.test.ts": 8,
  "test/e2e/generate.test.ts": 8,
  "test/e2e/warnings-once.test.ts": 8,
};

class LongestFirst extends Sequencer {
  sort(tests) {
    const seconds = (test) =>
      SLOWEST[path.relative(test.context.config.rootDir, test.path).split(path.sep).join("/")] ?? -1;
    // Array.prototype.sort is stable: the files not listed keep jest's order, after the listed ones.
    return [...super.sort(tests)].sort((a, b) => seconds(b) - seconds(a));
  }
}

module.exports = LongestFirst;
