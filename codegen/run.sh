#!/usr/bin/env bash
# Regenerates everything derived from the shapes, in order:
#   1. the examples (codegen/gen-examples.sh: codegen/examples/*.pp in every language), bound against
#      the schema's types (the schema derived without examples, in a temp file);
#   2. the schema (codegen/gen-schema.ts, from the shapes, the lookups, the SDK's records and the examples);
#   3. the SDKs (codegen/gen-sdk.sh, from the schema);
#   4. the docs pages (codegen/gen-docs.ts: docs/reference/, from the schema);
#   5. what the shapes give outside the schema (codegen/gen-from-shapes.ts): the dynamic door's field
#      docs, docs/drift.md's table and the record of what each class registers in state.
#   bash codegen/run.sh           write them
#   bash codegen/run.sh --check   fail, naming what to run, if any differs from what they give
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
case "${1:-}" in
  "" | --check) ;;
  *) echo "usage: bash codegen/run.sh [--check]" >&2; exit 2 ;;
esac
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
tsx codegen/gen-schema.ts --without-examples "$tmp/schema.json"
bash codegen/gen-examples.sh "$tmp/schema.json" ${1:+"$1"}
tsx codegen/gen-schema.ts ${1:+"$1"}
bash codegen/gen-sdk.sh ${1:+"$1"}
tsx codegen/gen-docs.ts ${1:+"$1"}
tsx codegen/gen-from-shapes.ts ${1:+"$1"}
