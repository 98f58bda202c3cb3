#!/usr/bin/env bash
# The whole test suite, as CI runs it: type-check, build dist/ (the engine's provider plugin loads the
# implementation from there), then every jest project. Run through scripts/env.sh (npm test).
set -euo pipefail
echo "[test] $(node --version) · pulumi $(pulumi version)"
tsc -p tsconfig.json --noEmit
# The policy pack is plain JavaScript (the analyzer runs it with no TypeScript loader), checked by its JSDoc types.
tsc -p policy/tsconfig.check.json
tsc -p tsconfig.build.json
# Two cores: two workers; the engine runs its own processes beside them.
jest --ci --maxWorkers=2 "$@"
