import { catalog, type ProviderFixture, type TriggerFixture } from "../fixtures/catalog";
import { newId, newToken, PREFIX } from "../ids";
import type { EmulatorState } from "../state";
import { wire } from "../state";
import { authConfigPreview, deploymentPreview, providerTriggerRecord } from "./catalog-records";
import { configPreview, type ProviderConfigDoc } from "./provider-configs";

export type CallbackStatus = "active" | "archived" | "deleted";
export const CALLBACK_STATUSES: readonly CallbackStatus[] = ["active", "archived", "deleted"];
export const INSTANCE_STATUSES = ["attached", "detached"] as const;

export interface CallbackDoc {
  object: "callback";
  id: string;
  status: CallbackStatus;
  name: string | null;
  description: string | null;
  metadata: Record<string, unknown> | null;
  integration_id: string;
  integration_provider_id: string;
  provider_id: string;
  created_at: string;
  updated_at: string;
}

export interface InstanceTriggerDoc {
  object: "callback.instance.trigger";
  id: string;
  source: "polling" | "webhook";
  poll_interval_seconds: number | null;
  next_poll_at: string | null;
  last_polled_at: string | null;
  /** Stored as a path; rendered absolute against the server's base URL. */
  webhook_url: string;
  provider_trigger: ReturnType<typeof providerTriggerRecord>;
}

export interface CallbackInstanceDoc {
  object: "callback.instance";
  id: string;
  callback_id: string;
  status: (typeof INSTANCE_STATUSES)[number];
  deployment: ReturnType<typeof deploymentPreview>;
  config: ReturnType<typeof configPreview>;
  auth_config: ReturnType<typeof authConfigPreview>;
  webhook_url: string | null;
  triggers: InstanceTriggerDoc[];
  created_at: string;
  updated_at: string;
  _provider_id: string;
}

export interface CallbackEventDoc {
  object: "callback.event";
  id: string;
  type: string;
  source_id: string;
  trigger_key: string;
  input: Record<string, unknown> | null;
  output: Record<string, unknown> | null;
  status: "pending" | "succeeded" | "failed";
  error: Record<string, unknown> | null;
  delivery_status: "pending" | "delivered" | "failed";
  callback_id: string;
  callback_instance_id: string | null;
  created_at: string;
  /** Until then the event reads `pending`; afterwards it is processed and delivered. */
  _settles_at: number;
}

export const WEBHOOK_PATH = "/_webhooks/";

export function getCallback(state: EmulatorState, env: string, id: string): CallbackDoc | undefined {
  return state.store.get<CallbackDoc>(env, "callback", id);
}

export function renderInstance(state: EmulatorState, doc: CallbackInstanceDoc) {
  const base = state.baseUrl();
  return {
    ...wire(doc),
    webhook_url: doc.webhook_url === null ? null : base + doc.webhook_url,
    triggers: doc.triggers.map((trigger) => ({ ...trigger, webhook_url: base + trigger.webhook_url })),
  };
}

export function renderEvent(state: EmulatorState, doc: CallbackEventDoc) {
  const settled = state.clock.now() >= doc._settles_at;
  return settled && doc.status === "pending"
    ? { ...wire(doc), status: "succeeded", delivery_status: "delivered" }
    : wire(doc);
}

