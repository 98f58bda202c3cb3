#!/usr/bin/env bash
# Makes the Pulumi YAML language host (pulumi-language-yaml) available, as bootstrap-pulumi.sh does
# the CLI: one on PATH when there is one, else built once from the Go module proxy and cached by
# version (about 6 minutes cold on 2 cores). The cached binary is also put next to the pinned CLI
# (when that directory is writable): the CLI warns on every run about a language host found on PATH
# instead. scripts/test.sh calls this before the tests, so no test waits for a build. Prints the
# directory holding the binary.
set -euo pipefail

YAML_VERSION="${PULUMI_YAML_VERSION:-1.25.0}"
CACHE_ROOT="${PULUMI_TCS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-tcs}"
BIN_DIR="$CACHE_ROOT/pulumi-language-yaml-v$YAML_VERSION/bin"

log() { echo "[bootstrap-pulumi-yaml] $*" >&2; }

if existing=$(command -v pulumi-language-yaml 2>/dev/null); then
  dirname "$existing"
  exit 0
fi
beside_cli() {
  local cli_dir
  cli_dir="$(bash "$(dirname "${BASH_SOURCE[0]}")/bootstrap-pulumi.sh")"
  if [ ! -x "$cli_dir/pulumi-language-yaml" ] && [ -w "$cli_dir" ]; then cp "$BIN_DIR/pulumi-language-yaml" "$cli_dir/"; fi
  echo "$BIN_DIR"
}

if [ -x "$BIN_DIR/pulumi-language-yaml" ]; then
  beside_cli
  exit 0
fi

# Parallel test workers wait for one build instead of racing it.
mkdir -p "$CACHE_ROOT"
exec 9>"$CACHE_ROOT/pulumi-language-yaml-v$YAML_VERSION.lock"
if ! flock -n 9; then
  log "another process is building pulumi-language-yaml v$YAML_VERSION; waiting for it"
  flock 9
fi
if [ -x "$BIN_DIR/pulumi-language-yaml" ]; then
  beside_cli
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  log "Go is needed to build pulumi-language-yaml v$YAML_VERSION (no release binary can be downloaded here)."
  log "Install Go 1.24 or newer and run again, or put a pulumi-language-yaml on PATH."
  exit 1
fi

log "building pulumi-language-yaml v$YAML_VERSION from the Go module proxy (once; about 6 minutes on 2 cores)"
mkdir -p "$BIN_DIR"
started=$SECONDS
# Built in a scratch directory: `go install pkg@version` needs no module of ours.
(cd "$(mktemp -d)" && GOBIN="$BIN_DIR.partial" go install "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml@v$YAML_VERSION") >&2
mv "$BIN_DIR.partial/pulumi-language-yaml" "$BIN_DIR/pulumi-language-yaml"
rmdir "$BIN_DIR.partial"
log "built in $((SECONDS - started)) s"
beside_cli
