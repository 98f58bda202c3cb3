// An npm script of package.json, run as `npm run --silent <name> -- <args>` runs it, less the two steps
// every such script takes first and that npm test has taken already: scripts/env.sh (the environment
// the tests run in) and scripts/build.sh (dist/ is built before jest starts). The command run is the
// one package.json gives, read from there, so a script that changes is run as changed. Through npm, each
// run took about 2 s more, and 7 s more for a script that builds, on a loaded 2-core machine; the
// README's and the demo's tests run about twenty (issue 62). `npm run pulumi -- version` still runs as
// a user runs it, through npm and scripts/env.sh (readme-commands.test.ts).
import { execFile, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "../../lib/engine";

const SCRIPTS = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts;
const ENV_SH = "bash scripts/env.sh ";
const BUILD = "bash scripts/build.sh && ";

/** The script's command without scripts/env.sh and scripts/build.sh, as words to which its arguments are appended. */
export function scriptCommand(name: string): string[] {
  const script = SCRIPTS[name];
  if (!script?.startsWith(ENV_SH)) throw new Error(`npm script ${name} does not run through scripts/env.sh: ${script}`);
  const rest = script.slice(ENV_SH.length);
  // `bash -c '... "$@"' --`: npm appends the arguments after the `--`, which bash takes as $0 (a script
  // that takes no arguments, as `demo`, has no `--`).
  const wrapped = /^bash -c '(.*)'( --)?$/.exec(rest);
  if (wrapped === null) return rest.split(" ");
  const command = wrapped[1].startsWith(BUILD) ? wrapped[1].slice(BUILD.length) : wrapped[1];
  return ["bash", "-c", command, ...(wrapped[2] ? ["--"] : [])];
}

/** `args` as `npm run --silent` takes them: the script's name, then `--` and its arguments. */
function commandOf(args: string[]): string[] {
  const [name, ...rest] = args;
  return [...scriptCommand(name), ...(rest[0] === "--" ? rest.slice(1) : rest)];
}

const run = promisify(execFile);

/** Runs `npm run --silent <args>` as described above, in the repository; rejects on a non-zero exit, as execFile does. */
export function npmRun(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ stdout: string; stderr: string }> {
  const [file, ...rest] = commandOf(args);
  return run(file, rest, { cwd: REPO_ROOT, env, maxBuffer: 32 * 1024 * 1024 });
}

/** Starts `npm run --silent <args>` as described above, in a process group of its own (end it with `process.kill(-pid)`). */
export function npmStart(args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcessWithoutNullStreams {
  const [file, ...rest] = commandOf(args);
  return spawn(file, rest, { cwd: REPO_ROOT, env, detached: true });
}
