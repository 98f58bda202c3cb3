// The plugin executable's first module, and the script plugin's after its Node check (start.ts): the
// engine starts it with its own address as the argument, and it serves the provider (main.ts); a user
// starts it with one of the project's commands (`pulumi-resource-tcs drift --stack prod`), and it
// runs that command instead (cli/main.ts), so that the release's tools need no Node. The plugin's
// start loads nothing of the commands: cli/main.ts loads each command when it runs.
/* eslint-disable @typescript-eslint/no-require-imports */
import { asksForTools, runCli } from "../cli/main";

if (asksForTools(process.argv[2])) {
  void runCli(process.argv.slice(2), "pulumi-resource-tcs").then((code) => process.exit(code));
} else {
  require("./main");
}
