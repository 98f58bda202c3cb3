// The same-shape floor: the mix program (test/lib/mix-program.ts with `resources:
// SAME_SHAPE_RESOURCES`) declaring exactly what it declares, as dynamic resources that carry the
// properties the tcs resources carry, served by a plugin that does nothing (same-shape-provider.js).
// What the engine spends on them is its own cost for exactly our resources: the limit no provider can
// beat, and what the scale targets divide by.
//
// Registered as pulumi-tcs's classes register theirs (provider/dynamic/tcs-resource.ts): every output
// of the shape named, secret inputs secret, the shape's secret outputs secret, a hand-written
// `__provider` module of one line, no stack traces formatted for the outputs. Left out: the provider's
// own plumbing (`__tcsCreateKey`, the `__tcsValidatedBy` its check adds, the `__tcsEnvironment`
// output). With `plumbing`, the floor the dynamic door's targets divide by (the host floor, scale.ts),
// the resources carry the two of them that the engine's dynamic-provider host leaves that door no
// way around: the create key (its create is not told the resource's URN) and the environment record
// (it keeps no state of a provider's own, so each resource records the environment it lives in). The
// checks' fingerprint stays ours to pay: the native door carries it too. The outputs are every field
// of the shape, as ours are: the declared inputs, and for the rest the values of a template derived
// from the shape here (nulls for undeclared optional inputs, what no declaration means, settings'
// defaults, and a value like the service's for each output).
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { SHAPES } from "../../../provider/shapes";
import { createKeyOfParts } from "../../../provider/shapes/identity";
import { CREATE_KEY_INPUT } from "../../../provider/shapes/reserved";
import type { ResourceKind, Shape } from "../../../provider/shapes/shape";
import type { MixResources } from "../../../test/lib/mix-program";

// Plain JavaScript, for the plugin (see the file); loaded here for its names only.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { TEMPLATES_ENV, PLUMBING_ENV } = require("./same-shape-provider.js") as {
  TEMPLATES_ENV: string;
  PLUMBING_ENV: string;
};

/** The module the plugin loads: plain JavaScript, found by absolute path from the stack's work directory. */
const PROVIDER_FILE = path.join(__dirname, "same-shape-provider.js");

/** What the plugin fills in for a kind: its ids' prefix, and every field of its shape with its value when not declared. */
export interface SameShapeTemplate {
  prefix: string;
  fields: Record<string, unknown>;
}

const AT = "2026-11-26T10:14:32.585Z";

/**
 * A value like the service's for each field the service fills in (by `<Kind>.<field>`, else by field).
 * A shape that gains such a field fails the bench here until it gets one.
 */
const SAMPLES: Record<string, unknown> = {
  createdAt: AT,
  updatedAt: AT,
  expiresAt: AT,
  isDefault: false,
  "Callback.status": "active",
  "CallbackInstance.status": "attached",
  "ProviderConfig.status": "active",
  "IntegrationSetupSession.status": "pending",
  integrationId: "int_devtools000000000000",
  providerId: "prov_github00000000000000",
  providerDeploymentId: "pdep_githubcloud000000000",
  deploymentId: "pdep_githubcloud000000000",
  specificationId: "pspec_github00000000000000",
  url: "http://127.0.0.1:40581/_setup/82TvV7ZRcwT5g8P3sGCanECSn4PkWGaQEBmlLlgL",
  webhookUrl: "http://127.0.0.1:40581/_webhooks/0HSSNOuopMNWm4cCwuzLwxytXN9x4WPojsDoE7gZ",
  triggers: [
    { id: "cbit_IaN0sJKi2d3IHzti3tRP", key: "issue_opened", pollIntervalSeconds: 60, source: "polling" },
    { id: "cbit_DeLQPeA2nstcufIXphWb", key: "push", pollIntervalSeconds: null, source: "webhook" },
  ],
  integrationInstance: {
    createdAt: AT,
    id: "inst_tlOqD5dNl4G9mErhYanT",
    integrationId: "int_chat0000000000000000",
    object: "integration.instance#preview",
    status: "draft",
    updatedAt: AT,
  },
};

