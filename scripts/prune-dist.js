// Removes from dist/ what tsc wrote for a source file that is gone. tsc's incremental build never
// deletes, so a renamed or removed module (provider/settings.ts, once it became provider/settings/)
// stayed in dist/: Node then resolved `../settings` to the stale file, and `npm pack` would ship it.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

/** The package root: this repository, or the one named on the command line (the test's copy). */
const ROOT = process.argv[2] ?? path.join(__dirname, "..");
const DIST = path.join(ROOT, "dist");
/** What tsc writes for a source, by the ending it adds. */
const OUTPUTS = [".d.ts.map", ".js.map", ".d.ts", ".js", ".json"];
const SOURCES = [".ts", ".js", ".json"];

function sourceExists(relative) {
  const ending = OUTPUTS.find((candidate) => relative.endsWith(candidate));
  if (ending === undefined) return true;
  const stem = path.join(ROOT, relative.slice(0, -ending.length));
  return SOURCES.some((source) => fs.existsSync(stem + source));
}

function prune(directory) {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      prune(full);
      if (fs.readdirSync(full).length === 0) fs.rmdirSync(full);
    } else if (!sourceExists(path.relative(DIST, full))) {
      fs.rmSync(full);
    }
  }
}

for (const entry of fs.existsSync(DIST) ? fs.readdirSync(DIST, { withFileTypes: true }) : []) {
  if (entry.isDirectory()) prune(path.join(DIST, entry.name));
}
