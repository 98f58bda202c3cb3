// test/e2e/policy-pack.test.ts's deeper variants: a compliant program passing, each rule's level and settings from the
// policy config, a config refused, and a connection marked production; npm test runs the rules broken and a
// plain-text key (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/policy-pack.test");
