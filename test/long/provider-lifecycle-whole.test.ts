// test/e2e/provider-lifecycle.test.ts whole, of test:long: npm test runs its lifecycle, and here it runs again
// with the refresh, the reordered permissions and the secrets check (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/provider-lifecycle.test");
