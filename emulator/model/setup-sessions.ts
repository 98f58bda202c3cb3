import type { IntegrationInstanceDoc } from "../fixtures/seed";
import type { EmulatorState } from "../state";
import { wire } from "../state";

export const SETUP_STATUSES = ["pending", "successful", "expired", "archived", "deleted"] as const;
export type SetupStatus = (typeof SETUP_STATUSES)[number];
export const SETUP_PATH = "/_setup/";

export interface SetupSessionDoc {
  object: "integration.setup_session";
  id: string;
  status: SetupStatus;
  /** Stored as a path; rendered absolute against the server's base URL. */
  url: string;
  name: string;
  description: string | null;
  metadata: Record<string, unknown> | null;
  configuration: Record<string, unknown> | null;
  redirect_url: string | null;
  integration_id: string;
  integration_instance_id: string;
  created_at: string;
  updated_at: string;
  expires_at: string;
  _identity_actor_id: string | null;
  _identity_id: string | null;
}

/** A pending session past `expires_at` reads as `expired` (nothing has to run for that). */
export function effectiveStatus(state: EmulatorState, doc: SetupSessionDoc): SetupStatus {
  return doc.status === "pending" && state.clock.now() >= Date.parse(doc.expires_at) ? "expired" : doc.status;
}

export function renderSession(state: EmulatorState, env: string, doc: SetupSessionDoc) {
  const instance = state.store.get<IntegrationInstanceDoc>(env, "integration_instance", doc.integration_instance_id);
  const { integration_instance_id: _unused, ...rest } = wire(doc);
  return {
    ...rest,
    status: effectiveStatus(state, doc),
    url: state.baseUrl() + doc.url,
    integration_instance: instance
      ? {
          object: "integration.instance#preview",
          id: instance.id,
          status: instance.status,
          integration_id: instance.integration_id,
          created_at: instance.created_at,
          updated_at: instance.updated_at,
        }
      : null,
  };
}

/** Completes a pending session: the session is `successful`, its integration instance `active`. */
export function completeSession(state: EmulatorState, env: string, doc: SetupSessionDoc): SetupSessionDoc {
  const now = state.clock.iso();
  const completed: SetupSessionDoc = { ...doc, status: "successful", updated_at: now };
  state.store.transaction(() => {
    state.store.update(env, "setup_session", completed);
    const instance = state.store.get<IntegrationInstanceDoc>(env, "integration_instance", doc.integration_instance_id);
    if (instance) {
      const activated: IntegrationInstanceDoc = { ...instance, status: "active", updated_at: now };
      state.store.update(env, "integration_instance", activated);
    }
  });
  return completed;
}
