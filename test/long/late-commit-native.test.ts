// test/e2e/late-commit.test.ts's tests of test:long: both through the native door, and the other runner's
// orphan, which npm test leaves out, through the dynamic one (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/late-commit.test");
