// test/e2e/provider-drift-adopt.test.ts's deeper tests, of test:long: an archived callback replaced, the
// adoptions refused and the collisions that name adoptId (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/provider-drift-adopt.test");
