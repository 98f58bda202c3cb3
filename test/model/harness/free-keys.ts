// One object per natural key, as the model keeps its programs: whether a key is free for a slot on a
// connection, so that an edit never declares a key another slot or a live object of that
// environment holds (the commands that declare one twice on purpose expect the refusal).
import { SHAPES } from "../../../provider/shapes";
import { KIND_OF, SLOTS, instanceParts, pick, providerOf, slotsOf, type Program, type Slot } from "./program";
import type { Real } from "./real";
import type { Deployer } from "./sim-engine";
import { connectionOf, type Connection, type World } from "./world";

/** A stack as these checks see it: its program and state, on the world. */
type StackView = { world: World; program: Program; sim: Deployer };

/**
 * One active callback per integration provider in each environment: a provider is free for a slot on
 * a connection when no other slot declares it on that connection (nor any slot of the programs of
 * `others`, another stack's) and no live callback of that environment but the slot's own uses it (a
 * replacement is created before the object it replaces is deleted, as the engine orders it; a
 * callback moving here is created while the old one still lives in the other environment, which
 * holds its own callbacks).
 */
export async function integrationProviderFree(
  real: StackView,
  slot: Slot,
  id: string,
  connection: Connection,
  others: readonly Program[] = [],
): Promise<boolean> {
  for (const other of slotsOf("Callback")) {
    const args = real.program[other];
    if (other !== slot && args?.integrationProviderId === id && connectionOf(args) === connection) return false;
    for (const program of others) {
      const declared = program[other];
      if (declared?.integrationProviderId === id && connectionOf(declared) === connection) return false;
    }
  }
  const own = real.sim.state.get(slot)?.id;
  const active = await real.world
    .operatorOf(connection)
    .callbacks.list({ integrationProviderId: id, status: "active", limit: 100 });
  return active.items.every((cb) => cb.id === own);
}

/**
 * One role per slug in each environment: a slug is free for a slot on a connection when no other
 * slot declares it there and no live role of that environment but the slot's own holds it (roles the
 * provider let go of stay in their environment).
 */
export async function slugFree(real: Real, slot: Slot, slug: string, connection: Connection): Promise<boolean> {
  for (const other of slotsOf("Role")) {
    const args = real.program[other];
    if (other !== slot && args?.slug === slug && connectionOf(args) === connection) return false;
  }
  const own = real.sim.state.get(slot)?.id;
  const roles = await real.world.operatorOf(connection).roles.list({ limit: 100 });
  return roles.items.every((role) => role.slug !== slug || role.id === own);
}

/**
 * Whether a declaration for a slot would give the program a natural key (SHAPES[kind].naturalKey, on
 * its connection) another slot already declares: check refuses that before anything else it would
 * say, so a command expecting another refusal must not declare it (DeclareKeyTwice declares it on
 * purpose).
 */
export function keyDeclaredElsewhere(real: Real, slot: Slot, args: Record<string, unknown>): boolean {
  const fields = SHAPES[KIND_OF[slot]].naturalKey ?? [];
  if (fields.length === 0) return false;
  const keyOf = (a: Record<string, unknown>) =>
    JSON.stringify([connectionOf(a) ?? null, ...fields.map((field) => a[field] ?? null)]);
  return SLOTS.some(
    (other) =>
      other !== slot &&
      KIND_OF[other] === KIND_OF[slot] &&
      real.program[other] !== undefined &&
      keyOf(real.program[other]!) === keyOf(args),
  );
}

/**
 * One attached instance per callback, config and auth config: a key is free for an instance slot when
 * the other slot does not declare it and no attached instance but the slot's own holds it. Another
 * slot's instance is another resource's object, even when the program removes that slot in the same
 * run (the engine deletes it only after the creates): a create meeting it is refused, as nothing proves
 * it the slot's own (found by the 20,000-sequence run: an instance given the key of one removed in the
 * same change).
 */
export async function instanceKeyFree(
  real: Real,
  slot: Slot,
  callback: Slot,
  config: Slot,
  auth: string | undefined,
): Promise<boolean> {
  const other = slotsOf("CallbackInstance").find((s) => s !== slot)!;
  const declared = real.program[other];
  if (declared) {
    const parts = instanceParts(declared);
    if (parts.callback === callback && parts.config === config && declared.providerAuthConfigId === auth) return false;
  }
  const [cbEntry, pcEntry] = [real.sim.state.get(callback), real.sim.state.get(config)];
  if (!cbEntry || !pcEntry) return true;
  const own = real.sim.state.get(slot)?.id;
  const attached = await real.world
    .operatorOf(connectionOf(cbEntry.outputs))
    .callbacks.instances.list(cbEntry.id, { status: "attached", limit: 100 });
  return !attached.items.some(
    (i) => i.id !== own && i.config?.id === pcEntry.id && (i.authConfig?.id ?? undefined) === auth,
  );
}

/** An instance key no instance holds: a callback and config slot of this stack, applied, and an auth config. */
export interface FreeInstanceKey {
  callback: Slot;
  config: Slot;
  callbackId: string;
  providerConfigId: string;
  providerAuthConfigId: string | undefined;
  connection: Connection;
}

/**
 * For an empty instance slot: an applied callback and config of one provider on one connection, with
 * an auth config (picked by `variant`) that no attached instance of the callback holds with that
 * config, nor the other instance slot declares. Undefined when there is none.
 */
export async function freeInstanceKey(real: Real, slot: Slot, variant: number): Promise<FreeInstanceKey | undefined> {
  const { catalog } = real.world;
  const other = slotsOf("CallbackInstance").find((s) => s !== slot)!;
  const taken = real.program[other] ? instanceParts(real.program[other]) : undefined;
  for (const callback of slotsOf("Callback")) {
    for (const config of slotsOf("ProviderConfig")) {
      const [cbArgs, pcArgs] = [real.program[callback], real.program[config]];
      const [cbEntry, pcEntry] = [real.sim.state.get(callback), real.sim.state.get(config)];
      if (!cbArgs || !pcArgs || !cbEntry || !pcEntry || connectionOf(cbArgs) !== connectionOf(pcArgs)) continue;
      const providerId = providerOf(catalog, real.program, callback);
      if (!providerId || providerId !== providerOf(catalog, real.program, config)) continue;
      const provider = Object.values(catalog.providers).find((p) => p.id === providerId)!;
      const providerAuthConfigId = pick([undefined, ...provider.authConfigs], variant);
      if (
        taken?.callback === callback &&
        taken.config === config &&
        real.program[other]!.providerAuthConfigId === providerAuthConfigId
      )
        continue;
      const connection = connectionOf(cbArgs);
      const attached = await real.world
        .operatorOf(connection)
        .callbacks.instances.list(cbEntry.id, { status: "attached", limit: 100 });
      if (
        attached.items.some(
          (i) => i.config?.id === pcEntry.id && (i.authConfig?.id ?? undefined) === providerAuthConfigId,
        )
      )
        continue;
      return {
        callback,
        config,
        callbackId: cbEntry.id,
        providerConfigId: pcEntry.id,
        providerAuthConfigId,
        connection,
      };
    }
  }
  return undefined;
}
