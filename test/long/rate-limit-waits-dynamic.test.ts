// test/e2e/rate-limit-waits.test.ts through the dynamic door: npm test runs its test through the native door,
// and the same test runs here through the dynamic one (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/rate-limit-waits.test");
