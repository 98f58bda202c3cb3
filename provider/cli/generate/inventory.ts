// What exists in an environment, read through the SDK: every object `generate` can declare. Only live
// objects: active callbacks and configs, attached instances, custom roles (built-in roles are the
// service's), and pending setup sessions when asked for.
import type { ToolConnectivityClient } from "../../../sdk";
import type { ResourceKind } from "../../engine/descriptor";
import { SCAN_PAGE_SIZE } from "../../engine/page-size";

export interface LiveObject {
  kind: ResourceKind;
  id: string;
  record: Record<string, unknown>;
  /** For an instance: the callback it belongs to (its list is scoped to the callback). */
  callbackId?: string;
}

async function all<T>(pages: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of pages) items.push(item);
  return items;
}

export async function listAccount(client: ToolConnectivityClient, options: { includeSessions: boolean }): Promise<LiveObject[]> {
  const objects: LiveObject[] = [];
  const record = (value: unknown) => value as Record<string, unknown>;
  for (const config of await all(client.providerConfigs.list({ status: "active", limit: SCAN_PAGE_SIZE }))) {
    objects.push({ kind: "ProviderConfig", id: config.id, record: record(config) });
  }
  for (const callback of await all(client.callbacks.list({ status: "active", limit: SCAN_PAGE_SIZE }))) {
    objects.push({ kind: "Callback", id: callback.id, record: record(callback) });
    for (const instance of await all(client.callbacks.instances.list(callback.id, { status: "attached", limit: SCAN_PAGE_SIZE }))) {
      objects.push({ kind: "CallbackInstance", id: instance.id, record: record(instance), callbackId: callback.id });
    }
  }
  for (const role of await all(client.roles.list({ limit: SCAN_PAGE_SIZE }))) {
    if (!role.isDefault) objects.push({ kind: "Role", id: role.id, record: record(role) });
  }
  if (options.includeSessions) {
    for (const session of await all(client.integrationSetupSessions.list({ status: "pending", limit: SCAN_PAGE_SIZE }))) {
      objects.push({ kind: "IntegrationSetupSession", id: session.id, record: record(session) });
    }
  }
  return objects;
}
