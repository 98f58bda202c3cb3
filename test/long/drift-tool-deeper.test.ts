// test/e2e/drift-tool.test.ts's refresh that fails, the service unreachable or refusing the key: exit 1, one short
// line; npm test runs the drift found and the errors of its arguments (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/drift-tool.test");
