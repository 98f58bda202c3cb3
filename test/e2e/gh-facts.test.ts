// The recorded facts of the GitHub CLI (test/contracts/gh-2.23.json), which the gitops workflows' gh
// command lines are checked against, read again from the installed gh: each recorded command's flags
// as its `--help` lists them. CI installs Debian's gh 2.23 (.ci/run); with no gh on PATH the test is
// skipped and its title says so.
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { loadGhFacts, type GhFlag } from "../lib/gitops/gh-contract";

const run = promisify(execFile);
const facts = loadGhFacts();
const probe = spawnSync("gh", ["--version"], { encoding: "utf8" });
const installed = probe.status === 0 ? /gh version (\S+)/.exec(probe.stdout)?.[1] : undefined;

/** The FLAGS and INHERITED FLAGS of a gh help page: `  -l, --label name   Add labels by name`. */
function helpFlags(help: string): GhFlag[] {
  return help
    .split("\n")
    .map((line) => /^\s+(?:(-[A-Za-z]), )?(--[a-z][\w-]*)( \S+)?\s{2,}/.exec(line))
    .filter((match) => match !== null)
    .map(([, short, long, value]) => ({ long, ...(short ? { short } : {}), value: value !== undefined }));
}

const byName = (flags: GhFlag[]) => [...flags].sort((a, b) => a.long.localeCompare(b.long));
const title = installed
  ? `gh ${installed} (recorded: ${facts.version})`
  : `gh: skipped, no gh on PATH (apt-get install gh; the facts are of ${facts.version})`;

(installed ? describe : describe.skip)(title, () => {
  it.each(Object.keys(facts.commands))("gh %s --help lists the recorded flags", async (command) => {
    const { stdout } = await run("gh", [...command.split(" "), "--help"], {
      env: { ...process.env, GH_NO_UPDATE_NOTIFIER: "1", NO_COLOR: "1" },
    });
    const recorded = byName([...facts.commands[command].flags, ...facts.inheritedFlags]);
    const listed = byName(helpFlags(stdout));
    // The same version lists exactly what was recorded; a later gh may add flags but keeps these.
    if (installed?.startsWith(facts.version)) expect(listed).toEqual(recorded);
    else expect(listed).toEqual(expect.arrayContaining(recorded));
  });
});
