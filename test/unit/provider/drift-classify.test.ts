// the drift report's split of a refresh step into drift and lifecycle, without the engine. Each step is
// framed as the engine frames a refresh step: its op comes from the provider's own diff of the
// refreshed outputs against the declared inputs (`same` when it finds nothing to change).
import type { StepEventMetadata } from "@pulumi/pulumi/automation";
import { classifyStep } from "../../../provider/cli/drift/classify";
import { DriftCollector } from "../../../provider/cli/drift/report";
import { toMarkdown } from "../../../provider/cli/drift/render";
import { BINDINGS } from "../../../provider/engine/bindings";
import { ResourceEngine } from "../../../provider/engine/resource-engine";
import { RESOURCE_KINDS, SHAPES } from "../../../provider/shapes";
import { kindOfToken } from "../../../provider/type-tokens";
import type { ResourceKind } from "../../../provider/shapes/shape";

type Props = Record<string, unknown>;
const SECRET = (plaintext: string) => ({
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  ciphertext: "[secret]",
  plaintext,
});

function engine(kind: ResourceKind) {
  const noApi = () => {
    throw new Error("classification must not touch the API");
  };
  return new ResourceEngine(BINDINGS[kind], noApi, () => undefined);
}

/** A refresh step as the engine reports it: `inputs` declared, `before` in state, `after` read from the service. */
async function refreshStep(
  kind: ResourceKind,
  name: string,
  inputs: Props,
  before: Props,
  after: Props,
  extra: Partial<StepEventMetadata["old"]> = {},
): Promise<StepEventMetadata> {
  const diff = await engine(kind).diff("id_x", after, inputs);
  const type = `pulumi-nodejs:dynamic/tcs:${kind}`;
  const urn = `urn:pulumi:prod::tcs::${type}::${name}`;
  const state = (outputs: Props) => ({
    type,
    urn,
    custom: true,
    id: `id_${name}`,
    parent: "",
    provider: "",
    inputs,
    outputs,
    ...extra,
  });
  return {
    op: diff.changes ? "update" : "same",
    urn,
    type,
    old: state(before),
    new: state(after),
    provider: "",
  } as unknown as StepEventMetadata;
}

const sessionInputs = {
  integrationId: "int_devtools000000000000",
  name: "Connect",
  replaceWhenExpired: true,
  tcsCreateKey: "k",
};
const pendingSession = {
  integrationId: "int_devtools000000000000",
  name: "Connect",
  description: null,
  metadata: null,
  expiresAt: "2026-11-24T10:00:00.000Z",
  redirectUrl: null,
  configuration: null,
  replaceWhenExpired: true,
  url: SECRET("https://tcs.example/_setup/token"),
  status: "pending",
  integrationInstance: { id: "inst_1", status: "draft", updatedAt: "2026-11-23T10:00:00.000Z" },
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T10:00:00.000Z",
};
const callbackInputs = { integrationProviderId: "intp_github00000000000000", name: "GitHub events", tcsCreateKey: "k" };
const activeCallback = {
  integrationProviderId: "intp_github00000000000000",
  name: "GitHub events",
  description: null,
  metadata: null,
  status: "active",
  integrationId: "int_github000000000000000",
  providerId: "prov_github00000000000000",
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T10:00:00.000Z",
};

