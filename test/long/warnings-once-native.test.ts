// test/e2e/warnings-once.test.ts through the native door: npm test runs the dynamic door's test, and
// the native door's runs here (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/warnings-once.test");
