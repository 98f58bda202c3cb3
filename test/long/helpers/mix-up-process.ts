// `pulumi up` of the scale mix on a stack a test opened, in a process of its own: the program's host,
// which a test kills with the engine, as a killed CLI takes its language host down with it. Hosted in
// the test's process instead, the program would outlive the engine, and its calls still waiting on it
// would fail there as unhandled rejections, which the SDK leaves for a language host to ignore.
//   tsx mix-up-process.ts <workDir> <backendDir> <stack> <resources> <slug prefix>
import { openStack } from "../../lib/engine";
import { mixProgram } from "../../lib/mix-program";

async function main([workDir, backendDir, stackName, resources, slugPrefix]: string[]): Promise<void> {
  const stack = await openStack({
    program: mixProgram(Number(resources), { slugPrefix, recoverFailures: true }),
    workDir,
    backendDir,
    stackName,
  });
  await stack.up();
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
