// Ends the plugin's process once the engine that started it is gone. The engine (the pulumi CLI)
// starts the dynamic provider's plugin through a shell script (pulumi-resource-pulumi-nodejs, which
// runs `node .../cmd/dynamic-provider` without exec, so the shell stays between them), gives it a pipe
// as stdin whose writing end only the engine holds, and at the end of a run stops it with SIGINT
// (Node's default for it: exit at once, whatever is waiting). A CLI that is killed (SIGKILL, a crash,
// a closed terminal) stops nothing: the plugin's gRPC server would keep it alive for ever, and a
// request waiting out a Retry-After or the rate limiter's window would go on waiting for nobody.
// Two things show the engine gone:
//   - end of file on stdin: the engine's end of the pipe closed, however it exited. This is what the
//     plugin sees through the shell script, whose own parent dies but which itself lives on;
//   - the parent process gone: re-parented (ppid changed) or no longer there. This is what a process
//     started directly (no script between) sees.
// Exiting ends every wait at once, and nothing is lost by it: the engine that would take the answers
// (and write state) is gone; an object a create made meanwhile is found by its create marker next run.
// The watch never keeps the process alive (an unref'd interval, an unref'd stdin) and loads nothing
// but Node's own modules: a preview with no changes loads no SDK (test/integration/provider/what-a-program-loads.test.ts).
//
// Cancellation (Ctrl-C, pulumi cancel) never reaches the plugin's code: @pulumi/pulumi's dynamic
// provider host answers the engine's Cancel call and does nothing else. The engine then lets steps in
// flight finish (a Retry-After wait is bounded by the client's maxRetryAfterMs, provider/settings/client.ts)
// and stops the plugin with SIGINT, or is killed and this watch ends the plugin.
import { fstatSync } from "node:fs";

export interface EngineWatchOptions {
  /** Whether end of file on stdin means the engine is gone. Default: when this process is the engine's plugin (startedByEngine). */
  stdin?: boolean;
  /** How often the parent is looked at, in ms. */
  intervalMs?: number;
  /** What happens when the engine is gone. Default: the process exits. */
  onGone?: () => void;
}

/** Often enough that an orphan is gone within seconds; a look is one system call. */
const DEFAULT_INTERVAL_MS = 1000;

/** The exit code when the engine is gone; nobody reads it (the engine would), so it only says "not a success". */
const EXIT_ENGINE_GONE = 1;

/** The dynamic provider host of @pulumi/pulumi, as the engine's script names it to node. */
const DYNAMIC_PROVIDER_HOST = /[\\/]@pulumi[\\/]pulumi[\\/]cmd[\\/]dynamic-provider(?:[\\/]index\.js)?$/;

let watching = false;

/**
 * Starts watching for the engine's end, once per process (later calls do nothing). The stdin watch
 * is only for the engine's plugin: elsewhere stdin may be a pipe closed from the start (execFileSync),
 * and its end would mean nothing.
 */
export function watchEngine(options: EngineWatchOptions = {}): void {
  if (watching) return;
  watching = true;
  const onGone = once(options.onGone ?? (() => process.exit(EXIT_ENGINE_GONE)));
  watchParent(options.intervalMs ?? DEFAULT_INTERVAL_MS, onGone);
  if (options.stdin ?? startedByEngine()) watchStdin(onGone);
}

/** Whether this process is the engine's dynamic provider plugin: node running @pulumi/pulumi's host, stdin a pipe. */
export function startedByEngine(
  script: string | undefined = process.argv[1],
  stdinIsPipe: () => boolean = stdinIsAPipe,
): boolean {
  return script !== undefined && DYNAMIC_PROVIDER_HOST.test(script) && stdinIsPipe();
}

function watchParent(intervalMs: number, onGone: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent || !isAlive(parent)) {
      clearInterval(timer);
      onGone();
    }
  }, intervalMs);
  timer.unref();
}

/** Reads stdin only to see its end: the engine never writes to it. */
function watchStdin(onGone: () => void): void {
  const stdin = process.stdin;
  stdin.on("end", onGone);
  // A read error is no news of the engine; without a listener it would be an uncaught exception.
  stdin.on("error", () => {});
  stdin.resume();
  // process.stdin is a net.Socket for a pipe; unref lets the process end when nothing else runs.
  (stdin as { unref?: () => void }).unref?.();
}

/** Signal 0 checks that a process exists; EPERM means it does, under another user. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function stdinIsAPipe(): boolean {
  try {
    const stat = fstatSync(0);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
