// pulumi-tcs drift groups its report by connection (issue 18): each entry names the connection its state
// records (null for the default connection), the JSON groups them, and the Markdown has a section per
// connection once the stack uses a named one; a stack on the default connection alone reads as before.
import type { StepEventMetadata } from "@pulumi/pulumi/automation";
import { classifyStep } from "../../../provider/cli/drift/classify";
import { DriftCollector } from "../../../provider/cli/drift/report";
import { toJson, toMarkdown } from "../../../provider/cli/drift/render";

type Props = Record<string, unknown>;

const role = {
  name: "Ops",
  slug: "ops",
  permissions: ["thread_read"],
  description: null,
  isDefault: false,
  createdAt: "t0",
  updatedAt: "t0",
};
const roleInputs = { name: "Ops", slug: "ops", permissions: ["thread_read"], tcsCreateKey: "k" };

/** A refresh step of a role in stack `two`, as the engine frames it (`update` when the service differs from the declaration). */
function roleStep(name: string, connection: string | undefined, after: Props, op = "update"): StepEventMetadata {
  const type = "pulumi-nodejs:dynamic/tcs:Role";
  const urn = `urn:pulumi:two::tcs::${type}::${name}`;
  const on = connection === undefined ? {} : { connection };
  const state = (outputs: Props) => ({
    type,
    urn,
    custom: true,
    id: `role_${name}`,
    inputs: { ...roleInputs, ...on },
    outputs: { ...outputs, ...on },
  });
  return { op, urn, type, old: state(role), new: state(after), provider: "" } as unknown as StepEventMetadata;
}

function deletedStep(name: string, connection: string | undefined): StepEventMetadata {
  const type = "pulumi-nodejs:dynamic/tcs:Callback";
  const urn = `urn:pulumi:two::tcs::${type}::${name}`;
  // A vanished object's step may carry its declaration without outputs.
  const inputs = { integrationProviderId: "intp_1", name, ...(connection === undefined ? {} : { connection }) };
  return {
    op: "delete",
    urn,
    type,
    old: { type, urn, id: `cb_${name}`, inputs, outputs: {} },
    provider: "",
  } as unknown as StepEventMetadata;
}

function collect(steps: StepEventMetadata[]) {
  const collector = new DriftCollector();
  steps.forEach((metadata, sequence) => collector.onEvent({ sequence, timestamp: 0, resOutputsEvent: { metadata } }));
  return collector.report("two");
}

const renamed = { ...role, name: "Ops (edited)" };

describe("pulumi-tcs drift by connection", () => {
  it("each entry carries the connection its state records: the name, null for the default one, none for another provider's resource", () => {
    expect(classifyStep(roleStep("ops", "staging", renamed)).drift).toMatchObject({
      name: "ops",
      connection: "staging",
      change: "changed",
    });
    expect(classifyStep(roleStep("ops", undefined, renamed)).drift).toMatchObject({ name: "ops", connection: null });
    expect(classifyStep(deletedStep("events", "production")).drift).toMatchObject({
      change: "deleted",
      connection: "production",
    });
    const other = {
      op: "update",
      urn: "urn:pulumi:two::tcs::random:index/randomId:RandomId::x",
      type: "random:index/randomId:RandomId",
      old: { outputs: { hex: "a" } },
      new: { outputs: { hex: "b" } },
    } as unknown as StepEventMetadata;
    const drift = classifyStep(other).drift!;
    expect(drift.name).toBe("x");
    expect("connection" in drift).toBe(false);
  });

  it("never lists the connection itself as a lifecycle change, even when a read does not echo it", () => {
    const step = roleStep("ops", "staging", role, "same");
    delete (step.new!.outputs as Props).connection;
    expect(classifyStep(step)).toEqual({});
  });

  it("the JSON groups every connection the stack uses, a clean one too, the default connection first", () => {
    const report = collect([
      roleStep("prod-ops", "production", role, "same"),
      roleStep("staging-ops", "staging", renamed),
      deletedStep("staging-events", "staging"),
      roleStep("default-ops", undefined, role, "same"),
    ]);
    expect(report.drifted).toBe(true);
    expect(report.connections).toEqual([
      { connection: null, drifted: false, resources: [], lifecycle: [] },
      { connection: "production", drifted: false, resources: [], lifecycle: [] },
      {
        connection: "staging",
        drifted: true,
        resources: [
          "urn:pulumi:two::tcs::pulumi-nodejs:dynamic/tcs:Callback::staging-events",
          "urn:pulumi:two::tcs::pulumi-nodejs:dynamic/tcs:Role::staging-ops",
        ],
        lifecycle: [],
      },
    ]);
    expect(JSON.parse(toJson(report)).resources.map((r: Props) => r.connection)).toEqual(["staging", "staging"]);
  });

  it("the Markdown has a section per connection, the default one labelled, and says which connections drifted", () => {
    const markdown = toMarkdown(
      collect([
        roleStep("prod-ops", "production", role, "same"),
        roleStep("staging-ops", "staging", renamed),
        roleStep("default-ops", undefined, role, "same"),
      ]),
    );
    expect(markdown).toBe(
      [
        "## Drift report: stack `two`",
        "",
        "**Drift found**: 1 changed, 0 deleted outside Pulumi, on connection `staging`. Run `pulumi up --refresh` to restore the declared state.",
        "",
        "### Connection `default` (top-level tcs:* config)",
        "",
        "No drift.",
        "",
        "### Connection `production`",
        "",
        "No drift.",
        "",
        "### Connection `staging`",
        "",
        "**Drift found**: 1 changed, 0 deleted outside Pulumi.",
        "",
        "#### tcs:Role `staging-ops` (role_staging-ops)",
        "",
        "| field | declared | in the service |",
        "|---|---|---|",
        '| name | `"Ops"` | `"Ops (edited)"` |',
        "",
      ].join("\n"),
    );
  });

  it("groups a stack on one named connection, and puts another provider's resources apart", () => {
    const other = {
      op: "update",
      urn: "urn:pulumi:two::tcs::random:index/randomId:RandomId::x",
      type: "random:index/randomId:RandomId",
      old: { outputs: { hex: "a" } },
      new: { outputs: { hex: "b" } },
    } as unknown as StepEventMetadata;
    const clean = toMarkdown(collect([roleStep("ops", "staging", role, "same")]));
    expect(clean).toMatch(/No drift on the stack's connection: every declared input/);
    expect(clean).toMatch(/### Connection `staging`\n\nNo drift\./);
    const drifted = toMarkdown(collect([roleStep("ops", "staging", role, "same"), other]));
    expect(drifted).toMatch(
      /### Connection `staging`\n\nNo drift\.\n\n### Other providers' resources\n\n\*\*Drift found\*\*: 1 changed/,
    );
  });

  it("a stack on the default connection alone reads as before: no connection section", () => {
    const markdown = toMarkdown(
      collect([roleStep("ops", undefined, renamed), roleStep("kept", undefined, role, "same")]),
    );
    expect(markdown).not.toMatch(/Connection|connection/);
    expect(markdown).toMatch(
      /^## Drift report: stack `two`\n\n\*\*Drift found\*\*: 1 changed, 0 deleted outside Pulumi\. Run .*\n\n### tcs:Role `ops`/,
    );
  });
});