describe("drift versus lifecycle", () => {
  it("a completed session is lifecycle, not drift: status and integration instance listed, updatedAt left out", async () => {
    const after = {
      ...pendingSession,
      replaceWhenExpired: false,
      status: "successful",
      integrationInstance: { id: "inst_1", status: "active", updatedAt: "2026-11-23T11:00:00.000Z" },
      updatedAt: "2026-11-23T11:00:00.000Z",
    };
    const step = await refreshStep(
      "IntegrationSetupSession",
      "kept",
      { ...sessionInputs, replaceWhenExpired: false },
      { ...pendingSession, replaceWhenExpired: false },
      after,
    );
    // The engine itself sees nothing to change here, which is why the step used to vanish from the report.
    expect(step.op).toBe("same");
    const { drift, lifecycle } = classifyStep(step);
    expect(drift).toBeUndefined();
    expect(lifecycle).toMatchObject({ type: "tcs:IntegrationSetupSession", name: "kept", recreate: false });
    expect(lifecycle!.fields).toEqual([
      { name: "integrationInstance.status", old: "draft", new: "active" },
      { name: "status", old: "pending", new: "successful" },
    ]);
  });

  it("an expired session the program wants re-created is 'will be re-created', not drift; without replaceWhenExpired it is listed only", async () => {
    const renewed = classifyStep(
      await refreshStep("IntegrationSetupSession", "renewed", sessionInputs, pendingSession, {
        ...pendingSession,
        status: "expired",
      }),
    );
    expect(renewed.drift).toBeUndefined();
    expect(renewed.lifecycle).toMatchObject({
      recreate: true,
      fields: [{ name: "status", old: "pending", new: "expired" }],
    });

    const keptInputs = { ...sessionInputs, replaceWhenExpired: false };
    const kept = classifyStep(
      await refreshStep(
        "IntegrationSetupSession",
        "kept",
        keptInputs,
        { ...pendingSession, replaceWhenExpired: false },
        { ...pendingSession, replaceWhenExpired: false, status: "expired" },
      ),
    );
    expect(kept.drift).toBeUndefined();
    expect(kept.lifecycle).toMatchObject({
      recreate: false,
      fields: [{ name: "status", old: "pending", new: "expired" }],
    });
  });

  it("still says 'will be re-created' once a refresh recorded the expiry in state", async () => {
    const expired = { ...pendingSession, status: "expired" };
    const { drift, lifecycle } = classifyStep(
      await refreshStep("IntegrationSetupSession", "renewed", sessionInputs, expired, expired),
    );
    expect(drift).toBeUndefined();
    expect(lifecycle).toMatchObject({ recreate: true, fields: [{ name: "status", old: "expired", new: "expired" }] });
  });

  it("a rename is drift on the declared field alone; the updatedAt it moved is not listed", async () => {
    const after = { ...activeCallback, name: "renamed by hand", updatedAt: "2026-11-23T12:00:00.000Z" };
    const { drift, lifecycle } = classifyStep(
      await refreshStep("Callback", "events", callbackInputs, activeCallback, after),
    );
    expect(drift).toEqual({
      urn: expect.any(String),
      type: "tcs:Callback",
      name: "events",
      id: "id_events",
      connection: null,
      change: "changed",
      fields: [{ name: "name", old: "GitHub events", new: "renamed by hand" }],
    });
    expect(lifecycle).toBeUndefined();
  });

  it("a rename that a plain refresh already wrote to state is still drift: the declared value is what counts", async () => {
    const renamed = { ...activeCallback, name: "renamed by hand" };
    const { drift } = classifyStep(await refreshStep("Callback", "events", callbackInputs, renamed, renamed));
    expect(drift?.fields).toEqual([{ name: "name", old: "GitHub events", new: "renamed by hand" }]);
  });

  it("a declared field the engine leaves alone (ignoreChanges: the step is `same`) is not drift", () => {
    const step = {
      op: "same",
      urn: "urn:pulumi:prod::tcs::pulumi-nodejs:dynamic/tcs:Callback::events",
      type: "pulumi-nodejs:dynamic/tcs:Callback",
      old: { inputs: callbackInputs, outputs: activeCallback },
      new: { inputs: callbackInputs, outputs: { ...activeCallback, name: "renamed by hand" } },
    };
    expect(classifyStep(step as unknown as StepEventMetadata)).toEqual({});
  });

  it("an archived callback is drift (someone disabled callbacks; the next up replaces it), with its reason", async () => {
    const { drift, lifecycle } = classifyStep(
      await refreshStep("Callback", "events", callbackInputs, activeCallback, {
        ...activeCallback,
        status: "archived",
      }),
    );
    expect(drift).toMatchObject({
      change: "changed",
      fields: [{ name: "status", old: "active", new: "archived" }],
      note: expect.stringMatching(/archived outside Pulumi.*replaces it/),
    });
    expect(lifecycle).toBeUndefined();
  });

  it("an object deleted out of band is drift", () => {
    const step = {
      op: "delete",
      urn: "urn:pulumi:prod::tcs::pulumi-nodejs:dynamic/tcs:ProviderConfig::github",
      type: "pulumi-nodejs:dynamic/tcs:ProviderConfig",
      old: { id: "pcfg_1", outputs: {} },
    };
    expect(classifyStep(step as unknown as StepEventMetadata).drift).toMatchObject({
      change: "deleted",
      id: "pcfg_1",
      fields: [],
    });
  });

  it("an instance's triggers and deployment moved by the service are lifecycle, and its webhook URL stays masked", async () => {
    const inputs = { callbackId: "cb_1", providerConfigId: "pcfg_1", tcsCreateKey: "k" };
    const before = {
      callbackId: "cb_1",
      providerConfigId: "pcfg_1",
      providerAuthConfigId: null,
      status: "attached",
      deploymentId: "pdep_a",
      webhookUrl: SECRET("https://tcs.example/hook/a"),
      triggers: [],
      createdAt: "t0",
      updatedAt: "t0",
    };
    const after = {
      ...before,
      deploymentId: "pdep_b",
      webhookUrl: SECRET("https://tcs.example/hook/b"),
      triggers: [{ id: "trg_1", key: "push", source: "webhook", pollIntervalSeconds: null }],
    };
    const { drift, lifecycle } = classifyStep(
      await refreshStep("CallbackInstance", "attachment", inputs, before, after, {
        additionalSecretOutputs: ["webhookUrl"],
      } as never),
    );
    expect(drift).toBeUndefined();
    expect(lifecycle!.fields.map((field) => field.name)).toEqual(["deploymentId", "triggers", "webhookUrl"]);
    expect(JSON.stringify(lifecycle)).not.toContain("hook/");
    expect(lifecycle!.fields.find((field) => field.name === "webhookUrl")).toEqual({
      name: "webhookUrl",
      old: "[secret]",
      new: "[secret]",
    });
  });

  it("a provider config's value, which the API never returns, is never drift; a changed tool filter is", async () => {
    const inputs = { providerId: "prov_github00000000000000", value: SECRET('{"a":1}'), tcsCreateKey: "k" };
    const before = {
      providerId: "prov_github00000000000000",
      providerDeploymentId: "pdep_x",
      providerConfigVaultId: null,
      value: SECRET('{"a":1}'),
      toolFilters: { type: "allow_all" },
      name: null,
      description: null,
      metadata: null,
      status: "active",
    };
    const after = { ...before, toolFilters: { type: "tool_keys", keys: ["search"] } };
    const { drift } = classifyStep(await refreshStep("ProviderConfig", "github", inputs, before, after));
    expect(drift?.fields).toEqual([
      { name: "toolFilters", old: undefined, new: { type: "tool_keys", keys: ["search"] } },
    ]);
  });

  it("the collector keeps lifecycle out of the exit code and the report's drift list", async () => {
    const collector = new DriftCollector();
    const expired = await refreshStep("IntegrationSetupSession", "renewed", sessionInputs, pendingSession, {
      ...pendingSession,
      status: "expired",
    });
    collector.onEvent({ sequence: 1, timestamp: 0, resOutputsEvent: { metadata: expired } });
    const report = collector.report("prod");
    expect(report).toMatchObject({ drifted: false, resources: [], lifecycle: [{ name: "renewed", recreate: true }] });
    const markdown = toMarkdown(report);
    expect(markdown).toMatch(/No drift/);
    expect(markdown).toMatch(/#### tcs:IntegrationSetupSession `renewed` \(id_renewed\)\n\n\*\*Will be re-created\*\*/);
  });
});

describe("the classification agrees with the provider", () => {
  it("every tcs type token names a resource with declared fields; other types are not ours", () => {
    for (const kind of RESOURCE_KINDS) {
      expect(kindOfToken(`pulumi-nodejs:dynamic/tcs:${kind}`)).toBe(kind);
      expect(BINDINGS[kind].shape).toBe(SHAPES[kind]);
    }
    expect(kindOfToken("aws:s3/bucket:Bucket")).toBeUndefined();
    expect(kindOfToken("tcs:toString")).toBeUndefined();
  });

  it("each out-of-band status is one the provider replaces the object for, and an expired session is replaced only when asked", () => {
    for (const kind of RESOURCE_KINDS) {
      for (const status of Object.keys(SHAPES[kind].outOfBandStatuses ?? {}))
        expect(BINDINGS[kind].shape.replacementReason?.({ status }, {})).toBeTruthy();
    }
    const session = SHAPES.IntegrationSetupSession;
    expect(session.replacementReason?.({ status: "expired" }, { replaceWhenExpired: true } as never)).toBeTruthy();
    expect(session.replacementReason?.({ status: "expired" }, { replaceWhenExpired: false } as never)).toBeFalsy();
    expect(session.replacementReason?.({ status: "successful" }, { replaceWhenExpired: true } as never)).toBeFalsy();
  });
});
