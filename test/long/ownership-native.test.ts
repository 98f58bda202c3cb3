// test/e2e/ownership.test.ts through the native door: npm test runs its tests through the dynamic door, and
// the same tests run here through the native one (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/ownership.test");
