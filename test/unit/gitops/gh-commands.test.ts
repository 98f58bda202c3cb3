// Every `gh` command line of the examples/gitops workflows, held to the recorded facts of gh 2.23
// (test/contracts/gh-2.23.json): each flag one its command has, and a label a command adds created (or
// updated) earlier in the job, since gh refuses to add a label the repository does not have.
import { checkJobGhCalls, findGhCalls, loadGhFacts, parseGhCall } from "../../lib/gitops/gh-contract";
import { loadWorkflow, workflowFiles, type Job } from "../../lib/gitops/workflows";

const facts = loadGhFacts();
const job = (...scripts: string[]): Job => ({ steps: scripts.map((run) => ({ run })) });

describe("examples/gitops: every gh command line by gh's recorded facts", () => {
  it.each(workflowFiles())("%s: flags gh has, and labels ensured before an issue names them", (file) => {
    const workflow = loadWorkflow(file);
    expect(Object.entries(workflow.jobs).flatMap(([name, body]) => checkJobGhCalls(name, body, facts))).toEqual([]);
  });

  it("the drift workflows do call gh (a check that finds no command proves nothing)", () => {
    for (const file of ["drift.yml", "drift-any-language.yml"]) {
      const commands = loadWorkflow(file).jobs.drift.steps.flatMap((step) =>
        findGhCalls(step.run ?? "").map((call) => call.args.slice(0, 2).join(" ")),
      );
      expect(commands).toEqual(expect.arrayContaining(["label create", "issue list", "issue create"]));
    }
  });
});

describe("the gh command-line check", () => {
  it("finds gh as a command: at a line's start, in $(...), after a keyword or an assignment, across continued lines; not in a comment", () => {
    const script = [
      "existing=$(gh issue list --label drift --json number --jq '.[0].number')",
      'if [ -n "$existing" ]; then gh issue comment "$existing" --body-file drift.md; fi',
      "# gh issue close 1",
      'GH_DEBUG=1 gh release download "v${TCS_VERSION}" \\',
      '  --pattern "$tarball"',
      "echo gh is not a command here",
      "gh label create drift --force",
    ].join("\n");
    expect(findGhCalls(script)).toEqual([
      { line: 1, args: ["issue", "list", "--label", "drift", "--json", "number", "--jq", ".[0].number"] },
      { line: 2, args: ["issue", "comment", "$existing", "--body-file", "drift.md"] },
      { line: 4, args: ["release", "download", "v${TCS_VERSION}", "--pattern", "$tarball"] },
      { line: 7, args: ["label", "create", "drift", "--force"] },
    ]);
  });

  it("parses flags by the command's recorded ones, short, long and --flag=value", () => {
    const parsed = parseGhCall(
      ["issue", "create", "-t", "Drift", "--label=drift", "-ldocs", "--body-file", "drift.md", "-R", "o/r"],
      facts,
    );
    expect(parsed).toEqual({
      command: "issue create",
      flags: [
        { long: "--title", value: "Drift" },
        { long: "--label", value: "drift" },
        { long: "--label", value: "docs" },
        { long: "--body-file", value: "drift.md" },
        { long: "--repo", value: "o/r" },
      ],
      positionals: [],
      problems: [],
    });
  });

  it("refuses a flag the command does not have, and a command not recorded", () => {
    expect(parseGhCall(["issue", "create", "--labels", "drift"], facts).problems).toEqual([
      expect.stringContaining("gh issue create: unknown flag --labels"),
    ]);
    expect(parseGhCall(["label", "create", "drift", "--if-missing"], facts).problems).toEqual([
      expect.stringContaining("unknown flag --if-missing"),
    ]);
    expect(parseGhCall(["issue", "close", "1"], facts).problems).toEqual([
      expect.stringContaining("gh issue close: not a recorded command"),
    ]);
  });

  it("refuses an issue created with a label no earlier step ensures, as gh refuses it in a repository without the label", () => {
    const problems = checkJobGhCalls(
      "drift",
      job('gh issue create --title "Drift in production" --label drift --body-file drift.md'),
      facts,
    );
    expect(problems).toEqual([expect.stringContaining("could not add label: 'drift' not found")]);
  });

  it("accepts the label ensured earlier in the job, in the same step or one before, and checks each of a comma list", () => {
    const create = 'gh issue create --title "Drift" --label drift --body-file drift.md';
    expect(checkJobGhCalls("drift", job(`gh label create drift --force --color D93F0B\n${create}`), facts)).toEqual([]);
    expect(checkJobGhCalls("drift", job("gh label create drift --force", create), facts)).toEqual([]);
    expect(checkJobGhCalls("drift", job(create, "gh label create drift --force"), facts)).toHaveLength(1);
    expect(
      checkJobGhCalls("drift", job("gh label create drift -f", "gh issue create --label drift,infra"), facts),
    ).toEqual([expect.stringContaining("--label infra, but no earlier step")]);
  });

  it("refuses gh label create without --force, which fails on every run after the first", () => {
    expect(checkJobGhCalls("drift", job("gh label create drift", "gh issue create --label drift"), facts)).toEqual([
      expect.stringContaining('without --force fails once the label exists ("label with name "drift" already exists'),
      expect.stringContaining("--label drift, but no earlier step"),
    ]);
  });

  it("does not ask a label for a command that only filters by it", () => {
    expect(checkJobGhCalls("drift", job("gh issue list --label drift --state open"), facts)).toEqual([]);
  });
});
