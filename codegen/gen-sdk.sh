#!/usr/bin/env bash
# Generates the tcs language SDKs (sdks/nodejs, sdks/python, sdks/go, sdks/dotnet) from
# provider/native/schema.json with the generators that `pulumi package gen-sdk` uses (codegen/gen-sdk/main.go
# says why not the CLI itself; codegen/gen-sdk-dotnet/main.go why .NET's comes from an older pulumi/pkg).
# Each generator is a Go program, built once and cached by a hash of its sources under the user's
# cache directory, like the CLI in bootstrap-pulumi.sh.
#   bash codegen/gen-sdk.sh           write sdks/<language>/ (each emptied first)
#   bash codegen/gen-sdk.sh --check   generate into a temp dir and fail if sdks/ differs
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCHEMA="$REPO_ROOT/provider/native/schema.json"
SDKS="$REPO_ROOT/sdks"
LANGUAGES=(nodejs python go dotnet)
CACHE_ROOT="${PULUMI_TCS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-tcs}"

log() { echo "[gen-sdk] $*" >&2; }

check=false
case "${1:-}" in
  "") ;;
  --check) check=true ;;
  *) log "usage: bash codegen/gen-sdk.sh [--check]"; exit 2 ;;
esac

[ -f "$SCHEMA" ] || { log "no schema at ${SCHEMA#"$REPO_ROOT/"}; generate it first"; exit 1; }

# shellcheck source=codegen/go-tool.sh
source "$REPO_ROOT/codegen/go-tool.sh"
require_go "the SDK generator"

gen_sdk="$(generator gen-sdk)"
# .NET: pulumi/pkg v3.259.0 has no .NET generator any more; v3.206.0's, in a module of its own.
gen_sdk_dotnet="$(generator gen-sdk-dotnet)"

# The SDKs carry the provider's version, as `pulumi package gen-sdk --version` would give them.
version="$(node -p 'require(process.argv[1]).version' "$REPO_ROOT/package.json")"
langs="$(IFS=,; echo "${LANGUAGES[*]}")"
generate() {
  "$gen_sdk" -version "$version" -languages nodejs,python,go "$SCHEMA" "$1"
  "$gen_sdk_dotnet" -version "$version" "$SCHEMA" "$1"
}

if ! $check; then
  generate "$SDKS"
  log "wrote sdks/{${langs}} from ${SCHEMA#"$REPO_ROOT/"}"
  exit 0
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
generate "$tmp"
stale=false
for lang in "${LANGUAGES[@]}"; do
  # Skip what building or installing an SDK leaves behind (the generated .gitignore files list it).
  if ! diff -r -x node_modules -x bin -x __pycache__ -x '*.pyc' -x .mypy_cache -x dist -x build \
    -x '*.egg-info' -x obj "$tmp/$lang" "$SDKS/$lang" >"$tmp/$lang.diff" 2>&1; then
    stale=true
    sed -e "s#$tmp#<generated>#g" -e "s#$REPO_ROOT/##g" "$tmp/$lang.diff" | head -n 40 >&2
  fi
done
if $stale; then
  log "sdks/ is out of date with ${SCHEMA#"$REPO_ROOT/"}: run npm run gen-sdk"
  exit 1
fi
log "sdks/ is up to date"
