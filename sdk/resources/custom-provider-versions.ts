import { listEnvelope, PagePromise, withAfter } from "../core/pagination";
import type { RequestOptions } from "../core/options";
import type { DateRange, ListParams, OneOrMany } from "../schemas/common";
import { CustomProviderVersionSchema, type CustomProviderVersion, type CustomProviderVersionStatus } from "../schemas/custom-providers";
import { Resource } from "./resource";

export interface CustomProviderVersionListParams extends ListParams {
  status?: OneOrMany<CustomProviderVersionStatus>;
  id?: OneOrMany;
  /** The provider, provider version and deployment filters match providers connected to sessions. */
  providerId?: OneOrMany;
  providerVersionId?: OneOrMany;
  customProviderId?: OneOrMany;
  customProviderDeploymentId?: OneOrMany;
  customProviderEnvironmentId?: OneOrMany;
  createdAt?: DateRange;
  updatedAt?: DateRange;
}

const CustomProviderVersionListSchema = listEnvelope(CustomProviderVersionSchema);

/** Only the list endpoint is published. */
export class CustomProviderVersions extends Resource {
  list(params: CustomProviderVersionListParams = {}, opts?: RequestOptions): PagePromise<CustomProviderVersion> {
    return new PagePromise((after) =>
      this.core.request(
        {
          method: "GET",
          path: "/custom-provider-versions",
          query: withAfter(params, after),
          schema: CustomProviderVersionListSchema,
          what: "list of custom provider versions",
        },
        opts,
      ),
    );
  }
}
