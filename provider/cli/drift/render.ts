// The drift report as Markdown (a CI job summary) and as JSON (for tools).
import { DEFAULT_CONNECTION_LABEL } from "../../settings";
import type { DocsSection } from "../../docs-sections";
import type { DriftedResource, DriftReport, FieldChange, LifecycleChange, Orphan } from "./report";

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

/** `level` is the heading level of the section itself; its resources go one below. */
function lifecycleSection(changes: LifecycleChange[], level: string): string[] {
  if (changes.length === 0) return [];
  const recreated = changes.filter((change) => change.recreate).length;
  const lines = [
    `${level} Lifecycle changes (not drift)`,
    "",
    `The service changed ${changes.length === 1 ? "this resource" : `these ${changes.length} resources`} by itself (a session expired or completed, ...)` +
      `${recreated > 0 ? `; ${recreated} will be re-created by the next \`pulumi up --refresh\`, as the program asks` : ""}. Nothing to restore.`,
    "",
  ];
  for (const change of changes) {
    lines.push(heading(`${level}#`, change), "");
    if (change.recreate)
      lines.push("**Will be re-created** by the next `pulumi up --refresh` (`replaceWhenExpired`).", "");
    lines.push(...table(change.fields, "in state"), "");
  }
  return lines;
}

function counts(resources: DriftedResource[]): string {
  const changed = resources.filter((r) => r.change === "changed").length;
  return `${changed} changed, ${resources.length - changed} deleted outside Pulumi`;
}

/** The drifted resources, each under a heading of `level`. */
function driftSection(resources: DriftedResource[], level: string): string[] {
  const lines: string[] = [];
  for (const resource of resources) {
    lines.push(heading(level, resource));
    if (resource.change === "deleted") {
      lines.push("", "Deleted outside Pulumi: the next `up` creates it again.", "");
      continue;
    }
    if (resource.note) lines.push("", `${resource.note[0].toUpperCase()}${resource.note.slice(1)}.`);
    lines.push("", ...table(resource.fields, "declared"), "");
  }
  return lines;
}

const RESTORE = "Run `pulumi up --refresh` to restore the declared state.";

/** The orphans' docs section, one of those a message may name (a type: the report stays light). */
const ORPHANS_SECTION: DocsSection = "docs/troubleshooting.md#orphans";

/**
 * The orphans, each with the three ways to settle it. `program`: the tools' command as the user
 * typed it (pulumi-tcs, or the plugin executable).
 */
function orphanSection(orphans: readonly Orphan[], program: string): string[] {
  if (orphans.length === 0) return [];
  const lines = [
    `### Orphans: ${orphans.length === 1 ? "an object" : `${orphans.length} objects`} no resource holds`,
    "",
    "Each carries the create marker of an object this stack holds: a create the service committed after its client gave up. " +
      `Until each is settled, the report exits 2. See ${ORPHANS_SECTION}.`,
    "",
  ];
  for (const orphan of orphans) {
    const token = orphan.type.replace(/^tcs:/, "tcs:index:");
    lines.push(
      `#### ${orphan.type} \`${orphan.id}\` (beside \`${orphan.beside}\`)`,
      "",
      `- take it over: declare a resource with \`adoptId: "${orphan.id}"\`, or \`pulumi import ${token} <name> ${orphan.id}\``,
      `- delete it: \`${program} orphan ${orphan.id} --delete\``,
      `- release it (it stays, no stack's): \`${program} orphan ${orphan.id} --release\``,
      "",
    );
  }
  return lines;
}

export function toMarkdown(report: DriftReport, program = "pulumi-tcs"): string {
  const lines = [`## Drift report: stack \`${report.stack}\``, ""];
  const orphans = orphanSection(report.orphans ?? [], program);
  const groups = connectionGroups(report);
  if (groups) return [...lines, ...byConnection(report, groups), ...orphans].join("\n");
  if (!report.drifted) {
    lines.push(
      "No drift: every declared input matches what the service holds.",
      "",
      ...orphans,
      ...lifecycleSection(report.lifecycle, "###"),
    );
    return lines.join("\n");
  }
  lines.push(`**Drift found**: ${counts(report.resources)}. ${RESTORE}`, "");
  lines.push(...driftSection(report.resources, "###"), ...orphans, ...lifecycleSection(report.lifecycle, "###"));
  return lines.join("\n");
}

/**
 * The connections to group the report by, or undefined when it reads best ungrouped: every tcs
 * resource on the default connection. A report written before the grouping existed is grouped by
 * the connections its entries name.
 */
function connectionGroups(report: DriftReport): Array<string | null> | undefined {
  const named = (entries: Array<{ connection?: string | null }>) =>
    entries.map((entry) => entry.connection).filter((c) => c !== undefined);
  const connections = report.connections?.map((group) => group.connection) ?? [
    ...new Set([...named(report.resources), ...named(report.lifecycle)]),
  ];
  return connections.some((connection) => connection !== null) ? connections : undefined;
}

function connectionLabel(connection: string | null): string {
  return connection === null ? `\`${DEFAULT_CONNECTION_LABEL}\` (top-level tcs:* config)` : `\`${connection}\``;
}

/** A section per connection, then one for other providers' resources (which have no tcs connection). */
function byConnection(report: DriftReport, connections: Array<string | null>): string[] {
  const drifting = connections.filter((connection) => report.resources.some((r) => r.connection === connection));
  const lines = report.drifted
    ? [
        `**Drift found**: ${counts(report.resources)}, on ${drifting.length === 1 ? "connection" : "connections"} ${drifting.map(connectionLabel).join(", ")}. ${RESTORE}`,
        "",
      ]
    : [
        `No drift on ${connections.length === 1 ? "the stack's connection" : `any of the stack's ${connections.length} connections`}: every declared input matches what the service holds.`,
        "",
      ];
  const section = (title: string, resources: DriftedResource[], lifecycle: LifecycleChange[]) => {
    lines.push(`### ${title}`, "");
    lines.push(resources.length > 0 ? `**Drift found**: ${counts(resources)}.` : "No drift.", "");
    lines.push(...driftSection(resources, "####"), ...lifecycleSection(lifecycle, "####"));
  };
  for (const connection of connections) {
    const on = (entry: { connection?: string | null }) => entry.connection === connection;
    section(`Connection ${connectionLabel(connection)}`, report.resources.filter(on), report.lifecycle.filter(on));
  }
  const other = (entry: { connection?: string | null }) => entry.connection === undefined;
  if (report.resources.some(other) || report.lifecycle.some(other)) {
    section("Other providers' resources", report.resources.filter(other), report.lifecycle.filter(other));
  }
  return lines;
}

export function toJson(report: DriftReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
