#!/usr/bin/env bash
# Runs a command in the project's offline environment, setting it up first when needed:
#   1. npm dependencies (installed again whenever package-lock.json changes),
#   2. Node >= 22 first on PATH (Node 24 from the npm registry when the system Node is older),
#   3. the pinned Pulumi CLI and the engine's Node plugins on PATH,
#   4. a file backend under .pulumi/, a local passphrase, no update checks, no plugin downloads.
# Usage: bash scripts/env.sh <command> [args...]
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NODE_VERSION_PINNED="24.11.1"
CACHE_ROOT="${PULUMI_TCS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-tcs}"
log() { echo "[env] $*" >&2; }

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

# --- Node ---------------------------------------------------------------------------------------
# @pulumi/pulumi needs Node >= 22. The dynamic provider plugin runs `node` from PATH, so the right
# Node must come first on PATH for the engine's child processes too, not just for this shell.
system_node="$(command -v node || true)"
if [ -z "$system_node" ] || [ "$(node_major "$system_node")" -lt 22 ]; then
  node_dir="$CACHE_ROOT/node-v$NODE_VERSION_PINNED"
  case "$(uname -m)" in x86_64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) arch="$(uname -m)" ;; esac
  node_bin="$node_dir/node_modules/node-linux-$arch/bin"
  if [ ! -x "$node_bin/node" ]; then
    # The registry's Node builds used here are Linux ones; elsewhere a Node >= 22 must be installed.
    [ "$(uname -s)" = Linux ] || { log "Node >= 22 is needed (found ${system_node:-none}); install Node 22 or newer and run again."; exit 1; }
    command -v npm >/dev/null || { log "npm is needed to fetch Node $NODE_VERSION_PINNED; install Node.js (any version with npm) first."; exit 1; }
    found="missing"; [ -z "$system_node" ] || found="$("$system_node" --version) ($system_node)"
    log "system Node is $found; fetching Node $NODE_VERSION_PINNED from the npm registry (once)"
    mkdir -p "$node_dir"
    npm install --silent --no-save --no-audit --no-fund --prefix "$node_dir" "node-linux-$arch@$NODE_VERSION_PINNED" >&2
  fi
  export PATH="$node_bin:$PATH"
fi

# --- npm dependencies ---------------------------------------------------------------------------
cd "$REPO_ROOT"
stamp="node_modules/.pulumi-tcs-lock-stamp"
lock_hash="$(sha256sum package-lock.json | cut -c1-64)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_hash" ]; then
  log "installing npm dependencies from package-lock.json"
  # Not `npm ci`: npm 11 rejects lockfiles that record only this platform's optional native packages
  # (npm/cli#4828, #9083). `install --no-save` installs the locked versions and leaves the lock alone.
  npm install --no-save --no-audit --no-fund --loglevel=error >&2
  echo "$lock_hash" > "$stamp"
fi
# The engine's provider plugin loads our implementation with require("pulumi-tcs/..."), resolved from
# its working directory, exactly as in a user's project where the package is installed. Inside this
# repo the package is the repo itself, so link it in (dist/ must be built: `npm run build`).
[ -L node_modules/pulumi-tcs ] || ln -sfn .. node_modules/pulumi-tcs

# --- Pulumi CLI and plugins ---------------------------------------------------------------------
pulumi_dir="$(bash "$REPO_ROOT/scripts/bootstrap-pulumi.sh")"
# The engine expects its bundled dynamic-provider plugin next to the pulumi binary (official installs
# ship it there) and warns on every run when it is found elsewhere on PATH. The CLI built here has
# none, so put the one that ships in the root of @pulumi/pulumi beside it (it finds @pulumi/pulumi
# from the working directory, so one copy serves any project).
if [ ! -x "$pulumi_dir/pulumi-resource-pulumi-nodejs" ] && [ -w "$pulumi_dir" ]; then
  cp "$REPO_ROOT/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs" "$pulumi_dir/"
  chmod +x "$pulumi_dir/pulumi-resource-pulumi-nodejs"
fi
# The policy analyzer shim is ours (scripts/bin).
export PATH="$REPO_ROOT/node_modules/.bin:$REPO_ROOT/scripts/bin:$pulumi_dir:$PATH"

# --- Offline engine settings --------------------------------------------------------------------
export PULUMI_HOME="${PULUMI_HOME:-$REPO_ROOT/.pulumi/home}"
export PULUMI_BACKEND_URL="${PULUMI_BACKEND_URL:-file://$REPO_ROOT/.pulumi/backend}"
# A documented, local-only passphrase for the file backend's secrets provider (docs/development.md: "Local state").
export PULUMI_CONFIG_PASSPHRASE="${PULUMI_CONFIG_PASSPHRASE-tcs-local-passphrase}"
export PULUMI_SKIP_UPDATE_CHECK=true
export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
export PULUMI_TCS_REPO_ROOT="$REPO_ROOT"
mkdir -p "$PULUMI_HOME" "${PULUMI_BACKEND_URL#file://}"

exec "$@"