/** Attaches `callback` to a config (and auth config); registers polling jobs and webhook tokens. */
export function attachInstance(
  state: EmulatorState,
  env: string,
  callback: CallbackDoc,
  config: ProviderConfigDoc,
  authConfigId: string | null,
  at: number = state.clock.now(),
): CallbackInstanceDoc {
  const provider = catalog.provider(callback.provider_id) as ProviderFixture;
  const now = state.clock.iso(at);
  const id = newId(PREFIX.callbackInstance);
  const triggers = provider.triggers.map((trigger) => instanceTrigger(state, env, id, provider, trigger, at));
  const hasWebhookTrigger = provider.triggers.some((t) => t.invocation.type === "webhook");
  let webhookPath: string | null = null;
  if (hasWebhookTrigger) {
    const token = newToken();
    state.store.putToken(token, { env, kind: "instance_webhook", ref: id, extra: null });
    webhookPath = WEBHOOK_PATH + token;
  }
  const doc: CallbackInstanceDoc = {
    object: "callback.instance",
    id,
    callback_id: callback.id,
    status: "attached",
    deployment: deploymentPreview(provider, config.deployment.id),
    config: configPreview(config),
    auth_config: authConfigId === null ? null : authConfigPreview(provider, authConfigId),
    webhook_url: webhookPath,
    triggers,
    created_at: now,
    updated_at: now,
    _provider_id: provider.id,
  };
  state.store.insert(env, "callback_instance", doc, callback.id);
  for (const trigger of triggers) {
    if (trigger.next_poll_at !== null)
      state.schedule(env, "poll", `${id}:${trigger.id}`, Date.parse(trigger.next_poll_at));
  }
  return doc;
}

function instanceTrigger(
  state: EmulatorState,
  env: string,
  instanceId: string,
  provider: ProviderFixture,
  trigger: TriggerFixture,
  at: number,
): InstanceTriggerDoc {
  const id = newId(PREFIX.callbackInstanceTrigger);
  const token = newToken();
  state.store.putToken(token, { env, kind: "trigger_webhook", ref: instanceId, extra: id });
  const polling = trigger.invocation.type === "polling";
  return {
    object: "callback.instance.trigger",
    id,
    source: trigger.invocation.type,
    poll_interval_seconds: polling ? trigger.invocation.interval_seconds : null,
    next_poll_at: polling ? state.clock.iso(at + (trigger.invocation.interval_seconds as number) * 1000) : null,
    last_polled_at: null,
    webhook_url: WEBHOOK_PATH + token,
    provider_trigger: providerTriggerRecord(provider, trigger),
  };
}

export function detachInstance(state: EmulatorState, env: string, doc: CallbackInstanceDoc): CallbackInstanceDoc {
  if (doc.status === "detached") return doc;
  const detached: CallbackInstanceDoc = { ...doc, status: "detached", updated_at: state.clock.iso() };
  state.store.update(env, "callback_instance", detached);
  state.store.deleteJobsFor(env, doc.id);
  return detached;
}

/** Detaches every attached instance of a callback (callback deleted or archived). */
export function detachAllInstances(state: EmulatorState, env: string, callbackId: string): void {
  for (const instance of state.store.list<CallbackInstanceDoc>(env, "callback_instance", callbackId)) {
    if (instance.status === "attached") detachInstance(state, env, instance);
  }
}

/** Records one event produced by a trigger of an instance. */
export function recordEvent(
  state: EmulatorState,
  env: string,
  instance: CallbackInstanceDoc,
  trigger: InstanceTriggerDoc,
  details: { type?: string; source_id?: string; output: Record<string, unknown> | null; at?: number },
): CallbackEventDoc {
  const at = details.at ?? state.clock.now();
  const fixture = catalog.provider(instance._provider_id)?.triggers.find((t) => t.id === trigger.provider_trigger.id);
  const doc: CallbackEventDoc = {
    object: "callback.event",
    id: newId(PREFIX.callbackEvent),
    type: details.type ?? fixture?.event_type ?? trigger.provider_trigger.key,
    source_id: details.source_id ?? `src_${newId("").slice(0, 12)}`,
    trigger_key: trigger.provider_trigger.key,
    input: null,
    output: details.output,
    status: "pending",
    error: null,
    delivery_status: "pending",
    callback_id: instance.callback_id,
    callback_instance_id: instance.id,
    created_at: state.clock.iso(at),
    _settles_at: at + state.timing.eventProcessingMs,
  };
  state.store.insert(env, "callback_event", doc, instance.callback_id);
  return doc;
}
