# Sourced by scripts/test.sh and scripts/test-long.sh: Node's module compile cache for every Node process
# the tests start, the engine's among them (each operation starts its plugins afresh, each loading
# @pulumi/pulumi or the provider's bundle: about a tenth of an e2e file's CPU). Kept under node_modules
# (a clone starts without it); a caller's own NODE_COMPILE_CACHE wins. The cache is keyed by each file's
# content and Node's version, so nothing stale runs.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/node_modules/.cache/node-compile-cache}"
