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
  invocation: maybe(z.looseObject({ type: maybe(openEnum(["polling", "webhook"])), intervalSeconds: maybe(z.number()) })),
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
  object: objectTag("callback.event"),
  id: z.string(),
  type: maybe(z.string()),
  sourceId: maybe(z.string()),
  triggerKey: maybe(z.string()),
  input: maybe(JsonMap),
  output: maybe(JsonMap),
  status: maybe(openEnum(CALLBACK_EVENT_STATUSES)),
  error: maybe(JsonMap),
  deliveryStatus: maybe(openEnum(CALLBACK_EVENT_DELIVERY_STATUSES)),
  callbackId: maybe(z.string()),
  callbackInstanceId: maybe(z.string()),
  createdAt: maybe(Timestamp),
});
export type CallbackEvent = z.infer<typeof CallbackEventSchema>;
