// The script plugin's first module: bin/pulumi-resource-tcs execs node on it, with the path of the
// node it found on PATH before the engine's arguments. On Node.js 22 or newer it runs entry.ts (the
// provider, or one of the project's commands); on an older one it serves only the message saying so
// (refusal-main.ts). Checked here, in the node the engine runs, rather than by the launcher starting
// a second node on every start.
// Written in syntax Node.js 10 and later parse, and loading nothing before the check.
/* eslint-disable @typescript-eslint/no-require-imports */
export {};

const nodeOnPath = process.argv.splice(2, 1)[0] || process.execPath;
if (Number(process.versions.node.split(".")[0]) >= 22) {
  require("./entry");
} else {
  const message = `pulumi-resource-tcs needs Node.js 22 or newer (found ${process.version} at ${nodeOnPath}): install a newer Node.js and run pulumi again.`;
  // refusal-main.ts takes the message first, then the engine's arguments.
  process.argv.splice(2, 0, message);
  require("./refusal-main");
}
