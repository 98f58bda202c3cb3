// test/e2e/unknown-inputs.test.ts through the native door: npm test runs its cases through the dynamic door,
// and the same cases run here from a Node program and from YAML (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/unknown-inputs.test");
