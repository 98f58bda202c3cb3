// The drift report as Markdown (a CI job summary) and as JSON (for tools).
import type { DriftReport } from "./report";

function cell(value: unknown): string {
  const text = value === undefined ? "(absent)" : JSON.stringify(value);
  // Keep a table cell on one line and its pipes literal.
  return `\`${text.replace(/\|/g, "\\|").replace(/`/g, "'")}\``;
}

export function toMarkdown(report: DriftReport): string {
  const lines = [`## Drift report: stack \`${report.stack}\``, ""];
  if (!report.drifted) {
    lines.push("No drift: every resource matches what the service holds.", "");
    return lines.join("\n");
  }
  const changed = report.resources.filter((r) => r.change === "changed").length;
  const deleted = report.resources.length - changed;
  lines.push(`**Drift found**: ${changed} changed, ${deleted} deleted outside Pulumi. Run \`pulumi up --refresh\` to restore the declared state.`, "");
  for (const resource of report.resources) {
    lines.push(`### ${resource.type} \`${resource.name}\`${resource.id ? ` (${resource.id})` : ""}`);
    if (resource.change === "deleted") {
      lines.push("", "Deleted outside Pulumi: the next `up` creates it again.", "");
      continue;
    }
    lines.push("", "| field | in state | in the service |", "|---|---|---|");
    for (const field of resource.fields) lines.push(`| ${field.name} | ${cell(field.old)} | ${cell(field.new)} |`);
    lines.push("");
  }
  return lines.join("\n");
}

export function toJson(report: DriftReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
