// Callbacks, their instances (with resolved triggers) and the events they record.

import { z } from "zod";
import { JsonMap, JsonSchemaEnvelopeSchema, openEnum, PreviewSchema, Timestamp } from "./common";

// The `*_STATUSES` lists and `*Status` types name the values known to this SDK; they type the
// filters the SDK sends. Records read them with `openEnum`, so a value added later passes through.
export const CALLBACK_STATUSES = ["active", "archived", "deleted"] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

export const CallbackSchema = z.looseObject({
  object: z.literal("callback"),
  id: z.string(),
  status: openEnum(CALLBACK_STATUSES),
  name: z.string().nullable(),
  description: z.string().nullable(),
  metadata: JsonMap.nullable(),
  integrationId: z.string(),
  integrationProviderId: z.string(),
  providerId: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Callback = z.infer<typeof CallbackSchema>;

export const ProviderTriggerSchema = z.looseObject({
  object: z.string(),
  id: z.string(),
  key: z.string(),
  name: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  inputSchema: JsonSchemaEnvelopeSchema.nullable().optional(),
  outputSchema: JsonSchemaEnvelopeSchema.nullable().optional(),
  invocation: z.looseObject({ type: openEnum(["polling", "webhook"]), intervalSeconds: z.number().nullable().optional() }).nullable().optional(),
  providerId: z.string().optional(),
  providerSpecificationId: z.string().optional(),
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp.optional(),
});
export type ProviderTrigger = z.infer<typeof ProviderTriggerSchema>;

export const CallbackInstanceTriggerSchema = z.looseObject({
  object: z.literal("callback.instance.trigger"),
  id: z.string(),
  source: openEnum(["polling", "webhook"]),
  pollIntervalSeconds: z.number().nullable().optional(),
  nextPollAt: Timestamp.nullable().optional(),
  lastPolledAt: Timestamp.nullable().optional(),
  webhookUrl: z.string().nullable().optional(),
  providerTrigger: ProviderTriggerSchema,
});
export type CallbackInstanceTrigger = z.infer<typeof CallbackInstanceTriggerSchema>;

export const CALLBACK_INSTANCE_STATUSES = ["attached", "detached"] as const;
export type CallbackInstanceStatus = (typeof CALLBACK_INSTANCE_STATUSES)[number];

export const CallbackInstanceSchema = z.looseObject({
  object: z.literal("callback.instance"),
  id: z.string(),
  callbackId: z.string().optional(),
  status: openEnum(CALLBACK_INSTANCE_STATUSES),
  deployment: PreviewSchema,
  config: PreviewSchema,
  authConfig: PreviewSchema.nullable(),
  webhookUrl: z.string().nullable(),
  triggers: z.array(CallbackInstanceTriggerSchema),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type CallbackInstance = z.infer<typeof CallbackInstanceSchema>;

export const CALLBACK_EVENT_STATUSES = ["pending", "succeeded", "failed"] as const;
export const CALLBACK_EVENT_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

export const CallbackEventSchema = z.looseObject({
  object: z.literal("callback.event"),
  id: z.string(),
  type: z.string(),
  sourceId: z.string(),
  triggerKey: z.string(),
  input: JsonMap.nullable(),
  output: JsonMap.nullable(),
  status: openEnum(CALLBACK_EVENT_STATUSES),
  error: JsonMap.nullable(),
  deliveryStatus: openEnum(CALLBACK_EVENT_DELIVERY_STATUSES),
  callbackId: z.string(),
  callbackInstanceId: z.string().nullable(),
  createdAt: Timestamp,
});
export type CallbackEvent = z.infer<typeof CallbackEventSchema>;
