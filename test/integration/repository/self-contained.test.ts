// A clone holds everything it needs (issue 62): no tracked file names the folders of inputs that sat
// beside the repository while it was written (the published API, the record shapes the service sends,
// the design notes), since a clone has none of them. What the project needs from them lives in
// docs/service.md, docs/architecture.md, docs/contract-decisions.md and test/golden/observed-records.md.
// CHANGELOG.md may tell the history.
import { spawnSync } from "node:child_process";
import * as path from "node:path";

const REPO_ROOT = path.resolve(__dirname, "..", "..", "..");
// Built from pieces, so that this file does not match its own pattern.
const OUTSIDE = ["\\.\\./" + "shared", "shared" + "/(spec|design)"].join("|");

describe("the repository", () => {
  it("names no path outside itself in any tracked file but CHANGELOG.md", () => {
    const grep = spawnSync("git", ["grep", "-n", "-E", OUTSIDE, "--", ".", ":(exclude)CHANGELOG.md"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    });
    // git grep exits 1 when nothing matches, 0 with matches, anything else when it could not search.
    expect(
      grep.status === 0 || grep.status === 1 ? grep.stderr : `git grep exited ${grep.status}: ${grep.stderr}`,
    ).toBe("");
    expect(grep.stdout.split("\n").filter(Boolean)).toEqual([]);
  });
});
