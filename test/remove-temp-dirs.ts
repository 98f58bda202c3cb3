// Removes what test/setup-env.ts made for this test file once its tests have run, so that test runs
// do not leave a directory in the system's temporary directory for every test file.
import * as fs from "node:fs";

afterAll(() => {
  const intents = process.env.TCS_CREATE_INTENTS_DIR;
  if (intents) fs.rmSync(intents, { recursive: true, force: true });
});
