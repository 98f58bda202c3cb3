#!/usr/bin/env bash
# Sourced by the codegen scripts: `require_go <what>` stops without a Go toolchain; `generator <name>`
# builds the Go tool in codegen/<name> once and prints its binary's path. Needs REPO_ROOT, CACHE_ROOT
# and a log function.

# Exits, saying what needs it and how to install it, when there is no Go toolchain.
require_go() {
  command -v go >/dev/null 2>&1 && return 0
  log "Go 1.25.11 or newer is needed to build $1 (Debian: 'apt-get install golang-go', or /usr/local/go)."
  exit 1
}

# Builds the generator in codegen/<name> once, cached in one directory per pulumi/pkg version beside
# the CLI's pulumi-v<version>/ (bootstrap-pulumi.sh), and prints the binary's path.
generator() {
  local name="$1" src="$REPO_ROOT/codegen/$1"
  local pulumi_version cache_dir key bin
  pulumi_version="$(awk '$1 == "github.com/pulumi/pulumi/pkg/v3" { print $2 }' "$src/go.mod")"
  cache_dir="$CACHE_ROOT/$name-$pulumi_version"
  # Any change to the sources, the pinned modules or the Go toolchain makes a new binary.
  key="$( (cat "$src"/*.go "$src/go.mod" "$src/go.sum"; go env GOVERSION) | sha256sum | cut -c1-16)"
  bin="$cache_dir/$name-$key"
  if [ ! -x "$bin" ]; then
    mkdir -p "$cache_dir"
    # Parallel runs (lint and check in two terminals) wait for one build instead of racing it.
    exec 9>"$cache_dir.lock"
    if ! flock -n 9; then
      log "another process is building $name; waiting for it"
      flock 9
    fi
    if [ ! -x "$bin" ]; then
      log "building $name against pulumi/pkg $pulumi_version (first time only: 2-3 min on 2 cores with a cold Go build cache)"
      local start
      start=$(date +%s)
      # -buildvcs=false: the binary needs no VCS stamp, and stamping fails in some checkouts.
      (cd "$src" && GOFLAGS="-mod=readonly -buildvcs=false" go build -o "$bin.partial" .) >&2
      mv "$bin.partial" "$bin"
      # Older builds are dead weight (~40 MB each) once their sources have changed.
      find "$cache_dir" -mindepth 1 -maxdepth 1 -type f -name "$name-*" ! -name "$name-$key" -delete
      log "built in $(( $(date +%s) - start ))s -> $bin"
    fi
    exec 9>&-
  fi
  echo "$bin"
}
