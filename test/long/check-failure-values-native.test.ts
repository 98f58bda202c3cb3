// test/e2e/check-failure-values.test.ts through the native door: npm test runs its cases through the
// dynamic door and one through the native door, and the native door's others run here (issue 62;
// test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/check-failure-values.test");
