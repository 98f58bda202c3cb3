#!/usr/bin/env bash
# The long real-engine runs (npm run test:long, through scripts/env.sh): the model's sequences on the
# real engine, scale and chaos runs, every property's plan, every resource option, and the deeper
# variants of what npm test's e2e project covers once; and the model's 1,000 random sequences in
# process (test/model/lifecycle.test.ts, 250 in npm test). CI runs it after npm test (.ci/run).
set -euo pipefail
echo "[test:long] $(node --version) · pulumi $(pulumi version)"
source "$(dirname "$0")/compile-cache.sh"
# The engine's provider plugin loads the implementation from dist/.
bash scripts/build.sh
# Three workers on two cores, as in npm test (see scripts/test.sh). The model project's lifecycle, not its
# regressions (npm test runs them whole). Paths given as arguments pick among these files, and come
# before --selectProjects, which would take them for project names.
NODE_OPTIONS="${NODE_OPTIONS:-} --disable-warning=ExperimentalWarning" TCS_MODEL_RUNS="${TCS_MODEL_RUNS:-1000}" \
  jest --ci --maxWorkers=3 "$@" --testPathIgnorePatterns /node_modules/ /test/model/regressions --selectProjects long model
