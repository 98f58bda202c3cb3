// The drift report as Markdown (a CI job summary) and as JSON (for tools).
import type { DriftReport, FieldChange, LifecycleChange } from "./report";

function cell(value: unknown): string {
  const text = value === undefined ? "(absent)" : JSON.stringify(value);
  // Keep a table cell on one line and its pipes literal.
  return `\`${text.replace(/\|/g, "\\|").replace(/`/g, "'")}\``;
}

function table(fields: FieldChange[], oldHeading: string): string[] {
  return [
    `| field | ${oldHeading} | in the service |`,
    "|---|---|---|",
    ...fields.map((field) => `| ${field.name} | ${cell(field.old)} | ${cell(field.new)} |`),
  ];
}

function heading(level: string, resource: { type: string; name: string; id: string | undefined }): string {
  return `${level} ${resource.type} \`${resource.name}\`${resource.id ? ` (${resource.id})` : ""}`;
}

function lifecycleSection(changes: LifecycleChange[]): string[] {
  if (changes.length === 0) return [];
  const recreated = changes.filter((change) => change.recreate).length;
  const lines = [
    "### Lifecycle changes (not drift)",
    "",
    `The service changed ${changes.length === 1 ? "this resource" : `these ${changes.length} resources`} by itself (a session expired or completed, ...)` +
      `${recreated > 0 ? `; ${recreated} will be re-created by the next \`pulumi up --refresh\`, as the program asks` : ""}. Nothing to restore.`,
    "",
  ];
  for (const change of changes) {
    lines.push(heading("####", change), "");
    if (change.recreate) lines.push("**Will be re-created** by the next `pulumi up --refresh` (`replaceWhenExpired`).", "");
    lines.push(...table(change.fields, "in state"), "");
  }
  return lines;
}

export function toMarkdown(report: DriftReport): string {
  const lines = [`## Drift report: stack \`${report.stack}\``, ""];
  if (!report.drifted) {
    lines.push("No drift: every declared input matches what the service holds.", "", ...lifecycleSection(report.lifecycle));
    return lines.join("\n");
  }
  const changed = report.resources.filter((r) => r.change === "changed").length;
  const deleted = report.resources.length - changed;
  lines.push(`**Drift found**: ${changed} changed, ${deleted} deleted outside Pulumi. Run \`pulumi up --refresh\` to restore the declared state.`, "");
  for (const resource of report.resources) {
    lines.push(heading("###", resource));
    if (resource.change === "deleted") {
      lines.push("", "Deleted outside Pulumi: the next `up` creates it again.", "");
      continue;
    }
    if (resource.note) lines.push("", `${resource.note[0].toUpperCase()}${resource.note.slice(1)}.`);
    lines.push("", ...table(resource.fields, "declared"), "");
  }
  lines.push(...lifecycleSection(report.lifecycle));
  return lines.join("\n");
}

export function toJson(report: DriftReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
