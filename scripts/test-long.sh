#!/usr/bin/env bash
# The long real-engine runs (npm run test:long, through scripts/env.sh): the model's sequences on the
# real engine, scale and chaos runs, every property's plan, every resource option, and the deeper
# variants of what npm test's e2e project covers once. CI runs it after npm test (.ci/run).
set -euo pipefail
echo "[test:long] $(node --version) · pulumi $(pulumi version)"
# The engine's provider plugin loads the implementation from dist/.
bash scripts/build.sh
# Two cores: two workers, as in npm test (see scripts/test.sh).
NODE_OPTIONS="${NODE_OPTIONS:-} --disable-warning=ExperimentalWarning" jest --ci --maxWorkers=2 "$@" --selectProjects long
