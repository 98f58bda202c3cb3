// test/e2e/examples.test.ts's Go examples, compiled against the generated Go SDK; npm test type-checks and byte-compiles
// the others and previews the YAML, and builds a Go program against the same SDK in test/e2e/native-go.test.ts (issue 62).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/examples.test");
