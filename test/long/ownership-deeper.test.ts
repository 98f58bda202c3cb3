// test/e2e/ownership.test.ts's tests that npm test does not run: its test of another stack's objects through the native
// door, and its deeper ones (claims per environment, an unwritable intent store, an interrupted create) through both doors.
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/ownership.test");
