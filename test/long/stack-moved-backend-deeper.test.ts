// test/e2e/stack-moved-backend.test.ts's stack moved with its config file, as docs/guide.md says: the preview plans no
// change; npm test runs the stack moved without it, refused, then set again (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/stack-moved-backend.test");
