#!/usr/bin/env bash
# The whole test suite, as CI runs it: type-check, build dist/ (the engine's provider plugin loads the
# implementation from there), then every jest project. Run through scripts/env.sh (npm test).
set -euo pipefail
echo "[test] $(node --version) · pulumi $(pulumi version)"
# Type-checks everything, the policy pack (policy/) included; the build compiles the pack into
# dist/policy, which policy/package.json names as the pack's main.
tsc -p tsconfig.json --noEmit
# Lint and format: the whole tree clean (npm run lint:fix applies what can be fixed).
eslint .
prettier --check . > /dev/null
tsc -p tsconfig.build.json
# Two cores: two workers; the engine runs its own processes beside them. The emulator's node:sqlite
# announces itself as experimental in every worker: noise in a test log.
NODE_OPTIONS="${NODE_OPTIONS:-} --disable-warning=ExperimentalWarning" jest --ci --maxWorkers=2 "$@"
