// test/e2e/dynamic-environment.test.ts's deeper variants: a default connection moved to another
// environment's key refused by every run of the program (preview, preview and up with --refresh,
// refresh), nothing dropped, then the stack back on its own key; and a named connection moved, refused
// naming the connection. npm test runs the default connection's preview refused (issue 62;
// test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/dynamic-environment.test");