function sample(kind: ResourceKind, field: string): unknown {
  for (const key of [`${kind}.${field}`, field]) if (Object.hasOwn(SAMPLES, key)) return SAMPLES[key];
  throw new Error(
    `same-shape floor: no sample value for ${kind}.${field} (add one to SAMPLES in scripts/bench/programs/same-shape.ts)`,
  );
}

/** A kind's template: every field of its shape, in the shape's order. */
export function sameShapeTemplate(shape: Shape): SameShapeTemplate {
  const fields: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape.fields)) {
    if (field.role === "setting") fields[name] = field.default;
    else if (field.role === "output") fields[name] = sample(shape.kind, name);
    else if (field.presence === "filled")
      fields[name] = field.rule.absentMeans !== undefined ? field.rule.absentMeans : sample(shape.kind, name);
    // Optional: null when undeclared, as ours read; required: always declared.
    else fields[name] = null;
  }
  return { prefix: shape.id.prefix, fields };
}

/** Every kind's template, as the plugin reads them (TCS_BENCH_SAME_SHAPE). */
export function sameShapeTemplates(): Record<ResourceKind, SameShapeTemplate> {
  return Object.fromEntries(Object.values(SHAPES).map((shape) => [shape.kind, sameShapeTemplate(shape)])) as Record<
    ResourceKind,
    SameShapeTemplate
  >;
}

/** The environment a same-shape stack's CLI (and so its plugin) needs; with `plumbing`, the plugin records the environment record too. */
export function sameShapeEnv(plumbing = false): Record<string, string> {
  return { [TEMPLATES_ENV]: JSON.stringify(sameShapeTemplates()), ...(plumbing ? { [PLUMBING_ENV]: "1" } : {}) };
}

/** The `__provider` module of a kind: one line, as pulumi-tcs's (provider/dynamic/shim.ts). */
export function sameShapeModule(kind: ResourceKind): string {
  return `const p={configure(){Object.assign(this,require(${JSON.stringify(PROVIDER_FILE)}).forKind(${JSON.stringify(kind)}))}};exports.handler=()=>p;`;
}

/** With `plumbing`, each resource also sends the create key the dynamic door's classes send (provider/dynamic/create-key.ts). */
function sameShapeClass(shape: Shape, plumbing: boolean): new (name: string, args: object) => pulumi.CustomResource {
  const type = `pulumi-nodejs:dynamic/bench:${shape.kind}`;
  const module = sameShapeModule(shape.kind);
  const slots = Object.fromEntries(shape.outputNames.map((output) => [output, undefined]));
  const options: pulumi.CustomResourceOptions | undefined =
    shape.secretOutputs.length > 0 ? { additionalSecretOutputs: [...shape.secretOutputs] } : undefined;
  return class extends pulumi.CustomResource {
    constructor(name: string, args: object) {
      const declared: Record<string, unknown> = { ...args };
      for (const input of shape.secretInputs)
        if (declared[input] !== undefined) declared[input] = pulumi.secret(declared[input]);
      const props: Record<string, unknown> = { ...slots, ...declared, __provider: module };
      if (plumbing) props[CREATE_KEY_INPUT] = createKeyOfParts(pulumi.getProject(), pulumi.getStack(), "", type, name);
      // As pulumi-tcs's classes: no stack trace formatted for each registered output.
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 0;
      try {
        super(type, name, props, options);
      } finally {
        Error.stackTraceLimit = limit;
      }
    }
  };
}

function sameShapeResources(plumbing: boolean): MixResources {
  return {
    ProviderConfig: sameShapeClass(SHAPES.ProviderConfig, plumbing),
    Callback: sameShapeClass(SHAPES.Callback, plumbing),
    CallbackInstance: sameShapeClass(SHAPES.CallbackInstance, plumbing),
    Role: sameShapeClass(SHAPES.Role, plumbing),
    IntegrationSetupSession: sameShapeClass(SHAPES.IntegrationSetupSession, plumbing),
  };
}

/** The mix's constructors on the same-shape floor (`mixProgram(n, { resources: SAME_SHAPE_RESOURCES })`). */
export const SAME_SHAPE_RESOURCES = sameShapeResources(false);
/** The same, carrying the plumbing the dynamic-provider host makes the dynamic door carry (the host floor). */
export const SAME_SHAPE_PLUMBING_RESOURCES = sameShapeResources(true);
