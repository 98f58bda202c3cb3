// Kills the `pulumi` CLI process running an operation on a stack, as a user's `kill -9` or a CI
// runner's timeout would: no chance to write anything more to the state.
import * as fs from "node:fs";
import * as path from "node:path";

interface ProcessInfo {
  pid: number;
  ppid: number;
  argv: string[];
}

function processes(): ProcessInfo[] {
  const out: ProcessInfo[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean);
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name may hold spaces and parentheses: the fields after the last ')' are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      out.push({ pid: Number(entry), ppid, argv });
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/** The pid of the CLI running `pulumi <operation> ... --stack <stackName>`, if one runs. */
export function findEngine(operation: string, stackName: string): number | undefined {
  return processes().find(
    (p) =>
      /(^|\/)pulumi$/.test(p.argv[0] ?? "") &&
      p.argv[1] === operation &&
      p.argv.includes("--stack") &&
      p.argv[p.argv.indexOf("--stack") + 1] === stackName,
  )?.pid;
}

/**
 * SIGKILLs the engine, then the plugins it had started (they would notice the engine is gone and exit
 * by themselves, but a test must not leave them behind). Returns the number of processes killed.
 */
export function killEngine(pid: number): number {
  const all = processes();
  const descendants: number[] = [];
  const walk = (parent: number) => {
    for (const p of all) {
      if (p.ppid !== parent) continue;
      descendants.push(p.pid);
      walk(p.pid);
    }
  };
  walk(pid);
  let killed = 0;
  for (const target of [pid, ...descendants]) {
    try {
      process.kill(target, "SIGKILL");
      killed++;
    } catch {
      // Already gone.
    }
  }
  return killed;
}

/**
 * What a user does when a kill landed while the file backend was rewriting a blob's metadata: the
 * backend (gocloud's fileblob) writes the state itself to a temporary file and renames it, but writes
 * the metadata sidecar beside it (`<stack>.json.attrs`) in place, so a SIGKILL between truncating and
 * writing it leaves it empty, and every later command fails with `failed to load checkpoint: EOF`.
 * Deleting the empty sidecar is the fix (a blob without one reads with default metadata). Returns the
 * sidecars removed; their contents are never the state.
 */
export function removeTornSidecars(backendDir: string): string[] {
  const removed: string[] = [];
  for (const entry of fs.readdirSync(backendDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".attrs")) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (fs.statSync(file).size > 0) continue;
    fs.rmSync(file);
    removed.push(file);
  }
  return removed;
}
