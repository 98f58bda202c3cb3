// test/e2e/ownership.test.ts through the native door: npm test runs its tests through the dynamic door, and
// the same tests run here through the native one (issue 62; test/e2e/helpers/doors.ts).
import { otherDoors } from "../e2e/helpers/doors";

otherDoors();
require("../e2e/ownership.test");
