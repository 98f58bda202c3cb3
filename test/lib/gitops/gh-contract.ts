// The recorded facts of the GitHub CLI the gitops workflows call (test/contracts/gh-2.23.json: its
// commands' flags, and that a label must exist before a command adds it), and the check of every `gh`
// command line in a job's `run:` scripts against them.
import * as fs from "node:fs";
import * as path from "node:path";
import { CONTRACT_DIR } from "./action-contract";
import { describeStep, type Job } from "./workflows";

export interface GhFlag {
  long: string;
  short?: string;
  value: boolean;
}

export interface GhFacts {
  tool: "gh";
  version: string;
  inheritedFlags: GhFlag[];
  commands: Record<string, { flags: GhFlag[] }>;
  labelMustExist: {
    commands: string[];
    flag: string;
    error: string;
    source: { repo: string; tag: string; path: string };
  };
  ensureLabel: {
    command: string;
    flag: string;
    errorWithoutFlag: string;
    source: { repo: string; tag: string; path: string };
  };
}

export function loadGhFacts(file = path.join(CONTRACT_DIR, "gh-2.23.json")): GhFacts {
  return JSON.parse(fs.readFileSync(file, "utf8")) as GhFacts;
}

type Token = { word: string } | { op: string };

/**
 * Splits one line of a bash script into words (quotes removed, `$VAR` kept as written) and the
 * operators that start a new command: enough shell to find each command's name and arguments.
 */
function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let word: string | undefined;
  const flush = () => {
    if (word !== undefined) tokens.push({ word });
    word = undefined;
  };
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (/\s/.test(char)) flush();
    else if (char === "#" && word === undefined) break;
    else if (char === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? "") + line.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? line.length : end;
    } else if (char === '"') {
      let text = "";
      for (i++; i < line.length && line[i] !== '"'; i++)
        text += line[i] === "\\" && i + 1 < line.length ? line[++i] : line[i];
      word = (word ?? "") + text;
    } else if (char === "\\" && i + 1 < line.length) word = (word ?? "") + line[++i];
    else if (char === "$" && line[i + 1] === "(") {
      flush();
      tokens.push({ op: "$(" });
      i++;
    } else if (char === "$" && line[i + 1] === "{") {
      const end = line.indexOf("}", i);
      word = (word ?? "") + line.slice(i, end < 0 ? undefined : end + 1);
      i = end < 0 ? line.length : end;
    } else if (/[;&|()]/.test(char)) {
      flush();
      const double = (char === "&" || char === "|") && line[i + 1] === char;
      tokens.push({ op: double ? char + char : char });
      if (double) i++;
    } else word = (word ?? "") + char;
  }
  flush();
  return tokens;
}

const KEYWORDS = new Set(["if", "then", "else", "elif", "do", "while", "until", "!", "time", "exec"]);

/** Every `gh ...` command of a script, as the arguments after `gh`, in the order the script has them. */
export function findGhCalls(script: string): { args: string[]; line: number }[] {
  const calls: { args: string[]; line: number }[] = [];
  // A line ending in a backslash goes on on the next one; a call is numbered by the line it starts on.
  const lines: { text: string; number: number }[] = [];
  script.split("\n").forEach((text, index) => {
    const last = lines[lines.length - 1];
    if (last?.text.endsWith("\\")) last.text = `${last.text.slice(0, -1)} ${text}`;
    else lines.push({ text, number: index + 1 });
  });
  lines.forEach(({ text: line, number }) => {
    let atCommand = true;
    let current: string[] | undefined;
    for (const token of tokenize(line)) {
      if ("op" in token) {
        current = undefined;
        atCommand = token.op !== ")";
      } else if (current) current.push(token.word);
      else if (atCommand && (KEYWORDS.has(token.word) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(token.word))) continue;
      else if (atCommand && token.word === "gh") calls.push({ args: (current = []), line: number });
      else atCommand = false;
    }
  });
  return calls;
}

