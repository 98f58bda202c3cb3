// The bench's side of the emulator: its request counters (reset and read around every timed run),
// and the batched minimum a refresh of the mix can read (one list page per 100 records of a scope).
import type { Stack } from "@pulumi/pulumi/automation";
import type { EmulatorProcess } from "../processes/emulator-process";

export interface Counts {
  total: number;
  rate_limited: number;
  by_route: Record<string, number>;
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function writesIn(counts: Counts): number {
  return Object.entries(counts.by_route)
    .filter(([route]) => WRITE_METHODS.has(route.split(" ")[0]))
    .reduce((sum, [, k]) => sum + k, 0);
}

export async function control(emulator: EmulatorProcess, method: string, route: string): Promise<Counts> {
  const response = await fetch(`${emulator.url}/_emulator${route}`, { method });
  return (await response.json()) as Counts;
}

async function api<T>(emulator: EmulatorProcess, route: string): Promise<T> {
  const response = await fetch(`${emulator.url}${route}`, {
    headers: { authorization: `Bearer ${emulator.keys.production.secret}` },
  });
  if (!response.ok) throw new Error(`GET ${route}: ${response.status}`);
  return (await response.json()) as T;
}

/** Records in one list scope, all pages. */
async function scopeSize(emulator: EmulatorProcess, route: string): Promise<number> {
  let count = 0;
  let after = "";
  for (;;) {
    const sep = route.includes("?") ? "&" : "?";
    const page = await api<{ items: Array<{ id: string }>; pagination: { has_more_after: boolean } }>(
      emulator,
      `${route}${sep}limit=100${after}`,
    );
    count += page.items.length;
    if (!page.pagination.has_more_after) return count;
    after = `&after=${page.items[page.items.length - 1].id}`;
  }
}

/**
 * The callbacks whose instance lists a refresh reads: those with a CallbackInstance in state (the
 * instance list is scoped to its callback, and a callback with none declared is never listed).
 */
export async function callbacksWithInstances(stack: Stack): Promise<string[]> {
  const { deployment } = await stack.exportStack();
  const resources =
    (deployment as { resources?: Array<{ type: string; outputs?: { callbackId?: string } }> }).resources ?? [];
  // pulumi-nodejs:dynamic/tcs:CallbackInstance on the dynamic door, tcs:index:CallbackInstance on the native one.
  const ids = resources
    .filter((r) => /(^|\/)tcs:(index:)?CallbackInstance$/.test(r.type))
    .map((r) => r.outputs?.callbackId);
  return [...new Set(ids.filter((id): id is string => typeof id === "string"))];
}

/** One page per 100 records of every scope a refresh of the mix reads (an empty scope costs a page too). */
export async function batchedMinimum(emulator: EmulatorProcess, callbackIds: string[]): Promise<number> {
  const scopes = [
    "/callbacks",
    "/provider-configs?provider_id=prov_github00000000000000",
    "/provider-configs?provider_id=prov_jira0000000000000000",
    "/roles",
    "/integration-setup-sessions?integration_id=int_devtools000000000000",
    "/integration-setup-sessions?integration_id=int_chat0000000000000000",
    ...callbackIds.map((id) => `/callbacks/${id}/instances`),
  ];
  let pages = 0;
  for (const scope of scopes) pages += Math.max(1, Math.ceil((await scopeSize(emulator, scope)) / 100));
  return pages;
}
