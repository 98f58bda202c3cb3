// tcs.ProviderConfig: its fields are declared in shapes/provider-config.ts.
import type * as pulumi from "@pulumi/pulumi";
import { providerConfig } from "../shapes/provider-config";
import type { ResourceArgs, ResourceOutputs } from "../shapes/shape";
import { TcsResource } from "./tcs-resource";

export type { ToolFilters } from "../shapes/provider-config";

type Fields = typeof providerConfig.fields;

export interface ProviderConfigArgs extends ResourceArgs<Fields> {}
export interface ProviderConfig extends ResourceOutputs<Fields> {}

/** Settings for a provider deployment. `value` is stored as a secret and never shown. */
export class ProviderConfig extends TcsResource {
  constructor(name: string, args: ProviderConfigArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerConfig, name, args, opts);
  }
}
