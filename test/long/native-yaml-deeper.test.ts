// test/e2e/native-yaml.test.ts's tests of test:long: pulumi-tcs drift and pulumi import on the YAML quickstart,
// the policy pack on native resources, and several environments (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/native-yaml.test");
