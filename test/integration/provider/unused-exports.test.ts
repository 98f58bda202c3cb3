// No export goes unused (issue 53): knip (knip.jsonc, `npm run lint:exports`) finds exports that no
// module, test, script or example imports, leaving alone those a module uses itself and the package's
// public entries. Such an export is dead code, or an internal detail made public by mistake.
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";

const ROOT = path.resolve(__dirname, "../../..");

interface KnipReport {
  issues: { file: string; exports: { name: string }[]; types: { name: string }[] }[];
}

// knip reads the whole tree in a process of its own: a few seconds alone, past jest's default 5 s beside npm test's other workers.
it("no export goes unused (knip)", async () => {
  const knip = path.join(ROOT, "node_modules/knip/bin/knip.js");
  // knip exits non-zero when it finds something: its report is on stdout either way.
  const stdout = await promisify(execFile)(process.execPath, [knip, "--no-progress", "--reporter", "json"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    (done) => done.stdout,
    (failed: { stdout?: string; stderr?: string }) => {
      if (!failed.stdout) throw new Error(`knip failed: ${failed.stderr ?? String(failed)}`);
      return failed.stdout;
    },
  );
  const { issues } = JSON.parse(stdout) as KnipReport;
  const unused = issues.flatMap((issue) =>
    [...issue.exports, ...issue.types].map((item) => `${issue.file}: ${item.name}`),
  );
  expect(unused).toEqual([]);
}, 60_000);
