// test/e2e/native-refusals.test.ts's tests of test:long: the up's refusal of a role's replacement and the
// replacement with a new slug, beside npm test's refusal at preview, and pulumi import's refusals, beside
// npm test's of the import option (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/native-refusals.test");
