// tcs.Callback: its fields are declared in shapes/callback.ts.
import * as pulumi from "@pulumi/pulumi";
import { callback } from "../shapes/callback";
import type { ResourceArgs, ResourceOutputs } from "../shapes/shape";
import type { CallbackFieldDocs } from "./field-docs";
import { quietTraces, registration, withProgramTrace } from "./tcs-resource";

type Fields = typeof callback.fields;

export interface CallbackArgs extends ResourceArgs<Fields, CallbackFieldDocs> {}
export interface Callback extends ResourceOutputs<Fields, CallbackFieldDocs> {}

/**
 * A callback of the Tool Connectivity Service: receives provider events for an integration provider.
 * Only providers whose type has triggers enabled support callbacks; one active callback per
 * integration provider.
 */
export class Callback extends pulumi.CustomResource {
  constructor(name: string, args: CallbackArgs, opts?: pulumi.CustomResourceOptions) {
    const { type, props, options } = registration(callback, name, args, opts);
    const limit = quietTraces();
    try {
      super(type, name, props, options);
    } catch (error) {
      throw withProgramTrace(error, limit, new.target);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}
