// Every `uses:` step of the examples/gitops workflows, held to its action's recorded contract
// (test/contracts/*.json): declared input names only, required inputs present, and for pulumi/actions
// a command it runs or none at all (install the CLI only). A stand-in action accepts what the real one
// refuses (`command: version` failed every nightly drift job before the CLI was installed).
import { checkUsesStep, loadActionContracts } from "../../lib/gitops/action-contract";
import { describeStep, loadWorkflow, workflowFiles, type Step } from "../../lib/gitops/workflows";

const contracts = loadActionContracts();

describe("examples/gitops: every uses: step by its action's recorded contract", () => {
  it.each(workflowFiles())("%s: each step's with: is what its pinned action accepts", (file) => {
    const workflow = loadWorkflow(file);
    const problems = Object.entries(workflow.jobs).flatMap(([job, { steps }]) =>
      steps.flatMap((step, index) =>
        checkUsesStep(step, contracts).map((problem) => `job ${job}, ${describeStep(step, index)}: ${problem}`),
      ),
    );
    expect(problems).toEqual([]);
  });

  it("every action a workflow uses has a contract with its version and the file each fact comes from", () => {
    const used = new Set(
      workflowFiles().flatMap((file) =>
        Object.values(loadWorkflow(file).jobs).flatMap((job) => job.steps.flatMap((step) => step.uses ?? [])),
      ),
    );
    expect([...used].filter((uses) => !contracts.has(uses))).toEqual([]);
    for (const contract of contracts.values()) {
      expect(contract.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(contract.uses.split("@")[1]).toBe(`v${contract.version.split(".")[0]}`);
      const sources = [
        contract.inputs.source,
        contract.command?.source,
        contract.installOnly?.source,
        ...Object.values(contract.enums ?? {}).map((rule) => rule.source),
      ];
      for (const source of sources.filter((candidate) => candidate !== undefined)) {
        expect(source).toMatchObject({
          repo: contract.uses.split("@")[0],
          tag: `v${contract.version}`,
          path: expect.stringMatching(/\S/),
        });
      }
    }
  });
});

describe("the contract check", () => {
  const pulumi = (inputs?: Record<string, unknown>): Step => ({
    uses: "pulumi/actions@v6",
    ...(inputs ? { with: inputs } : {}),
  });
  const check = (step: Step) => checkUsesStep(step, contracts);

  it("accepts pulumi/actions with no command (install the CLI only), with or without a CLI version", () => {
    expect(check(pulumi())).toEqual([]);
    expect(check(pulumi({ "pulumi-version": "3.259.0" }))).toEqual([]);
  });

  it("refuses a command pulumi/actions v6 does not run, as the action would before installing the CLI", () => {
    expect(check(pulumi({ command: "version" }))).toEqual([
      expect.stringContaining(
        'command: version fails the job before the CLI is installed ("Input was not correct for command")',
      ),
    ]);
  });

  it("refuses an install-only step carrying inputs install-only mode never reads", () => {
    expect(check(pulumi({ "stack-name": "production" }))).toEqual([
      expect.stringContaining("stack-name would do nothing"),
    ]);
  });

  it("asks a command's stack", () => {
    expect(check(pulumi({ command: "up" }))).toEqual([expect.stringContaining("command: up needs stack-name")]);
    expect(check(pulumi({ command: "preview", "stack-name": "production", diff: true, refresh: true }))).toEqual([]);
  });

  it("refuses an input the action does not declare, and one recorded but not confirmed", () => {
    expect(check(pulumi({ command: "up", "stack-name": "p", stack: "p" }))).toEqual([
      expect.stringContaining("unknown input 'stack'"),
    ]);
    expect(check(pulumi({ command: "up", "stack-name": "p", exclude: "urn" }))).toEqual([
      expect.stringContaining("recorded as unverified"),
    ]);
  });

  it("refuses a missing required input, a value outside an input's options, and an action with no recorded contract", () => {
    expect(check({ uses: "actions/upload-artifact@v4", with: { name: "report" } })).toEqual([
      expect.stringContaining("required input 'path' missing"),
    ]);
    expect(check({ uses: "actions/upload-artifact@v4", with: { path: "x", "if-no-files-found": "skip" } })).toEqual([
      expect.stringContaining("if-no-files-found: skip is not one of warn, error, ignore"),
    ]);
    expect(check({ uses: "actions/cache@v4" })).toEqual([expect.stringContaining("no recorded contract")]);
  });
});
