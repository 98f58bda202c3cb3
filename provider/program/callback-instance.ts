// tcs.CallbackInstance: its fields are declared in shapes/callback-instance.ts.
import type * as pulumi from "@pulumi/pulumi";
import { callbackInstance } from "../shapes/callback-instance";
import type { ResourceArgs, ResourceOutputs } from "../shapes/shape";
import { TcsResource } from "./tcs-resource";

type Fields = typeof callbackInstance.fields;

export interface CallbackInstanceArgs extends ResourceArgs<Fields> {}
export interface CallbackInstance extends ResourceOutputs<Fields> {}

/** Attaches a callback to a provider config and optional auth config; its triggers produce events. */
export class CallbackInstance extends TcsResource {
  constructor(name: string, args: CallbackInstanceArgs, opts?: pulumi.CustomResourceOptions) {
    super(callbackInstance, name, args, opts);
  }
}
