// tcs.ProviderConfig: its fields are declared in shapes/provider-config.ts.
import * as pulumi from "@pulumi/pulumi";
import { providerConfig } from "../shapes/provider-config";
import type { ResourceArgs, ResourceOutputs } from "../shapes/shape";
import type { ProviderConfigFieldDocs } from "./field-docs";
import { quietTraces, registration, withProgramTrace } from "./tcs-resource";

export type { ToolFilters } from "../shapes/provider-config";

type Fields = typeof providerConfig.fields;

export interface ProviderConfigArgs extends ResourceArgs<Fields, ProviderConfigFieldDocs> {}
export interface ProviderConfig extends ResourceOutputs<Fields, ProviderConfigFieldDocs> {}

/** Settings for a provider deployment. `value` is stored as a secret and never shown. */
export class ProviderConfig extends pulumi.CustomResource {
  constructor(name: string, args: ProviderConfigArgs, opts?: pulumi.CustomResourceOptions) {
    const { type, props, options } = registration(providerConfig, name, args, opts);
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
