// What every resource class registers: a dynamic resource whose provider is the shim (shim.ts), with
// its type token, registered outputs and secrets taken from the resource's shape. Loads neither the
// SDK nor the plugin: a program's process only declares resources; the plugin's process calls the API.
// It is what `pulumi.dynamic.Resource` registers (the type token `pulumi-nodejs:dynamic/tcs:<Kind>`,
// the provider module as the `__provider` input), with the module's text written by shim.ts instead
// of serialized from a closure.
import * as pulumi from "@pulumi/pulumi";
import { CREATE_KEY_INPUT, PROVIDER_INPUT, REPLACE_ON_CHANGES_INPUT, SAME_KEY_AS_INPUT } from "../shapes/reserved";
import type { Shape } from "../shapes/shape";
import { TYPE_TOKENS } from "../type-tokens";
import { createKeyInput } from "./create-key";
import { refuseImportOption } from "./import-option";
import { otherOwnerInput } from "./one-owner";
import { providerModule } from "./shim";

/** What a resource class hands pulumi.CustomResource: its type token, properties and options. */
export interface Registration {
  type: string;
  props: Record<string, unknown>;
  options: pulumi.CustomResourceOptions | undefined;
}

/**
 * A resource class's registration, prepared before anything is registered. Each class extends
 * pulumi.CustomResource directly and passes this to its constructor, within quietTraces (below):
 * Pulumi records as the resource's source position the first frame below a fixed number of its own
 * (Resource.stackTrace(4): its two capturing functions, Resource, CustomResource, and one more for
 * the class's constructor). A base class of ours between the two (there was one, TcsResource) put
 * that position in pulumi-tcs's own class file instead of the program's declaration, and added the
 * frame to every resource's stack trace in state: about 70 bytes a resource, which the file backend
 * rewrites with the whole checkpoint after every step.
 */
export function registration(
  shape: Shape,
  name: string,
  args: object,
  opts: pulumi.CustomResourceOptions | undefined,
): Registration {
  // Before anything is registered: the engine cannot import a dynamic resource (import-option.ts).
  refuseImportOption(shape, name, opts);
  // Our own arguments are prepared first, so an error of theirs keeps its trace.
  return {
    type: TYPE_TOKENS[shape.kind],
    // Not spread from resourceProps: its same-key input is a getter, to be read when Pulumi serializes the inputs (one-owner.ts).
    props: Object.assign(resourceProps(shape, name, args, opts), { [PROVIDER_INPUT]: providerModule(shape.kind) }),
    options: optionsOf(shape, opts),
  };
}

/**
 * Turns off stack traces for the registration's own promises and returns the limit to restore in
 * the constructor's `finally`. @pulumi/pulumi makes four promises for every registered output and
 * formats a stack trace for each (debuggablePromise), through the program's source maps: about
 * 0.25 ms an output, 2 s of CPU for 500 resources of ~15 outputs, the largest cost of a preview
 * (docs/performance.md). Those traces are read only by Pulumi's report of leaked promises, whose
 * context names the resource and the output anyway. The source position and stack trace the engine
 * records for the resource are taken with Pulumi's own limit (Resource.callsites), so they are
 * unchanged.
 */
export function quietTraces(): number {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  return limit;
}

/** An error the registration threw with no trace (a missing name, say), given the program's, from where it declared the resource. */
export function withProgramTrace(
  error: unknown,
  limit: number,
  declared: abstract new (...args: never[]) => unknown,
): unknown {
  Error.stackTraceLimit = limit;
  if (error instanceof Error) Error.captureStackTrace(error, declared);
  return error;
}

/**
 * Every output named (so it is registered and can be read before the create), the args, the
 * resource's identity for its create marker (create sees no URN; see create-key.ts), and its
 * replaceOnChanges option, which the engine does not pass to a dynamic provider (see
 * engine/replace-on-changes.ts). Those two are plumbing, named with `__` so that no plan shows
 * them (shapes/reserved.ts).
 */
export function resourceProps(
  shape: Shape,
  name: string,
  args: object,
  opts: pulumi.CustomResourceOptions | undefined,
): Record<string, unknown> {
  const slots = Object.fromEntries(shape.outputNames.map((output) => [output, undefined]));
  const declared: Record<string, unknown> = { ...args };
  // A secret input is a secret in the inputs recorded in state too, not only in the outputs.
  for (const input of shape.secretInputs)
    if (declared[input] !== undefined) declared[input] = pulumi.secret(declared[input]);
  const props: Record<string, unknown> = {
    ...slots,
    ...declared,
    [CREATE_KEY_INPUT]: createKeyInput(shape.token, name, opts),
    ...replaceOnChangesInput(opts),
  };
  const sameKeyAs = otherOwnerInput(shape, name, { ...args });
  if (sameKeyAs) Object.defineProperty(props, SAME_KEY_AS_INPUT, sameKeyAs);
  return props;
}

/** The input to add for these resource options: none when the option is not set, so state stays as it was. */
export function replaceOnChangesInput(opts: pulumi.CustomResourceOptions | undefined): Record<string, string[]> {
  const paths = opts?.replaceOnChanges ?? [];
  return paths.length > 0 ? { [REPLACE_ON_CHANGES_INPUT]: [...paths] } : {};
}

function optionsOf(
  shape: Shape,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.CustomResourceOptions | undefined {
  if (shape.secretOutputs.length === 0) return opts;
  return { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...shape.secretOutputs] };
}
