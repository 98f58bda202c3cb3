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
# Everything before the tests, side by side (the CPU is the limit, and none waits for another), each
# one's output printed after it ends: the type-check of everything, the policy pack (policy/) included;
# lint and format, the whole tree clean (npm run lint:fix applies what can be fixed); the build (the
# engine's provider plugin loads dist/, and policy/package.json names dist/policy as the pack's main);
# the schema, SDKs, docs and examples compared with what the shapes give (npm run codegen writes them);
# the YAML language host the native provider's YAML tests run (built once from the Go proxy, cached).
checks="$(mktemp -d)"
trap 'rm -rf "$checks"' EXIT
declare -A pids
start() {
  local name="$1"
  shift
  "$@" > "$checks/$name" 2>&1 &
  pids[$name]=$!
}
start tsc tsc -p tsconfig.json --noEmit
start prettier bash -c 'prettier --check . > /dev/null'
start eslint eslint .
start build bash scripts/build.sh
start codegen bash codegen/run.sh --check
start yaml-host bash -c 'bash scripts/bootstrap-pulumi-yaml.sh > /dev/null'
failed=""
for name in tsc prettier eslint build codegen yaml-host; do
  wait "${pids[$name]}" || failed="$failed $name"
  cat "$checks/$name"
done
[ -z "$failed" ] || { echo "[test] failed:$failed" >&2; exit 1; }
# Three workers on two cores: an e2e file waits on the engine's processes, on timers and on the rate
# limit for part of its time, and a third worker fills that time. The emulator's node:sqlite announces
# itself as experimental in every worker: noise in a test log. The model's random sequences: 150 here,
# the 1,000 of npm run test:model in npm run test:long (CI runs both).
NODE_OPTIONS="${NODE_OPTIONS:-} --disable-warning=ExperimentalWarning" TCS_MODEL_RUNS="${TCS_MODEL_RUNS:-150}" \
  jest --ci --maxWorkers=3 --selectProjects unit integration model e2e "$@"
