import { listEnvelope, PagePromise, withAfter } from "../core/pagination";
import type { RequestOptions } from "../core/options";
import type { ListParams, OneOrMany } from "../schemas/common";
import { ProviderConfigSchema, type ProviderConfig } from "../schemas/provider-configs";
import { pathId, Resource } from "./resource";

/** The request form of a tool filter; the record's `toolFilter` adds `ignoreParentFilters`. */
export type ToolFiltersParam = { type: "allow_all" } | { type: "tool_keys"; keys: string[] };

export interface ProviderConfigCreateParams {
  providerId: string;
  /** Default: the provider's default deployment. Naming one locks the config to it. */
  providerDeploymentId?: string;
  name?: string | null;
  description?: string | null;
  metadata?: Record<string, unknown> | null;
  /** Provider-specific values, validated against the deployment's config schema; never returned. */
  value?: Record<string, unknown>;
  /** A saved vault used as template; `value` overrides its values. One of the two is required. */
  providerConfigVaultId?: string;
  toolFilters?: ToolFiltersParam;
}

export interface ProviderConfigUpdateParams {
  name?: string | null;
  description?: string | null;
  metadata?: Record<string, unknown> | null;
  toolFilters?: ToolFiltersParam;
}

export interface ProviderConfigListParams extends ListParams {
  status?: OneOrMany<"active" | "archived">;
  id?: OneOrMany;
  providerId?: OneOrMany;
  providerSpecificationId?: OneOrMany;
  providerDeploymentId?: OneOrMany;
  providerConfigVaultId?: OneOrMany;
  actorId?: OneOrMany;
  consumerId?: OneOrMany;
  identityId?: OneOrMany;
  identityCredentialId?: OneOrMany;
  /** Only configs not owned by another integration instance provider. */
  availableForUse?: boolean;
  /** Only configs not locked to a different deployment. */
  availableForProviderDeploymentId?: string;
  /** Case-insensitive substring of name or description. */
  search?: string;
}

const ProviderConfigListSchema = listEnvelope(ProviderConfigSchema);

export class ProviderConfigs extends Resource {
  create(params: ProviderConfigCreateParams, opts?: RequestOptions): Promise<ProviderConfig> {
    return this.core.request({ method: "POST", path: "/provider-configs", body: params, schema: ProviderConfigSchema, what: "provider config" }, opts);
  }

  retrieve(id: string, opts?: RequestOptions): Promise<ProviderConfig> {
    return this.core.request(
      { method: "GET", path: `/provider-configs/${pathId(id, "provider config id")}`, schema: ProviderConfigSchema, what: "provider config" },
      opts,
    );
  }

  update(id: string, params: ProviderConfigUpdateParams, opts?: RequestOptions): Promise<ProviderConfig> {
    return this.core.request(
      { method: "PATCH", path: `/provider-configs/${pathId(id, "provider config id")}`, body: params, schema: ProviderConfigSchema, what: "provider config" },
      opts,
    );
  }

  /**
   * Deletes the config for good (reading it afterwards is a 404). Whatever a success carries (the
   * record, an empty body, a 204) is not read: the config no longer exists.
   */
  delete(id: string, opts?: RequestOptions): Promise<void> {
    return this.core.request({ method: "DELETE", path: `/provider-configs/${pathId(id, "provider config id")}`, schema: null, what: "provider config" }, opts);
  }

  list(params: ProviderConfigListParams = {}, opts?: RequestOptions): PagePromise<ProviderConfig> {
    return new PagePromise((after) =>
      this.core.request(
        { method: "GET", path: "/provider-configs", query: withAfter(params, after), schema: ProviderConfigListSchema, what: "list of provider configs" },
        opts,
      ),
    );
  }
}
