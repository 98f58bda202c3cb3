// test/e2e/demo.test.ts's deeper variant: npm run demo, then the commands it prints at the end (the outputs, the
// emulator restarted on its database, the destroy); npm test runs the demo alone (issue 62; long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/demo.test");
