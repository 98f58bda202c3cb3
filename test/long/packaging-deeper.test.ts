// test/e2e/packaging.test.ts's deeper variants, after the tarball installed again: the policy pack run from
// node_modules/pulumi-tcs/policy, the types with node16 resolution, and a YAML program on the native provider
// the package carries; npm test runs the tarball's program, the classic types, the SDK and the golden records (issue 62).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/packaging.test");
