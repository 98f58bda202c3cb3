// test/e2e/drift-tool.test.ts's test of a key the service refuses, a deeper variant of the failed refresh
// npm test runs there (the service unreachable): exit 1, one short line (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/drift-tool.test");
