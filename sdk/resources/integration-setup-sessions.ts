import { listEnvelope, PagePromise, withAfter } from "../core/pagination";
import type { RequestOptions } from "../core/options";
import type { DateRange, ListParams, OneOrMany } from "../schemas/common";
import { IntegrationSetupSessionSchema, type IntegrationSetupSession, type IntegrationSetupSessionStatus } from "../schemas/integration-setup-sessions";
import { pathId, Resource } from "./resource";

export interface IntegrationSetupSessionCreateParams {
  integrationId: string;
  name: string;
  description?: string;
  metadata?: Record<string, unknown>;
  identityActorId?: string | null;
  identityId?: string | null;
  /** Default 24 h ahead; at most 7 days ahead. */
  expiresAt?: string | Date;
  redirectUrl?: string;
  configuration?: Record<string, unknown>;
}

export interface IntegrationSetupSessionListParams extends ListParams {
  status?: OneOrMany<IntegrationSetupSessionStatus>;
  id?: OneOrMany;
  integrationId?: OneOrMany;
  integrationInstanceId?: OneOrMany;
  createdAt?: DateRange;
  updatedAt?: DateRange;
}

const IntegrationSetupSessionListSchema = listEnvelope(IntegrationSetupSessionSchema);

/** Setup sessions have no update or delete endpoint. */
export class IntegrationSetupSessions extends Resource {
  /** Creates the session and a draft integration instance with it. */
  create(params: IntegrationSetupSessionCreateParams, opts?: RequestOptions): Promise<IntegrationSetupSession> {
    return this.core.request(
      { method: "POST", path: "/integration-setup-sessions", body: params, schema: IntegrationSetupSessionSchema, what: "integration setup session" },
      opts,
    );
  }

  retrieve(id: string, opts?: RequestOptions): Promise<IntegrationSetupSession> {
    return this.core.request(
      {
        method: "GET",
        path: `/integration-setup-sessions/${pathId(id, "integration setup session id")}`,
        schema: IntegrationSetupSessionSchema,
        what: "integration setup session",
      },
      opts,
    );
  }

  list(params: IntegrationSetupSessionListParams = {}, opts?: RequestOptions): PagePromise<IntegrationSetupSession> {
    return new PagePromise((after) =>
      this.core.request(
        {
          method: "GET",
          path: "/integration-setup-sessions",
          query: withAfter(params, after),
          schema: IntegrationSetupSessionListSchema,
          what: "list of integration setup sessions",
        },
        opts,
      ),
    );
  }
}
