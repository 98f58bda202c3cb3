// A base URL a command was given, judged by the provider's own rule (settings/declaration.ts baseUrlProblem)
// before the command opens any connection: `generate` sent the key over plain http to any host while
// the same URL as tcs:baseUrl failed the preview (issue 58). The refusal names where the URL came from
// and the fix in that same place. (`drift` takes no base URL: the provider it runs judges its own.)
import { render, type Refusal } from "../diagnostic";
import { baseUrlProblem, type SettingsOwner } from "../settings";

/** Where a command took its base URL from: a flag, an environment variable, or a stack's config. */
export type BaseUrlSource =
  { flag: string } | { variable: string } | { stack: string; owner: SettingsOwner; cwd?: string };

/** The one-line refusal of `value` taken from `source`, or undefined when the key may be sent to it. */
export function baseUrlRefusal(value: string, source: BaseUrlSource): string | undefined {
  const refusal = baseUrlDiagnostic(value, source);
  return refusal && render(refusal);
}

/** baseUrlRefusal as a diagnostic, for a command that renders it after its own name (cli/main.ts). */
export function baseUrlDiagnostic(value: string, source: BaseUrlSource): Refusal | undefined {
  const problem = baseUrlProblem(value);
  if (!problem) return undefined;
  const [subject, fix] = wording(source, problem.fix);
  // The plain-http case, the one that exposes the key, leaves the loopback hosts to the docs and the URL
  // to the fix (the same but for https), so that a stack's long fix still fits one line.
  const what = problem.inClear
    ? "is plain http to a host that is not loopback: the API key would travel in clear"
    : problem.problem;
  return { summary: `${subject} ${what}`, fix, docs: "docs/guide.md#configuration" };
}

function wording(source: BaseUrlSource, url: string): [subject: string, fix: string] {
  if ("flag" in source) return [source.flag, `Use ${source.flag} ${url}`];
  if ("variable" in source) return [source.variable, `Set ${source.variable}=${url}`];
  const cwd = source.cwd === undefined ? "" : ` --cwd ${source.cwd}`;
  // The stack is named once, in the fix.
  return [source.owner.key("baseUrl"), `Run ${source.owner.set("baseUrl", url)} --stack ${source.stack}${cwd}`];
}
