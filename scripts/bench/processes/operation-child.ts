// One timed operation of a bench stack in a process of its own, as a user's `pulumi up` runs its
// program in a new process: `node --import tsx operation-child.ts '<OperationRequest as JSON>'`.
// The bench's own process hosted every program of a run before: by the fifth round it had run about a
// hundred, and @pulumi/pulumi keeps each run's gRPC clients open (test/lib/engine.ts), so the
// program's CPU in an `up` grew from 3.6 s in the first round to 5.5 to 6.3 s in the fifth, unevenly
// between the sides of one round. Prints one line, the OperationResult, on stdout.
import type { Stack } from "@pulumi/pulumi/automation";
import { openStack } from "../../../test/lib/engine";
import { benchProgram, type BenchProgram } from "../programs/bench-program";
import { cpuSecondsOf } from "./plugin-memory";
import type { Operation } from "../statistics/scale-figures";

export interface OperationRequest {
  op: Operation;
  program: BenchProgram;
  /** The stack as the bench opened it (its config is already set there). */
  stack: { name: string; workDir: string; backendDir: string; env?: Record<string, string> };
}

/** The operation's wall time, and the CPU it took in this process (the program, the event stream) and in the CLI with its plugins. */
export interface OperationResult {
  seconds: number;
  programCpu: number;
  engineCpu: number;
}

async function runOperation(stack: Stack, op: Operation, name: string): Promise<void> {
  if (op === "up" || op === "update_10pct") await stack.up();
  else if (op === "refresh") await stack.refresh();
  else if (op === "destroy") await stack.destroy();
  else {
    const preview = await stack.preview();
    const changed = Object.entries(preview.changeSummary).filter(([kind, n]) => kind !== "same" && n > 0);
    if (changed.length > 0)
      throw new Error(`${name}: a preview right after up planned changes: ${JSON.stringify(preview.changeSummary)}`);
  }
}

async function main(request: OperationRequest): Promise<OperationResult> {
  const { stack: where } = request;
  const stack = await openStack({
    program: benchProgram(request.program),
    workDir: where.workDir,
    stackName: where.name,
    projectName: "bench",
    backendDir: where.backendDir,
    env: where.env,
  });
  // The CLI's CPU, and through it its plugins', counts once the CLI has exited and been waited for.
  const [programCpu, engineCpu] = [process.cpuUsage(), cpuSecondsOf("self", "children")];
  const started = performance.now();
  await runOperation(stack, request.op, where.name);
  const seconds = (performance.now() - started) / 1000;
  const program = process.cpuUsage(programCpu);
  return {
    seconds,
    programCpu: (program.user + program.system) / 1e6,
    engineCpu: cpuSecondsOf("self", "children") - engineCpu,
  };
}

main(JSON.parse(process.argv[2]) as OperationRequest).then(
  (result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    // The program's gRPC clients stay open (see above); nothing else is left to do.
    process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
