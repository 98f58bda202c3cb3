// test/e2e/provider-faults.test.ts's deeper test, of test:long: the takeover of what an interrupted run made,
// and the forced replacement after it (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/provider-faults.test");
