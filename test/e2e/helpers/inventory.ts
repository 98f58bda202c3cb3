// What the state holds and what the emulator holds, by resource type, to prove a run left exactly the
// objects in state: no duplicate, no orphan.
import type { Stack } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { listAll } from "./tcs-stack";

export type Inventory = Record<
  "Callback" | "CallbackInstance" | "ProviderConfig" | "Role" | "IntegrationSetupSession",
  string[]
>;

const TYPE_PREFIX = "pulumi-nodejs:dynamic/tcs:";

/** The ids of the tcs resources in the stack's state, sorted, by type. */
export async function stateInventory(stack: Stack): Promise<Inventory> {
  const inventory = emptyInventory();
  const deployment = (await stack.exportStack()).deployment;
  for (const resource of deployment.resources as Array<{ type: string; id?: string }>) {
    if (!resource.type.startsWith(TYPE_PREFIX)) continue;
    inventory[resource.type.slice(TYPE_PREFIX.length) as keyof Inventory].push(String(resource.id));
  }
  for (const ids of Object.values(inventory)) ids.sort();
  return inventory;
}

/**
 * The live objects of one environment, sorted, by type: active callbacks and configs, attached
 * instances, roles whose slug starts with `rolePrefix` (built-in roles are not ours), pending sessions.
 * With `before`, only what is new since then: and only instances attached to new configs, since the
 * service itself attaches new callbacks to the integration instances of the fixtures' configs.
 */
export async function liveInventory(
  emulator: RunningEmulator,
  environment: "development" | "production",
  rolePrefix: string,
  before?: Inventory,
): Promise<Inventory> {
  const list = (path: string) => listAll(emulator, path, environment);
  const isNew = (type: keyof Inventory) => (id: string) => !before || !before[type].includes(id);
  const configs = (await list("/provider-configs?status=active")).map((c) => c.id).filter(isNew("ProviderConfig"));
  const ownConfigs = new Set(configs);
  const instances: string[] = [];
  for (const callback of await list("/callbacks")) {
    for (const instance of await list(`/callbacks/${callback.id}/instances?status=attached`)) {
      if (!before || ownConfigs.has(instance.config.id)) instances.push(instance.id);
    }
  }
  const inventory: Inventory = {
    Callback: (await list("/callbacks?status=active")).map((c) => c.id).filter(isNew("Callback")),
    CallbackInstance: instances.filter(isNew("CallbackInstance")),
    ProviderConfig: configs,
    Role: (await list("/roles"))
      .filter((r) => String(r.slug).startsWith(rolePrefix))
      .map((r) => r.id)
      .filter(isNew("Role")),
    IntegrationSetupSession: (await list("/integration-setup-sessions?status=pending"))
      .map((s) => s.id)
      .filter(isNew("IntegrationSetupSession")),
  };
  for (const ids of Object.values(inventory)) ids.sort();
  return inventory;
}

function emptyInventory(): Inventory {
  return { Callback: [], CallbackInstance: [], ProviderConfig: [], Role: [], IntegrationSetupSession: [] };
}
