import type { RequestOptions } from "../core/options";
import { ProviderConfigSchemaDocumentSchema, type ProviderConfigSchema } from "../schemas/provider-configs";
import { Resource } from "./resource";

/** At least one is required (the service answers 400 otherwise). */
export interface ProviderConfigSchemaParams {
  providerId?: string;
  providerConfigId?: string;
  providerVersionId?: string;
  providerDeploymentId?: string;
}

export class ProviderConfigSchemas extends Resource {
  /** The JSON Schema of a deployment's configuration. The one call a publishable key may make. */
  retrieve(params: ProviderConfigSchemaParams, opts?: RequestOptions): Promise<ProviderConfigSchema> {
    return this.core.request(
      {
        method: "GET",
        path: "/provider-config-schema",
        query: params,
        schema: ProviderConfigSchemaDocumentSchema,
        what: "provider config schema",
        allowsPublishableKey: true,
      },
      opts,
    );
  }
}
