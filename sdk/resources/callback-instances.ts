import { listEnvelope, PagePromise, withAfter } from "../core/pagination";
import type { RequestOptions } from "../core/options";
import { CallbackInstanceSchema, type CallbackInstance, type CallbackInstanceStatus } from "../schemas/callbacks";
import type { DateRange, ListParams, OneOrMany } from "../schemas/common";
import { pathId, Resource } from "./resource";

export interface CallbackInstanceCreateParams {
  /** An active config of the callback's provider. */
  providerConfigId: string;
  providerAuthConfigId?: string;
}

export interface CallbackInstanceListParams extends ListParams {
  id?: OneOrMany;
  status?: OneOrMany<CallbackInstanceStatus>;
  providerConfigId?: OneOrMany;
  providerAuthConfigId?: OneOrMany;
  createdAt?: DateRange;
  updatedAt?: DateRange;
}

const CallbackInstanceListSchema = listEnvelope(CallbackInstanceSchema);

export class CallbackInstances extends Resource {
  /** Attaches the callback to a config (and optionally an auth config). */
  create(callbackId: string, params: CallbackInstanceCreateParams, opts?: RequestOptions): Promise<CallbackInstance> {
    return this.core.request({ method: "POST", path: base(callbackId), body: params, schema: CallbackInstanceSchema, what: "callback instance" }, opts);
  }

  retrieve(callbackId: string, instanceId: string, opts?: RequestOptions): Promise<CallbackInstance> {
    return this.core.request(
      { method: "GET", path: `${base(callbackId)}/${pathId(instanceId, "callback instance id")}`, schema: CallbackInstanceSchema, what: "callback instance" },
      opts,
    );
  }

  list(callbackId: string, params: CallbackInstanceListParams = {}, opts?: RequestOptions): PagePromise<CallbackInstance> {
    const path = base(callbackId);
    return new PagePromise((after) =>
      this.core.request({ method: "GET", path, query: withAfter(params, after), schema: CallbackInstanceListSchema, what: "list of callback instances" }, opts),
    );
  }

  /**
   * Detaches the instance; it stays readable with status `detached`. The spec shows no answer for
   * this DELETE: it resolves to the record, or to null when the service answers with no body (a 204).
   */
  delete(callbackId: string, instanceId: string, opts?: RequestOptions): Promise<CallbackInstance | null> {
    return this.core.request(
      {
        method: "DELETE",
        path: `${base(callbackId)}/${pathId(instanceId, "callback instance id")}`,
        schema: CallbackInstanceSchema,
        what: "callback instance",
        emptyBodyIsNull: true,
      },
      opts,
    );
  }
}

function base(callbackId: string): string {
  return `/callbacks/${pathId(callbackId, "callback id")}/instances`;
}
