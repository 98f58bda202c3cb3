// tcs.CallbackInstance: its fields are declared in shapes/callback-instance.ts.
import * as pulumi from "@pulumi/pulumi";
import { callbackInstance } from "../shapes/callback-instance";
import type { ResourceArgs, ResourceOutputs } from "../shapes/shape";
import type { CallbackInstanceFieldDocs } from "./field-docs";
import { quietTraces, registration, withProgramTrace } from "./tcs-resource";

type Fields = typeof callbackInstance.fields;

export interface CallbackInstanceArgs extends ResourceArgs<Fields, CallbackInstanceFieldDocs> {}
export interface CallbackInstance extends ResourceOutputs<Fields, CallbackInstanceFieldDocs> {}

/** Attaches a callback to a provider config and optional auth config; its triggers produce events. */
export class CallbackInstance extends pulumi.CustomResource {
  constructor(name: string, args: CallbackInstanceArgs, opts?: pulumi.CustomResourceOptions) {
    const { type, props, options } = registration(callbackInstance, name, args, opts);
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
