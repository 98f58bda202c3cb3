import type { RequestOptions } from "../core/options";
import { listEnvelope, PagePromise, withAfter } from "../core/pagination";
import { CallbackSchema, type Callback, type CallbackStatus } from "../schemas/callbacks";
import type { DateRange, ListParams, OneOrMany } from "../schemas/common";
import { CallbackEvents } from "./callback-events";
import { CallbackInstances } from "./callback-instances";
import { pathId, Resource } from "./resource";
import type { RequestCore } from "../internal/request";

export interface CallbackCreateParams {
  /** The integration provider whose events the callback receives. */
  integrationProviderId: string;
  name?: string | null;
  description?: string | null;
  metadata?: Record<string, unknown> | null;
}

/** Only these fields can change; everything else derives from the integration provider. */
export interface CallbackUpdateParams {
  name?: string | null;
  description?: string | null;
  metadata?: Record<string, unknown> | null;
}

export interface CallbackListParams extends ListParams {
  id?: OneOrMany;
  integrationId?: OneOrMany;
  integrationProviderId?: OneOrMany;
  providerId?: OneOrMany;
  /** Deleted callbacks are listed only when asked for. */
  status?: OneOrMany<CallbackStatus>;
  createdAt?: DateRange;
  updatedAt?: DateRange;
}

const CallbackListSchema = listEnvelope(CallbackSchema);

export class Callbacks extends Resource {
  readonly instances: CallbackInstances;
  readonly events: CallbackEvents;

  constructor(core: RequestCore) {
    super(core);
    this.instances = new CallbackInstances(core);
    this.events = new CallbackEvents(core);
  }

  /** Enables callbacks on the integration provider; instances are registered in the background. */
  create(params: CallbackCreateParams, opts?: RequestOptions): Promise<Callback> {
    return this.core.request({ method: "POST", path: "/callbacks", body: params, schema: CallbackSchema, what: "callback" }, opts);
  }

  retrieve(id: string, opts?: RequestOptions): Promise<Callback> {
    return this.core.request({ method: "GET", path: `/callbacks/${pathId(id, "callback id")}`, schema: CallbackSchema, what: "callback" }, opts);
  }

  update(id: string, params: CallbackUpdateParams, opts?: RequestOptions): Promise<Callback> {
    return this.core.request(
      { method: "PATCH", path: `/callbacks/${pathId(id, "callback id")}`, body: params, schema: CallbackSchema, what: "callback" },
      opts,
    );
  }

  /**
   * Tears the callback down (status `deleted`, instances detached); it stays readable by id. Resolves
   * to the record, or to null when the service answers with no body (a 204).
   */
  delete(id: string, opts?: RequestOptions): Promise<Callback | null> {
    return this.core.request(
      { method: "DELETE", path: `/callbacks/${pathId(id, "callback id")}`, schema: CallbackSchema, what: "callback", emptyBodyIsNull: true },
      opts,
    );
  }

  list(params: CallbackListParams = {}, opts?: RequestOptions): PagePromise<Callback> {
    return new PagePromise((after) =>
      this.core.request({ method: "GET", path: "/callbacks", query: withAfter(params, after), schema: CallbackListSchema, what: "list of callbacks" }, opts),
    );
  }
}