export interface ParsedGhCall {
  command: string;
  flags: { long: string; value?: string }[];
  positionals: string[];
  problems: string[];
}

/** Parses a gh command line as gh's flag parser (cobra) does, by the recorded flags of its command. */
export function parseGhCall(args: string[], facts: GhFacts): ParsedGhCall {
  const command = args.slice(0, 2).join(" ");
  const parsed: ParsedGhCall = { command, flags: [], positionals: [], problems: [] };
  const recorded = facts.commands[command];
  if (!recorded) {
    parsed.problems.push(
      `gh ${command}: not a recorded command of gh ${facts.version} (test/contracts/gh-2.23.json records ${Object.keys(facts.commands).join(", ")})`,
    );
    return parsed;
  }
  const known = [...recorded.flags, ...facts.inheritedFlags];
  const rest = args.slice(2);
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === "--") {
      parsed.positionals.push(...rest.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      parsed.positionals.push(arg);
      continue;
    }
    const long = arg.startsWith("--");
    const [name, inline] = long
      ? [arg.split("=")[0], arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : undefined]
      : [arg.slice(0, 2), arg.length > 2 ? arg.slice(2) : undefined];
    const flag = known.find((candidate) => (long ? candidate.long === name : candidate.short === name));
    if (!flag) {
      parsed.problems.push(
        `gh ${command}: unknown flag ${name}; gh ${facts.version} accepts ${known.map((f) => f.long).join(", ")}`,
      );
      continue;
    }
    if (!flag.value) parsed.flags.push({ long: flag.long });
    else if (inline !== undefined) parsed.flags.push({ long: flag.long, value: inline.replace(/^=/, "") });
    else if (i + 1 < rest.length) parsed.flags.push({ long: flag.long, value: rest[++i] });
    else parsed.problems.push(`gh ${command}: ${flag.long} needs a value`);
  }
  return parsed;
}

/**
 * What is wrong with a job's gh command lines: each must parse by the recorded flags, and a label a
 * command adds must be ensured earlier in the job by `gh label create <label> --force` (gh does not
 * create a label it is asked to add, and without --force the ensuring command fails once it exists).
 */
export function checkJobGhCalls(jobName: string, job: Job, facts: GhFacts): string[] {
  const problems: string[] = [];
  const ensured = new Set<string>();
  const rule = facts.labelMustExist;
  const source = `${rule.source.repo}@${rule.source.tag} ${rule.source.path}`;
  job.steps.forEach((step, index) => {
    for (const call of findGhCalls(step.run ?? "")) {
      const at = `job ${jobName}, ${describeStep(step, index)}, line ${call.line}`;
      const parsed = parseGhCall(call.args, facts);
      problems.push(...parsed.problems.map((problem) => `${at}: ${problem}`));
      if (parsed.command === facts.ensureLabel.command) {
        const name = parsed.positionals[0];
        if (parsed.flags.some((flag) => flag.long === facts.ensureLabel.flag)) ensured.add(name);
        else
          problems.push(
            `${at}: gh ${parsed.command} ${name} without ${facts.ensureLabel.flag} fails once the label exists ("${facts.ensureLabel.errorWithoutFlag.replace("NAME", name)}")`,
          );
      }
      if (!rule.commands.includes(parsed.command)) continue;
      const labels = parsed.flags
        .filter((flag) => flag.long === rule.flag)
        .flatMap((flag) => (flag.value ?? "").split(","));
      for (const label of labels.filter((name) => !ensured.has(name))) {
        problems.push(
          `${at}: gh ${parsed.command} ${rule.flag} ${label}, but no earlier step of the job runs gh ${facts.ensureLabel.command} ${label} ${facts.ensureLabel.flag}: ` +
            `in a repository without it gh fails ("${rule.error.replace("NAME", label)}", ${source})`,
        );
      }
    }
  });
  return problems;
}
