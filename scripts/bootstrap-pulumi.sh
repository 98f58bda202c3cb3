#!/usr/bin/env bash
# Makes the pinned Pulumi CLI available without downloading a release binary (none can be fetched
# here): use a `pulumi` on PATH when it is new enough, else build it from Go modules once and cache it
# by version under the user's cache directory. Prints the directory holding the `pulumi` binary.
set -euo pipefail

PULUMI_VERSION="${PULUMI_VERSION:-3.259.0}"
CACHE_ROOT="${PULUMI_TCS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-tcs}"
BIN_DIR="$CACHE_ROOT/pulumi-v$PULUMI_VERSION/bin"

log() { echo "[bootstrap-pulumi] $*" >&2; }

version_at_least() { # $1 >= $2, both x.y.z
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]
}

if existing=$(command -v pulumi 2>/dev/null); then
  have=$("$existing" version 2>/dev/null | sed 's/^v//') || have=""
  if [ -n "$have" ] && version_at_least "$have" "$PULUMI_VERSION"; then
    dirname "$existing"
    exit 0
  fi
fi

if [ -x "$BIN_DIR/pulumi" ]; then
  echo "$BIN_DIR"
  exit 0
fi

# Parallel runs (two npm scripts, jest workers) wait for one build instead of racing it.
mkdir -p "$CACHE_ROOT"
exec 9>"$CACHE_ROOT/build-v$PULUMI_VERSION.lock"
if ! flock -n 9; then
  log "another process is building the Pulumi CLI v$PULUMI_VERSION; waiting for it"
  flock 9
fi
if [ -x "$BIN_DIR/pulumi" ]; then
  echo "$BIN_DIR"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  log "Go is needed to build the Pulumi CLI v$PULUMI_VERSION (no release binary can be downloaded here)."
  log "Install Go 1.24 or newer (Debian: 'apt-get install golang-go', or the tarball at /usr/local/go) and run again,"
  log "or put a pulumi >= v$PULUMI_VERSION on PATH."
  exit 1
fi

work="$CACHE_ROOT/build-v$PULUMI_VERSION"
mkdir -p "$work" "$BIN_DIR"
cd "$work"
# A wrapper module: `go install pkg@version` refuses pkg/v3 because of its replace directives, so we
# require it from a module of our own and copy its one non-local replace.
cat > go.mod <<GOMOD
module pulumi-tcs/pulumi-cli-build

go 1.24

require github.com/pulumi/pulumi/pkg/v3 v$PULUMI_VERSION

replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e
GOMOD
cat > tools.go <<'GO'
//go:build tools

package tools

import _ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
GO

start=$(date +%s)
log "building the Pulumi CLI v$PULUMI_VERSION from Go modules (first time only: ~2 min download, ~6 min compile on 2 cores)"
log "step 1/2: resolving and downloading modules"
GOFLAGS=-mod=mod go mod tidy >&2
log "step 2/2: compiling (progress below is the go tool's own)"
tmp_bin="$BIN_DIR/pulumi.partial"
# The go tool names every package it compiles (-v): count them for progress, and keep the whole output
# in a log so that a failed build shows its errors instead of a bare exit code.
build_log="$work/build.log"
if ! go build -v -o "$tmp_bin" \
  -ldflags "-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$PULUMI_VERSION" \
  github.com/pulumi/pulumi/pkg/v3/cmd/pulumi 2>&1 | tee "$build_log" | awk '{ n++; if (n % 200 == 0) printf "[bootstrap-pulumi] compiled %d packages\n", n > "/dev/stderr" }'; then
  log "the build failed; the last lines of $build_log:"
  tail -n 40 "$build_log" >&2
  exit 1
fi
test -x "$tmp_bin"
mv "$tmp_bin" "$BIN_DIR/pulumi"
log "built $("$BIN_DIR/pulumi" version) in $(( $(date +%s) - start ))s -> $BIN_DIR/pulumi"
echo "$BIN_DIR"
