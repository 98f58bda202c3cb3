// test/e2e/readme-commands.test.ts's configuration commands (stack init, config set, --secret), and the program runner
// on the quickstart, up and destroy, with the drift checks of docs/development.md and the README (`npx pulumi-tcs
// drift`); npm test runs the README's other commands (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/readme-commands.test");
