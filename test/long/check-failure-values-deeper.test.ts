// test/e2e/check-failure-values.test.ts's cases of test:long: npm test runs two through the dynamic door and
// one through the native door, and each door's others run here (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/check-failure-values.test");
