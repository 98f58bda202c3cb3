#!/usr/bin/env bash
# Compiles the package into dist/ (npm run build, and every script that needs dist/). tsc writes files
# without the executable bit, and in a checkout npx runs the package's own bin files as they are (an
# install from the registry or a tarball sets the bit; a clone has nothing to set it), so this does.
set -euo pipefail
cd "$(dirname "$0")/.."
tsc -p tsconfig.build.json
node scripts/prune-dist.js
node -e 'for (const file of Object.values(require("./package.json").bin)) require("node:fs").chmodSync(file, 0o755);'
