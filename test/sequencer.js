// The order jest starts the test files in (jest.config.js's testSequencer): the longest first, so that
// the two workers end together instead of one running a long file alone at the end. Jest's own
// sequencer orders by the durations it cached on this machine, and a file it has no duration for (every
// file on a fresh clone, as in CI) by its size, which says little of how long an e2e file runs: the
// model's lifecycle, a small file, ran last. So the files measured slowest come first here, longest
// first, from the figures below; every other file follows in jest's own order (issue 62).
//
// Seconds each file took in `npm test` (jest's JSON report, `npm test -- --json --outputFile=<file>`,
// 2 workers) on this 2-core machine loaded about 8-fold by a CI run beside it, every file of 15 s or
// more; measure again when the slowest files change.
const Sequencer = require("@jest/test-sequencer").default;
const path = require("node:path");

const SLOWEST = {
  "test/model/lifecycle.test.ts": 147,
  "test/e2e/examples.test.ts": 94,
  "test/e2e/provider-lifecycle.test.ts": 94,
  "test/e2e/packaging.test.ts": 85,
  "test/e2e/rate-limit-waits.test.ts": 76,
  "test/e2e/provider-drift-adopt.test.ts": 71,
  "test/e2e/twin-stacks.test.ts": 69,
  "test/e2e/native-yaml.test.ts": 68,
  "test/e2e/examples-two-environments.test.ts": 66,
  "test/e2e/late-commit.test.ts": 62,
  "test/e2e/provider-faults.test.ts": 56,
  "test/e2e/ownership.test.ts": 55,
  "test/e2e/demo.test.ts": 49,
  "test/e2e/native-refusals.test.ts": 47,
  "test/e2e/drift-tool.test.ts": 45,
  "test/e2e/door-move.test.ts": 43,
  "test/e2e/check-failure-values.test.ts": 37,
  "test/e2e/dynamic-environment.test.ts": 36,
  "test/e2e/native-provider-environment.test.ts": 36,
  "test/e2e/readme-commands.test.ts": 35,
  "test/e2e/provider-bad-inputs.test.ts": 33,
  "test/e2e/policy-pack.test.ts": 31,
  "test/e2e/unknown-inputs.test.ts": 31,
  "test/e2e/saved-state.test.ts": 23,
  "test/e2e/generate.test.ts": 21,
  "test/e2e/references-at-preview.test.ts": 19,
  "test/e2e/replace-after-rotation.test.ts": 19,
  "test/e2e/native-nodejs.test.ts": 18,
  "test/e2e/warnings-once.test.ts": 18,
  "test/e2e/stack-moved-backend.test.ts": 17,
  "test/e2e/native-go.test.ts": 16,
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
