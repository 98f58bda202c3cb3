#!/usr/bin/env bash
# What a contributor runs before every commit (npm test, through scripts/env.sh): type-check, lint,
# build dist/ (the engine's provider plugin loads the implementation from there), then the unit,
# integration and model projects and one real-engine test per capability (e2e). The long real-engine
# runs are scripts/test-long.sh (npm run test:long); CI runs both (.ci/run).
set -euo pipefail
echo "[test] $(node --version) · pulumi $(pulumi version)"
# Every Node process of the run compiles its modules once: the engine starts a plugin, a dynamic
# provider host and a policy pack afresh for each operation (scripts/compile-cache.sh).
source "$(dirname "$0")/compile-cache.sh"
# Type-checks everything, the policy pack (policy/) included; the build compiles the pack into
# dist/policy, which policy/package.json names as the pack's main. Lint and format: the whole tree
# clean (npm run lint:fix applies what can be fixed). The three side by side, each one process: on 2
# cores about as long as ESLint alone (issue 62); each one's output is printed after it ends.
checks="$(mktemp -d)"
trap 'rm -rf "$checks"' EXIT
tsc -p tsconfig.json --noEmit > "$checks/tsc" 2>&1 &
tsc_pid=$!
prettier --check . 2> "$checks/prettier" > /dev/null &
prettier_pid=$!
eslint . > "$checks/eslint" 2>&1 &
eslint_pid=$!
failed=""
for check in tsc prettier eslint; do
  pid_name="${check}_pid"
  wait "${!pid_name}" || failed="$failed $check"
  cat "$checks/$check"
done
[ -z "$failed" ] || { echo "[test] failed:$failed" >&2; exit 1; }
bash scripts/build.sh
# The schema and the native provider's SDKs are what the shapes give (npm run codegen writes them).
bash codegen/run.sh --check
# The YAML language host the native provider's YAML tests run (built once from the Go proxy, cached).
bash scripts/bootstrap-pulumi-yaml.sh > /dev/null
# Two cores: two workers; the engine runs its own processes beside them. The emulator's node:sqlite
# announces itself as experimental in every worker: noise in a test log. The model's random sequences:
# 150 here, the 1,000 of npm run test:model in npm run test:long (CI runs both).
NODE_OPTIONS="${NODE_OPTIONS:-} --disable-warning=ExperimentalWarning" TCS_MODEL_RUNS="${TCS_MODEL_RUNS:-150}" \
  jest --ci --maxWorkers=2 --selectProjects unit integration model e2e "$@"
