// Runs one rule of the pack without the engine, in the style of pulumi/pulumi-policy-aws's tests
// (@pulumi/policy ships no test helpers of its own): build the arguments the policy server would pass,
// call the rule, collect what it reports. Props go through @pulumi/policy's own unknownCheckingProxy,
// as the server wraps them.
import {
  unknownCheckingProxy,
  type PolicyResource,
  type PolicyResourceOptions,
  type ResourceValidationArgs,
  type ResourceValidationPolicy,
  type StackValidationPolicy,
} from "@pulumi/policy";
import { TYPE_TOKENS, type ResourceKind } from "../../../provider/type-tokens";

export interface Violation {
  message: string;
  urn?: string;
}

export interface Subject {
  /** The stack the resource is in (its URN's); default "dev". */
  stack?: string;
  /** The resource's name; default "subject". */
  name?: string;
  /** The rule's settings from the policy config, as the engine passes them. */
  config?: Record<string, unknown>;
  /** The inputs of the resource's provider (the default dynamic provider's: the stack config). */
  provider?: Record<string, unknown>;
}

const OPTIONS: PolicyResourceOptions = {
  protect: false,
  ignoreChanges: [],
  aliases: [],
  customTimeouts: { createSeconds: 0, updateSeconds: 0, deleteSeconds: 0 },
  additionalSecretOutputs: [],
};

function urnOf(stack: string, type: string, name: string): string {
  return `urn:pulumi:${stack}::policy-test::${type}::${name}`;
}

/** The arguments of validateResource for a resource of `kind` (or any other type token) with `props`. */
export function resourceArgs(
  kind: ResourceKind | string,
  props: Record<string, unknown>,
  subject: Subject = {},
): ResourceValidationArgs {
  const type = Object.hasOwn(TYPE_TOKENS, kind) ? TYPE_TOKENS[kind as ResourceKind] : kind;
  const name = subject.name ?? "subject";
  return {
    type,
    name,
    urn: urnOf(subject.stack ?? "dev", type, name),
    props: unknownCheckingProxy(props),
    opts: OPTIONS,
    stackTags: new Map(),
    isType: () => false,
    asType: () => undefined,
    getConfig: <T extends object>() => (subject.config ?? {}) as T,
    notApplicable: (reason?: string) => {
      throw new Error(`not applicable: ${reason}`);
    },
    ...(subject.provider === undefined
      ? {}
      : {
          provider: {
            type: "pulumi:providers:pulumi-nodejs",
            name: "default",
            urn: urnOf(subject.stack ?? "dev", "pulumi:providers:pulumi-nodejs", "default"),
            props: unknownCheckingProxy(subject.provider),
          },
        }),
  };
}

export async function runResourcePolicy(
  policy: ResourceValidationPolicy,
  args: ResourceValidationArgs,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  const given = policy.validateResource;
  const validations = given === undefined ? [] : Array.isArray(given) ? given : [given];
  for (const validate of validations)
    await validate(args, (message, urn) => violations.push(urn === undefined ? { message } : { message, urn }));
  return violations;
}

/** The messages a rule reports for one resource. */
export async function messagesFor(
  policy: ResourceValidationPolicy,
  kind: ResourceKind | string,
  props: Record<string, unknown>,
  subject: Subject = {},
): Promise<string[]> {
  return (await runResourcePolicy(policy, resourceArgs(kind, props, subject))).map((violation) => violation.message);
}

/** A resource of a stack, as validateStack sees it. */
export function stackResource(
  type: string,
  props: Record<string | symbol, unknown>,
  subject: Subject = {},
): PolicyResource {
  const name = subject.name ?? "default";
  return {
    type,
    name,
    urn: urnOf(subject.stack ?? "dev", type, name),
    props: unknownCheckingProxy(props),
    opts: OPTIONS,
    dependencies: [],
    propertyDependencies: {},
    isType: () => false,
    asType: () => undefined,
  };
}

export async function runStackPolicy(
  policy: StackValidationPolicy,
  resources: PolicyResource[],
  config: Record<string, unknown> = {},
): Promise<Violation[]> {
  const violations: Violation[] = [];
  await policy.validateStack(
    {
      resources,
      stackTags: new Map(),
      getConfig: <T extends object>() => config as T,
      notApplicable: (reason?: string) => {
        throw new Error(`not applicable: ${reason}`);
      },
    },
    (message, urn) => violations.push(urn === undefined ? { message } : { message, urn }),
  );
  return violations;
}
