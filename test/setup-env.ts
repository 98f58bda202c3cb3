// Every test file gets a directory of its own for the create intents the provider's create path
// writes (provider/engine/create-intents.ts), so no test sees another's, nor the user's; the
// engine's plugin processes that e2e tests start inherit it. test/remove-temp-dirs.ts removes it
// after the file's tests.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

process.env.TCS_CREATE_INTENTS_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-create-intents-"));
