#!/usr/bin/env bash
# `npm run pulumi -- <args>`: the pinned Pulumi CLI with the project's offline environment (run through
# scripts/env.sh: file backend under .pulumi/, local passphrase, no update checks or plugin downloads).
# Commands that run no program (stack, config, refresh, refresh --preview-only, destroy, stack export)
# work as they are. `up` and `preview` need the Node language host, which official installs ship and
# which cannot be built here; without it, say in one line how to run the program instead.
set -euo pipefail

# The command is the first argument that is neither a flag nor a flag's value (`-s dev up`, `--cwd x preview`).
command=""
expect_value=false
for arg in "$@"; do
  if $expect_value; then expect_value=false; continue; fi
  case "$arg" in
    -s|--stack|-C|--cwd|--color|-v|--verbose|--tracing|--profiling|--memprofilerate) expect_value=true ;;
    -*) ;;
    *) command="$arg"; break ;;
  esac
done

case "$command" in
  up|update|preview|pre)
    if ! command -v pulumi-language-nodejs >/dev/null 2>&1; then
      echo "pulumi $command needs the Node language host (pulumi-language-nodejs), which is not installed here; run the program through the Automation API instead: npm run run-program -- <program dir> $command" >&2
      exit 1
    fi
    ;;
esac
exec pulumi "$@"
