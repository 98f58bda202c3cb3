// What the plugin's process does with its arguments, for both ways it starts: the engine starts it with
// its own address as the last argument, and it serves the provider (main.ts); a user starts it with
// anything else (`pulumi-resource-tcs drift --stack prod`, `--version`, a typo), and the commands answer
// (cli/main.ts), so that the release's tools need no Node. The script plugin runs it from entry.ts; the
// plugin executable's bundle exports it, and its V8 startup snapshot holds what preloadPlugin loaded, so
// a start runs launch with every module of the provider already loaded (scripts/release/sea-main.ts).
/* eslint-disable @typescript-eslint/no-require-imports */
import { engineStart } from "./plugin-args";

export function launch(argv: string[]): void {
  const engine = engineStart(argv);
  if (engine) {
    void import("./main").then(({ servePlugin }) => servePlugin(engine.address));
  } else {
    // The plugin's start loads nothing of the commands: cli/main.ts loads each command when it runs.
    const { runCli } = require("../cli/main") as typeof import("../cli/main");
    void runCli(argv, "pulumi-resource-tcs").then((code) => process.exit(code));
  }
}

/**
 * Loads every module serving the provider needs, and runs the messages of a preview through their code
 * once (server.ts: rehearseMessages); starts nothing. The executable's snapshot is taken after it.
 */
export function preloadPlugin(): void {
  require("./main");
  (require("./server") as typeof import("./server")).rehearseMessages();
}
