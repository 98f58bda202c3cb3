// test/e2e/twin-stacks.test.ts's tests of test:long: all three through the native door, and the two that
// npm test leaves out through the dynamic one (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/twin-stacks.test");
