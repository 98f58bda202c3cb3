import { listEnvelope, PagePromise, withAfter } from "../core/pagination";
import type { RequestOptions } from "../core/options";
import type { DateRange, ListParams, OneOrMany } from "../schemas/common";
import {
  CustomProviderDeploymentLogsSchema,
  CustomProviderDeploymentSchema,
  type CustomProviderDeployment,
  type CustomProviderDeploymentLogs,
  type CustomProviderDeploymentStatus,
} from "../schemas/custom-providers";
import { pathId, Resource } from "./resource";

export interface CustomProviderDeploymentListParams extends ListParams {
  status?: OneOrMany<CustomProviderDeploymentStatus>;
  id?: OneOrMany;
  customProviderVersionId?: OneOrMany;
  customProviderId?: OneOrMany;
  createdAt?: DateRange;
  updatedAt?: DateRange;
}

const CustomProviderDeploymentListSchema = listEnvelope(CustomProviderDeploymentSchema);

/** Read-only. */
export class CustomProviderDeployments extends Resource {
  retrieve(id: string, opts?: RequestOptions): Promise<CustomProviderDeployment> {
    return this.core.request(
      {
        method: "GET",
        path: `/custom-provider-deployments/${pathId(id, "custom provider deployment id")}`,
        schema: CustomProviderDeploymentSchema,
        what: "custom provider deployment",
      },
      opts,
    );
  }

  list(params: CustomProviderDeploymentListParams = {}, opts?: RequestOptions): PagePromise<CustomProviderDeployment> {
    return new PagePromise((after) =>
      this.core.request(
        {
          method: "GET",
          path: "/custom-provider-deployments",
          query: withAfter(params, after),
          schema: CustomProviderDeploymentListSchema,
          what: "list of custom provider deployments",
        },
        opts,
      ),
    );
  }

  /** Build and deployment logs, step by step. */
  retrieveLogs(id: string, opts?: RequestOptions): Promise<CustomProviderDeploymentLogs> {
    return this.core.request(
      {
        method: "GET",
        path: `/custom-provider-deployments/${pathId(id, "custom provider deployment id")}/logs`,
        schema: CustomProviderDeploymentLogsSchema,
        what: "custom provider deployment logs",
      },
      opts,
    );
  }
}
