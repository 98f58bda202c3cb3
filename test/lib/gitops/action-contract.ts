// The recorded contracts of the actions the gitops workflows use (test/contracts/*.json, each fact with
// the action's repository, tag and file it comes from), and the check of a `uses:` step's `with:`
// against them. GitHub only warns on an input an action does not declare, and pulumi/actions refuses a
// command outside its list only when the job runs: this check refuses both before a workflow ships.
import * as fs from "node:fs";
import * as path from "node:path";
import type { Step } from "./workflows";

export const CONTRACT_DIR = path.resolve(__dirname, "..", "..", "contracts");

interface Source {
  repo: string;
  tag: string;
  path: string;
}

export interface ActionContract {
  uses: string;
  version: string;
  inputs: { names: string[]; required: string[]; source: Source };
  unverifiedInputs?: { names: string[]; note: string };
  enums?: Record<string, { allowed: string[]; source: Source }>;
  command?: { input: string; allowed: string[]; whenAbsent: "install-only"; otherValueError: string; source: Source };
  installOnly?: { inputsRead: string[]; source: Source };
  requiredWithCommand?: { names: string[]; source: Source };
}

/** Every recorded action contract, by the `uses:` it is pinned as (owner/name@ref). */
export function loadActionContracts(dir = CONTRACT_DIR): Map<string, ActionContract> {
  const contracts = new Map<string, ActionContract>();
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    const data = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Partial<ActionContract>;
    if (data.uses && data.inputs) contracts.set(data.uses, data as ActionContract);
  }
  return contracts;
}

const where = (source: Source) => `${source.repo}@${source.tag} ${source.path}`;

/** What is wrong with a `uses:` step by its action's recorded contract: empty when nothing is. */
export function checkUsesStep(step: Step, contracts: Map<string, ActionContract>): string[] {
  if (!step.uses) return [];
  const contract = contracts.get(step.uses);
  if (!contract)
    return [`${step.uses}: no recorded contract in test/contracts/ (record its action.yml's inputs first)`];
  const inputs = step.with ?? {};
  const given = Object.keys(inputs);
  const problems: string[] = [];
  const { names, required, source } = contract.inputs;
  for (const name of given.filter((input) => !names.includes(input))) {
    const unverified = contract.unverifiedInputs?.names.includes(name)
      ? " (recorded as unverified: confirm it in action.yml first)"
      : "";
    problems.push(
      `${step.uses}: unknown input '${name}'${unverified}; ${contract.version} declares ${names.join(", ")} (${where(source)})`,
    );
  }
  for (const name of required.filter((input) => !(input in inputs))) {
    problems.push(`${step.uses}: required input '${name}' missing (${where(source)})`);
  }
  for (const [name, rule] of Object.entries(contract.enums ?? {})) {
    if (name in inputs && !rule.allowed.includes(String(inputs[name]))) {
      problems.push(
        `${step.uses}: ${name}: ${String(inputs[name])} is not one of ${rule.allowed.join(", ")} (${where(rule.source)})`,
      );
    }
  }
  if (contract.command) problems.push(...checkCommand(step.uses, inputs, contract));
  return problems;
}

/** pulumi/actions: no command means install the CLI and stop; a command must be one the action runs. */
function checkCommand(uses: string, inputs: Record<string, unknown>, contract: ActionContract): string[] {
  const rule = contract.command!;
  if (!(rule.input in inputs)) {
    const ignored = Object.keys(inputs).filter((name) => !contract.installOnly?.inputsRead.includes(name));
    if (ignored.length === 0) return [];
    return [
      `${uses}: install-only (no ${rule.input}) reads only ${contract.installOnly?.inputsRead.join(", ")}; ${ignored.join(", ")} would do nothing`,
    ];
  }
  const command = String(inputs[rule.input]);
  if (!rule.allowed.includes(command)) {
    return [
      `${uses}: ${rule.input}: ${command} fails the job before the CLI is installed ("${rule.otherValueError}"): ` +
        `use one of ${rule.allowed.join(", ")}, or leave ${rule.input} out to only install the CLI (${where(rule.source)})`,
    ];
  }
  const missing = (contract.requiredWithCommand?.names ?? []).filter((name) => !(name in inputs));
  return missing.map(
    (name) => `${uses}: ${rule.input}: ${command} needs ${name} (${where(contract.requiredWithCommand!.source)})`,
  );
}
