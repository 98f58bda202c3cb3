// The process bin/pulumi-resource-tcs starts on a Node.js older than 22, the message its first
// argument (the engine's address follows). Written in syntax Node.js 10 and later parse: a runtime too old
// even for gRPC fails to load refusal.ts, and then the message goes to stderr, which the engine shows
// for a plugin that exits before printing its port.
const message =
  process.argv[2] || "pulumi-resource-tcs needs Node.js 22 or newer: install a newer Node.js and run pulumi again.";
try {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require("./refusal") as typeof import("./refusal")).serveRefusal(message);
} catch {
  process.stderr.write(message + "\n");
  process.exit(1);
}
