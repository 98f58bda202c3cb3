// `drift`: drift detection for scheduled pipelines. Runs a refresh preview of a stack (it does not
// run the program, so it works on any stack), reports each resource whose declared inputs differ from
// the service or whose object vanished (drift), and apart from those what the service changed by
// itself (lifecycle: a session expired or completed), in Markdown and JSON. Exits 0 (no drift, whatever
// the lifecycle changes), 2 (drift) or 1 (error), so a pipeline can tell drift from failure.
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { refreshPreviewEvents, type RefreshPreviewFailure } from "./drift/refresh-preview";
import { failureLine } from "./drift/failure-line";
import { DriftCollector } from "./drift/report";
import { toJson, toMarkdown } from "./drift/render";

const usage = (
  program: string,
) => `Usage: ${program} drift --stack <name> [--cwd <project dir>] [--markdown <file>] [--json <file>]

Runs a refresh preview of the stack and reports drift (declared inputs that differ from the service,
objects deleted outside Pulumi), orphans (objects carrying the stack's create markers that no resource
holds) and, apart, lifecycle changes (what the service changed by itself).
  --stack <name>     the stack to check (required)
  --cwd <dir>        the Pulumi project directory (default: the current directory)
  --markdown <file>  write the Markdown report there (default: print it); also appended to
                     $GITHUB_STEP_SUMMARY when that is set
  --json <file>      write the JSON report there
Exit codes: 0 no drift (lifecycle changes alone included), 2 drift or orphans found, 1 error.`;

export const EXIT = { clean: 0, error: 1, drift: 2 } as const;

/** Runs the drift report; `program` is the command as the user typed it (pulumi-tcs, or the plugin executable). */
export async function drift(argv: string[], program: string): Promise<number> {
  const USAGE = usage(program);
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        stack: { type: "string" },
        cwd: { type: "string" },
        markdown: { type: "string" },
        json: { type: "string" },
        help: { type: "boolean" },
      },
    }));
  } catch (error) {
    process.stderr.write(`${program} drift: ${(error as Error).message}\n\n${USAGE}\n`);
    return EXIT.error;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT.clean;
  }
  if (!values.stack) {
    process.stderr.write(
      `${program} drift: --stack is required (the stack to check, e.g. --stack production)\n\n${USAGE}\n`,
    );
    return EXIT.error;
  }
  const workDir = path.resolve(values.cwd ?? ".");
  if (!["Pulumi.yaml", "Pulumi.yml"].some((file) => fs.existsSync(path.join(workDir, file)))) {
    process.stderr.write(`${program} drift: no Pulumi.yaml in ${workDir}; pass the project directory with --cwd\n`);
    return EXIT.error;
  }

  const collector = new DriftCollector();
  try {
    for (const event of await refreshPreviewEvents(values.stack, workDir)) collector.onEvent(event);
  } catch (error) {
    const said = `${program} drift: the refresh preview of stack '${values.stack}' failed: `;
    process.stderr.write(`${said}${failureLine(failureOf(error), MESSAGE_LIMIT - said.length)}\n`);
    return EXIT.error;
  }

  const report = collector.report(values.stack);
  const markdown = toMarkdown(report, program);
  if (values.markdown) fs.writeFileSync(values.markdown, markdown);
  else process.stdout.write(markdown);
  if (process.env.GITHUB_STEP_SUMMARY) fs.appendFileSync(process.env.GITHUB_STEP_SUMMARY, markdown);
  if (values.json) fs.writeFileSync(values.json, toJson(report));
  // An orphan holds what the stack's object holds (a config's secret settings) and nothing else names it.
  return report.drifted || (report.orphans ?? []).length > 0 ? EXIT.drift : EXIT.clean;
}

/** A message the user reads, at most: one line that a CI log shows whole. */
const MESSAGE_LIMIT = 300;

/** What the failed preview reported, or why it could not run. */
function failureOf(error: unknown): Pick<RefreshPreviewFailure, "output" | "errors"> {
  return error instanceof Error ? { output: error.message, errors: [] } : (error as RefreshPreviewFailure);
}
