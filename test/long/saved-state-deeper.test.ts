// test/e2e/saved-state.test.ts's plan after a refresh of the saved state; npm test runs its refresh, up and destroy,
// the up planning no change after the refresh (issue 62; test/e2e/helpers/long-split.ts).
import { inLong } from "../e2e/helpers/long-split";

inLong();
require("../e2e/saved-state.test");
