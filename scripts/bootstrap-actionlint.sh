#!/usr/bin/env bash
# Makes actionlint (the GitHub Actions workflow linter) available for the tests of examples/gitops:
# built once from Go modules at a pinned version (no release binary can be downloaded here) and cached
# by version beside the Pulumi CLI. Prints the path of the binary.
set -euo pipefail

ACTIONLINT_VERSION="${ACTIONLINT_VERSION:-1.7.12}"
CACHE_ROOT="${PULUMI_TCS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-tcs}"
BIN_DIR="$CACHE_ROOT/actionlint-v$ACTIONLINT_VERSION/bin"

log() { echo "[bootstrap-actionlint] $*" >&2; }

if [ -x "$BIN_DIR/actionlint" ]; then
  echo "$BIN_DIR/actionlint"
  exit 0
fi

mkdir -p "$CACHE_ROOT"
# Parallel test workers wait for one build instead of racing it.
exec 9>"$CACHE_ROOT/actionlint-v$ACTIONLINT_VERSION.lock"
flock 9
if [ -x "$BIN_DIR/actionlint" ]; then
  echo "$BIN_DIR/actionlint"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  log "Go is needed to build actionlint v$ACTIONLINT_VERSION: install Go 1.24 or newer (Debian: 'apt-get install golang-go')."
  exit 1
fi

log "building actionlint v$ACTIONLINT_VERSION from Go modules (once; cached in $BIN_DIR)"
started=$(date +%s)
mkdir -p "$BIN_DIR"
GOBIN="$BIN_DIR" GOFLAGS=-mod=mod go install "github.com/rhysd/actionlint/cmd/actionlint@v$ACTIONLINT_VERSION"
log "built in $(( $(date +%s) - started )) s"
echo "$BIN_DIR/actionlint"
