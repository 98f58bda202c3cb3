// test/e2e/examples-two-environments.test.ts's deeper variants: the example refreshed, a connection removed from config;
// and a resource moved to another connection, replaced, after a wrong key refused at preview, then deleted once its
// connection is gone. npm test runs the example applied, its drift and its destroy (issue 62; long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/examples-two-environments.test");
