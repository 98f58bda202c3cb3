// pulumi-tcs drift reports orphans (issue 58): objects carrying the create marker of an object the
// stack holds that no resource holds, as the provider names them in a refresh's diagnostics. They are
// listed apart from drift with the three commands that settle each, and the report exits 2 on them.
import type { EngineEvent, StepEventMetadata } from "@pulumi/pulumi/automation";
import { DriftCollector } from "../../../provider/cli/drift/report";
import { toMarkdown } from "../../../provider/cli/drift/render";
import { warningText } from "../../../provider/engine/warn";
import { orphanWarning } from "../../../provider/orphan-warning";

const HELD = "pcfg_heldheldheldheldheld0";
const ORPHAN = "pcfg_orphanorphanorphan000";

function configStep(id: string): StepEventMetadata {
  const type = "tcs:index:ProviderConfig";
  const urn = `urn:pulumi:prod::infra::${type}::github`;
  const state = { type, urn, custom: true, id, inputs: { providerId: "prov_1" }, outputs: { providerId: "prov_1" } };
  return { op: "same", urn, type, old: state, new: state, provider: "" } as unknown as StepEventMetadata;
}

function collect(events: Array<Omit<EngineEvent, "sequence" | "timestamp">>) {
  const collector = new DriftCollector();
  events.forEach((event, sequence) => collector.onEvent({ sequence, timestamp: 0, ...event }));
  return collector.report("prod");
}

const named = (orphan: string, held = HELD) => ({
  diagnosticEvent: {
    message: `warning: ${warningText(orphanWarning("tcs:ProviderConfig", orphan, held))}\n`,
    color: "never",
    severity: "warning" as const,
  },
});

describe("pulumi-tcs drift and orphans", () => {
  it("lists an orphan the provider named, once however often it was named, with the commands that settle it", () => {
    const report = collect([{ resOutputsEvent: { metadata: configStep(HELD) } }, named(ORPHAN), named(ORPHAN)]);
    expect(report.drifted).toBe(false);
    expect(report.orphans).toEqual([{ type: "tcs:ProviderConfig", id: ORPHAN, beside: HELD }]);
    const markdown = toMarkdown(report, "pulumi-resource-tcs");
    expect(markdown).toContain(`\`pulumi-resource-tcs orphan ${ORPHAN} --delete\``);
    expect(markdown).toContain(`\`pulumi-resource-tcs orphan ${ORPHAN} --release\``);
    expect(markdown).toContain(`\`pulumi import tcs:index:ProviderConfig <name> ${ORPHAN}\``);
    expect(markdown).toContain(`adoptId: "${ORPHAN}"`);
  });

  it("never lists an object a resource of the stack holds, whatever a read thought of it", () => {
    const report = collect([
      named(ORPHAN),
      { resOutputsEvent: { metadata: configStep(HELD) } },
      { resOutputsEvent: { metadata: configStep(ORPHAN) } },
    ]);
    expect(report.orphans).toEqual([]);
    expect(toMarkdown(report)).not.toContain("Orphans");
  });
});
