#!/usr/bin/env bash
# Generates every example of the package, written once in Pulumi's PCL (codegen/examples/<name>.pp,
# one per resource and per function), in TypeScript, Python and Go (codegen/gen-examples: the CLI's
# pulumi/pkg) and in C# and YAML (codegen/gen-examples-dotnet-yaml: pulumi/pkg v3.206.0 and
# pulumi-yaml v1.25.0), into codegen/examples/generated/<name>/. The schema's descriptions and the
# docs pages carry them from there. Each example is bound against the schema given: its types, which
# come from the shapes, are all it needs (codegen/run.sh passes one derived without examples).
#   bash codegen/gen-examples.sh <schema.json>           write codegen/examples/generated/ (emptied first)
#   bash codegen/gen-examples.sh <schema.json> --check   generate into a temp dir and fail if it differs
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EXAMPLES="$REPO_ROOT/codegen/examples"
GENERATED="$EXAMPLES/generated"
CACHE_ROOT="${PULUMI_TCS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-tcs}"

log() { echo "[gen-examples] $*" >&2; }

schema="${1:-}"
check=false
case "${2:-}" in
  "") ;;
  --check) check=true ;;
  *) schema="" ;;
esac
[ -n "$schema" ] && [ -f "$schema" ] || { log "usage: bash codegen/gen-examples.sh <schema.json> [--check]"; exit 2; }
# shellcheck source=codegen/go-tool.sh
source "$REPO_ROOT/codegen/go-tool.sh"
require_go "the example generators"

gen_examples="$(generator gen-examples)"
gen_examples_dotnet_yaml="$(generator gen-examples-dotnet-yaml)"
version="$(node -p 'require(process.argv[1]).version' "$REPO_ROOT/package.json")"
generate() {
  "$gen_examples" -version "$version" "$schema" "$EXAMPLES" "$1"
  "$gen_examples_dotnet_yaml" -version "$version" "$schema" "$EXAMPLES" "$1"
}

if ! $check; then
  rm -rf "$GENERATED"
  generate "$GENERATED"
  log "wrote codegen/examples/generated/ ($(find "$GENERATED" -type f | wc -l) files from $(find "$EXAMPLES" -maxdepth 1 -name '*.pp' | wc -l) examples)"
  exit 0
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
generate "$tmp/generated"
if ! diff -r "$tmp/generated" "$GENERATED" >"$tmp/diff" 2>&1; then
  sed -e "s#$tmp/##g" -e "s#$REPO_ROOT/##g" "$tmp/diff" | head -n 40 >&2
  log "codegen/examples/generated/ is out of date with codegen/examples/*.pp: run npm run codegen"
  exit 1
fi
log "codegen/examples/generated/ is up to date"
