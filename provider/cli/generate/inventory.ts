// What exists in an environment, read through the SDK: every object `generate` can declare. Only live
// objects: active callbacks and configs, attached instances, custom roles (built-in roles are the
// service's), and pending setup sessions when asked for.
import type {
  Callback,
  CallbackInstance,
  IntegrationSetupSession,
  ProviderConfig,
  Role,
  ToolConnectivityClient,
} from "../../../sdk";
import { SCAN_PAGE_SIZE } from "../../page-size";

/**
 * An object of the environment, with its record as the SDK reads it, and the inputs the listing knows
 * that the record leaves out: what the binding's toOutputs needs beside the record.
 */
export type LiveObject = { id: string; inputs?: Record<string, string> } & (
  | { kind: "ProviderConfig"; record: ProviderConfig }
  | { kind: "Callback"; record: Callback }
  /** An instance's list is scoped to its callback: its record does not say which, the listing does. */
  | { kind: "CallbackInstance"; record: CallbackInstance; inputs: { callbackId: string } }
  | { kind: "Role"; record: Role }
  | { kind: "IntegrationSetupSession"; record: IntegrationSetupSession }
);

async function all<T>(pages: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of pages) items.push(item);
  return items;
}

export async function listAccount(
  client: ToolConnectivityClient,
  options: { includeSessions: boolean },
): Promise<LiveObject[]> {
  const objects: LiveObject[] = [];
  for (const config of await all(client.providerConfigs.list({ status: "active", limit: SCAN_PAGE_SIZE }))) {
    objects.push({ kind: "ProviderConfig", id: config.id, record: config });
  }
  for (const callback of await all(client.callbacks.list({ status: "active", limit: SCAN_PAGE_SIZE }))) {
    objects.push({ kind: "Callback", id: callback.id, record: callback });
    for (const instance of await all(
      client.callbacks.instances.list(callback.id, { status: "attached", limit: SCAN_PAGE_SIZE }),
    )) {
      objects.push({
        kind: "CallbackInstance",
        id: instance.id,
        record: instance,
        inputs: { callbackId: callback.id },
      });
    }
  }
  for (const role of await all(client.roles.list({ limit: SCAN_PAGE_SIZE }))) {
    if (!role.isDefault) objects.push({ kind: "Role", id: role.id, record: role });
  }
  if (options.includeSessions) {
    for (const session of await all(
      client.integrationSetupSessions.list({ status: "pending", limit: SCAN_PAGE_SIZE }),
    )) {
      objects.push({ kind: "IntegrationSetupSession", id: session.id, record: session });
    }
  }
  return objects;
}
