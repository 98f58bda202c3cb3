// test/e2e/door-move.test.ts's tests of test:long: the move on the Node SDK, beside npm test's in YAML, and
// the refusal of a resource on a named connection (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/door-move.test");
