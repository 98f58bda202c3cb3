// test/long/model-engine.test.ts through the native door, in a file of its own so that jest's two workers
// run the doors side by side (test/long/helpers/model-engine-door.ts).
import { runNativeDoor } from "./helpers/model-engine-door";

runNativeDoor();
require("./model-engine.test");
