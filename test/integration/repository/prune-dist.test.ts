// The build removes from dist/ what tsc wrote for a source that is gone (scripts/prune-dist.js): a
// stale module could otherwise be resolved in place of a new one, and shipped by npm pack.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const SCRIPT = path.join(__dirname, "../../../scripts/prune-dist.js");

function write(root: string, file: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), "");
}

it("removes the outputs of removed sources and the directories left empty, and keeps the rest", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "prune-dist-"));
  try {
    for (const file of ["provider/settings/index.ts", "provider/native/schema.json", "sdk/client.ts"])
      write(root, file);
    const kept = [
      "dist/.tsbuildinfo",
      "dist/provider/settings/index.js",
      "dist/provider/settings/index.d.ts",
      "dist/provider/native/schema.json",
      "dist/sdk/client.js.map",
    ];
    const stale = ["dist/provider/settings.js", "dist/provider/settings.d.ts.map", "dist/sdk/resources/roles.js"];
    for (const file of [...kept, ...stale]) write(root, file);

    execFileSync(process.execPath, [SCRIPT, root]);

    for (const file of kept) expect(fs.existsSync(path.join(root, file))).toBe(true);
    for (const file of stale) expect(fs.existsSync(path.join(root, file))).toBe(false);
    expect(fs.existsSync(path.join(root, "dist/sdk/resources"))).toBe(false);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
