#!/usr/bin/env bash
# Regenerates everything derived from the shapes, in order: the schema (codegen/gen-schema.ts, from
# the shapes, the lookups and the SDK's records), then the SDKs (codegen/gen-sdk.sh, from the schema).
#   bash codegen/run.sh           write provider/native/schema.json and sdks/
#   bash codegen/run.sh --check   fail, naming what to run, if either differs from what they give
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
case "${1:-}" in
  "" | --check) ;;
  *) echo "usage: bash codegen/run.sh [--check]" >&2; exit 2 ;;
esac
tsx codegen/gen-schema.ts ${1:+"$1"}
bash codegen/gen-sdk.sh ${1:+"$1"}
