// The plugin executable's first module, and the script plugin's after its Node check (start.ts): the
// engine starts it with its own address as the last argument, and it serves the provider (main.ts); a
// user starts it with anything else (`pulumi-resource-tcs drift --stack prod`, `--version`, a typo),
// and the commands answer (cli/main.ts), so that the release's tools need no Node. The plugin's start
// loads nothing of the commands: cli/main.ts loads each command when it runs.
/* eslint-disable @typescript-eslint/no-require-imports */
import { runCli } from "../cli/main";
import { engineStart } from "./plugin-args";

if (engineStart(process.argv.slice(2))) {
  require("./main");
} else {
  void runCli(process.argv.slice(2), "pulumi-resource-tcs").then((code) => process.exit(code));
}
