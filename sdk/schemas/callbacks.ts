// Callbacks, their instances (with resolved triggers) and the events they record.

import { z } from "zod";
import { JsonMap, JsonSchemaEnvelopeSchema, maybe, objectTag, openEnum, PreviewSchema, Timestamp } from "./common";

// The `*_STATUSES` lists and `*Status` types name the values known to this SDK; they type the
// filters the SDK sends. Records read them with `openEnum`, so a value added later passes through.
export const CALLBACK_STATUSES = ["active", "archived", "deleted"] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

export const CallbackSchema = z.looseObject({
  object: objectTag("callback"),
  id: z.string(),
  status: maybe(openEnum(CALLBACK_STATUSES)),
  name: maybe(z.string()),
  description: maybe(z.string()),
  metadata: maybe(JsonMap),
  integrationId: maybe(z.string()),
  integrationProviderId: maybe(z.string()),
  providerId: maybe(z.string()),
  createdAt: maybe(Timestamp),
  updatedAt: maybe(Timestamp),
});
export type Callback = z.infer<typeof CallbackSchema>;

export const ProviderTriggerSchema = z.looseObject({
  object: maybe(z.string()),
  id: z.string(),
  key: maybe(z.string()),
  name: maybe(z.string()),
  description: maybe(z.string()),
  inputSchema: maybe(JsonSchemaEnvelopeSchema),
  outputSchema: maybe(JsonSchemaEnvelopeSchema),
  invocation: maybe(
    z.looseObject({ type: maybe(openEnum(["polling", "webhook"])), intervalSeconds: maybe(z.number()) }),
  ),
  providerId: maybe(z.string()),
  providerSpecificationId: maybe(z.string()),
  createdAt: maybe(Timestamp),
  updatedAt: maybe(Timestamp),
});
export type ProviderTrigger = z.infer<typeof ProviderTriggerSchema>;

export const CallbackInstanceTriggerSchema = z.looseObject({
  object: objectTag("callback.instance.trigger"),
  id: z.string(),
  source: maybe(openEnum(["polling", "webhook"])),
  pollIntervalSeconds: maybe(z.number()),
  nextPollAt: maybe(Timestamp),
  lastPolledAt: maybe(Timestamp),
  webhookUrl: maybe(z.string()),
  providerTrigger: maybe(ProviderTriggerSchema),
});
export type CallbackInstanceTrigger = z.infer<typeof CallbackInstanceTriggerSchema>;

export const CALLBACK_INSTANCE_STATUSES = ["attached", "detached"] as const;
export type CallbackInstanceStatus = (typeof CALLBACK_INSTANCE_STATUSES)[number];

export const CallbackInstanceSchema = z.looseObject({
  object: objectTag("callback.instance"),
  id: z.string(),
  callbackId: maybe(z.string()),
  status: maybe(openEnum(CALLBACK_INSTANCE_STATUSES)),
  deployment: maybe(PreviewSchema),
  config: maybe(PreviewSchema),
  authConfig: maybe(PreviewSchema),
  webhookUrl: maybe(z.string()),
  triggers: maybe(z.array(CallbackInstanceTriggerSchema)),
  createdAt: maybe(Timestamp),
  updatedAt: maybe(Timestamp),
});
export type CallbackInstance = z.infer<typeof CallbackInstanceSchema>;

export const CALLBACK_EVENT_STATUSES = ["pending", "succeeded", "failed"] as const;
export const CALLBACK_EVENT_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

export const CallbackEventSchema = z.looseObject({
  /** The record's type, `callback.event`; null when the service does not say. */
  object: objectTag("callback.event"),
  /** The event's id (`cbe_...`). */
  id: z.string(),
  /** The provider event type received; null when the service does not say. */
  type: maybe(z.string()),
  /** The provider-specific identifier of the event's source; null when the service does not say. */
  sourceId: maybe(z.string()),
  /** The key of the trigger that produced the event; null when the service does not say. */
  triggerKey: maybe(z.string()),
  /** The original trigger input payload, keys as sent; null when there is none. */
  input: maybe(JsonMap),
  /** The resolved trigger output payload, keys as sent; null when there is none. */
  output: maybe(JsonMap),
  /** The event's lifecycle status: `pending`, `succeeded` or `failed` (a newer service version may add others); null when the service does not say. */
  status: maybe(openEnum(CALLBACK_EVENT_STATUSES)),
  /** What went wrong, as the service reports it; null when nothing did. */
  error: maybe(JsonMap),
  /** The aggregate delivery status: `pending`, `delivered` or `failed` (a newer service version may add others); null when the service does not say. */
  deliveryStatus: maybe(openEnum(CALLBACK_EVENT_DELIVERY_STATUSES)),
  /** The callback (`cb_...`) the event belongs to; null when the service does not say. */
  callbackId: maybe(z.string()),
  /** The callback instance (`cbi_...`) that received the event; null when none did or the service does not say. */
  callbackInstanceId: maybe(z.string()),
  /** When the event was recorded: an ISO 8601 date-time in UTC with milliseconds; null when the service does not say. */
  createdAt: maybe(Timestamp),
});
export type CallbackEvent = z.infer<typeof CallbackEventSchema>;
