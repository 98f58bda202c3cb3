// The order jest starts the test files in (jest.config.js's testSequencer): the longest first, so that
// the two workers end together instead of one running a long file alone at the end. Jest's own
// sequencer orders by the durations it cached on this machine, and a file it has no duration for (every
// file on a fresh clone, as in CI) by its size, which says little of how long an e2e file runs: the
// model's lifecycle, a small file, ran last. So the files measured slowest come first here, longest
// first, from the figures below; every other file follows in jest's own order (issue 62).
//
// Seconds each file took in `npm test` (jest's JSON report, 2 workers), on this 2-core machine loaded
// about 10-fold by a CI run beside it; measured again when the slowest files change.
const Sequencer = require("@jest/test-sequencer").default;
const path = require("node:path");

const SLOWEST = {
  "test/model/lifecycle.test.ts": 250,
  "test/e2e/examples.test.ts": 150,
  "test/e2e/dynamic-environment.test.ts": 137,
  "test/e2e/provider-drift-adopt.test.ts": 128,
  "test/e2e/drift-tool.test.ts": 125,
  "test/e2e/twin-stacks.test.ts": 105,
  "test/e2e/provider-lifecycle.test.ts": 94,
  "test/e2e/native-refusals.test.ts": 88,
  "test/e2e/provider-faults.test.ts": 87,
  "test/e2e/check-failure-values.test.ts": 87,
  "test/e2e/demo.test.ts": 85,
  "test/e2e/native-yaml.test.ts": 81,
  "test/e2e/packaging.test.ts": 78,
  "test/e2e/examples-two-environments.test.ts": 75,
  "test/e2e/plans-show-user-fields.test.ts": 72,
  "test/e2e/warnings-once.test.ts": 71,
  "test/e2e/ownership.test.ts": 70,
  "test/e2e/late-commit.test.ts": 69,
  "test/e2e/unknown-inputs.test.ts": 66,
  "test/e2e/generate.test.ts": 64,
  "test/e2e/readme-commands.test.ts": 59,
  "test/e2e/rate-limit-waits.test.ts": 57,
  "test/e2e/provider-bad-inputs.test.ts": 57,
  "test/e2e/native-provider-environment.test.ts": 55,
  "test/e2e/door-move.test.ts": 54,
  "test/e2e/native-nodejs.test.ts": 48,
  "test/e2e/native-go.test.ts": 48,
  "test/e2e/import-secrets.test.ts": 44,
  "test/e2e/import-requests.test.ts": 40,
  "test/e2e/plugin-old-node.test.ts": 40,
  "test/e2e/policy-pack.test.ts": 39,
  "test/e2e/stack-moved-backend.test.ts": 38,
  "test/e2e/saved-state.test.ts": 38,
  "test/e2e/references-at-preview.test.ts": 36,
  "test/e2e/replace-after-rotation.test.ts": 33,
};

class LongestFirst extends Sequencer {
  sort(tests) {
    const seconds = (test) => SLOWEST[path.relative(test.context.config.rootDir, test.path).split(path.sep).join("/")] ?? -1;
    // Array.prototype.sort is stable: the files not listed keep jest's order, after the listed ones.
    return [...super.sort(tests)].sort((a, b) => seconds(b) - seconds(a));
  }
}

module.exports = LongestFirst;
