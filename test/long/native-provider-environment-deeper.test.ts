// test/e2e/native-provider-environment.test.ts's whole story: the replacements applied, a second key of the
// environment, state from before the record, a refused key; npm test runs its preview (issue 62;
// test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/native-provider-environment.test");
