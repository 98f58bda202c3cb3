import { listEnvelope, PagePromise, withAfter } from "../core/pagination";
import type { RequestOptions } from "../core/options";
import { CallbackEventSchema, type CallbackEvent } from "../schemas/callbacks";
import type { ListParams, OneOrMany } from "../schemas/common";
import { pathId, Resource } from "./resource";

export interface CallbackEventListParams extends ListParams {
  id?: OneOrMany;
  /** Provider event type. */
  type?: OneOrMany;
  sourceId?: OneOrMany;
}

const CallbackEventListSchema = listEnvelope(CallbackEventSchema);

/** Events recorded for a callback; read-only. */
export class CallbackEvents extends Resource {
  retrieve(callbackId: string, eventId: string, opts?: RequestOptions): Promise<CallbackEvent> {
    return this.core.request(
      { method: "GET", path: `${base(callbackId)}/${pathId(eventId, "callback event id")}`, schema: CallbackEventSchema, what: "callback event" },
      opts,
    );
  }

  list(callbackId: string, params: CallbackEventListParams = {}, opts?: RequestOptions): PagePromise<CallbackEvent> {
    const path = base(callbackId);
    return new PagePromise((after) =>
      this.core.request({ method: "GET", path, query: withAfter(params, after), schema: CallbackEventListSchema, what: "list of callback events" }, opts),
    );
  }
}

function base(callbackId: string): string {
  return `/callbacks/${pathId(callbackId, "callback id")}/events`;
}
