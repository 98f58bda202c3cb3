// test/e2e/plans-show-user-fields.test.ts's test of a refresh's plans, a deeper variant of the preview's
// npm test runs there: no plumbing input shown (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/plans-show-user-fields.test");
