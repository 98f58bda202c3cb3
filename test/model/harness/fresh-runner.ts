// Runs on a fresh machine (issue 45): a create that did not finish (its answer lost and the lookup
// for it failing too, or slower than the client's timeout) leaves its intent on the machine that ran
// it (provider/engine/create-intents.ts). The next up on the same machine resumes it: what it
// made is taken over. On a fresh runner (a CI job on a new machine: the intent store empty) nothing
// proves the object the stack's own (issue 51: a marker proves only that the names match, which a
// twin stack's objects share), so it is never taken over nor deleted:
//   - a callback or config is refused as "has this resource's marker but is not in state", a role or
//     an instance (no marker) as "is as declared, but nothing proves it this stack's", naming it and
//     adoptId; the user then claims it as the refusal says, which converges on that very object;
//   - a setup session blocks nothing (the API cannot delete one, so every destroy leaves its session
//     with the marker): a new one is made beside it, and the run names it in a warning; it is left to
//     expire.
// Before issue 51 a callback or config was deleted and made anew.
import fc from "fast-check";
import {
  CONFIG_SOURCES,
  KIND_OF,
  NAMES,
  configArgs,
  declarations,
  pick,
  ref,
  setConnection,
  slotsOf,
  type Slot,
} from "./program";
import { freeInstanceKey, integrationProviderFree } from "./free-keys";
import { InvariantViolation, nothingWritten, refusedAs, resolved, stillLive } from "./invariants";
import { SESSION_LEFT_BESIDE, claimWithAdoptId, MARKED_KINDS, markedObjects } from "./loose";
import { warningMark, warningsCaptured, warningsSince } from "./warnings";
import { always, stacksOf, upAndCheck, type Command, type Model, type Real } from "./real";
import { StepError } from "./sim-engine";
import { worldEventCounts } from "./world-events";
import { connectionOf, type Connection, type EnvironmentName } from "./world";
import type { ResourceKind } from "../../../provider/shapes/shape";

function fail(message: string): never {
  throw new InvariantViolation(message);
}

/**
 * The kinds these commands declare: those refused on a fresh runner (a role, an instance) twice as
 * often as the others, since an instance's declaration often finds no callback and config to attach.
 */
export const FRESH_KINDS = fc.constantFrom<ResourceKind>(
  "Role",
  "Role",
  "CallbackInstance",
  "CallbackInstance",
  "Callback",
  "ProviderConfig",
  "IntegrationSetupSession",
);

/** Where creates of a kind are posted (the lost answer's fault aims there, and the failing lookups). */
const CREATE_PATH: Record<ResourceKind, string> = {
  Role: "/roles",
  Callback: "/callbacks",
  ProviderConfig: "/provider-configs",
  CallbackInstance: "/callbacks/*/instances",
  IntegrationSetupSession: "/integration-setup-sessions",
};

/**
 * How long the service holds the create whose answer is lost: a third of what the other commands allow
 * (world.ts), this command being several times as frequent; on a machine so loaded that the lookup's
 * fault comes too late, the run finds its object and the command tests nothing (it says so by its count).
 */
const HOLD_MS = 30;

/**
 * The live objects of a kind in an environment that no stack's state holds and nothing accounts for:
 * after a failed run, what its unfinished create made.
 */
export async function unmanaged(real: Real, kind: ResourceKind, environment: EnvironmentName): Promise<string[]> {
  const held = new Set(
    stacksOf(real).flatMap((sim) => [...sim.state.values(), ...sim.pendingDeletes].map((entry) => entry.id)),
  );
  const known = (id: string) =>
    held.has(id) ||
    real.accountedFor.has(id) ||
    stacksOf(real).some((sim) => sim.released.has(id)) ||
    real.world.catalog.seededConfigs.has(id);
  const c = real.world.operatorIn(environment);
  let ids: string[];
  switch (kind) {
    case "Role":
      ids = (await c.roles.list({ limit: 100 })).items.filter((role) => !role.isDefault).map((role) => role.id);
      break;
    case "Callback":
      ids = (await c.callbacks.list({ status: "active", limit: 100 })).items.map((cb) => cb.id);
      break;
    case "ProviderConfig":
      ids = (await c.providerConfigs.list({ status: "active", limit: 100 })).items.map((config) => config.id);
      break;
    case "IntegrationSetupSession":
      ids = (await c.integrationSetupSessions.list({ limit: 100 })).items.map((session) => session.id);
      break;
    case "CallbackInstance":
      ids = [];
      for (const cb of (await c.callbacks.list({ status: "active", limit: 100 })).items) {
        const instances = await c.callbacks.instances.list(cb.id, { status: "attached", limit: 100 });
        // Instances the service registers by itself attach to the fixtures' configs.
        ids.push(
          ...instances.items.filter((i) => !real.world.catalog.seededConfigs.has(i.config?.id ?? "")).map((i) => i.id),
        );
      }
      break;
  }
  return ids.filter((id) => !known(id));
}

/**
 * The up after a run whose create of `slot` did not finish and made `made`, on the same machine or a
 * fresh one, and what must hold after it (see the top of this file). Ends converged.
 */
export async function upAfterUnfinishedCreate(real: Real, slot: Slot, made: string, fresh: boolean): Promise<void> {
  const kind = KIND_OF[slot];
  const connection = connectionOf(real.program[slot]);
  if (fresh) real.world.clearCreateIntents();
  const outputs = { ...resolved(real.sim, { name: slot, kind, args: real.program[slot]! }), connection };
  const gone = async () => !(await stillLive(real.world, { name: slot, kind, id: made, inputs: {}, outputs, seq: 0 }));
  if (!fresh) {
    await upAndCheck(real, false);
    if (real.sim.state.get(slot)?.id !== made)
      fail(
        `the resumed create of ${slot} did not take over ${made}, which it made (it holds ${real.sim.state.get(slot)?.id})`,
      );
    worldEventCounts.resumedOnSameMachine++;
    return;
  }
  if (kind === "IntegrationSetupSession") {
    if (!warningsCaptured())
      throw new Error(
        "model bug: a session's create on a fresh runner is checked by the provider's warnings (captureWarnings)",
      );
    // Accounted for before the up that must leave it: it stays pending, beside the new one, until it expires.
    real.accountedFor.add(made);
    const mark = warningMark();
    await upAndCheck(real, false);
    if (real.sim.state.get(slot)?.id === made)
      fail(`on a fresh runner, ${slot} took ${made} over with nothing on this machine to prove its create unfinished`);
    if (await gone()) fail(`on a fresh runner, ${made} was removed`);
    // The run names one session with the marker it met (the first it found: this one, or another a stack let go of).
    const marked = await markedObjects(real.world);
    const met = [...marked.values()]
      .filter((o) => o.marker === marked.get(made)?.marker && o.id !== real.sim.state.get(slot)?.id)
      .map((o) => o.id);
    if (!met.some((id) => warningsSince(mark).some((warning) => warning.includes(`${id}: ${SESSION_LEFT_BESIDE}`))))
      fail(
        `on a fresh runner, ${slot} made a session beside ${made} without a word: ${JSON.stringify(warningsSince(mark))}`,
      );
    worldEventCounts.freshRunnerNotTakenOver++;
    return;
  }
  await real.world.resetRequestCounts();
  const refused = await real.sim.up(declarations(real.program), { refresh: real.dirty }).then(
    () => undefined,
    (error: unknown) => error,
  );
  if (refused === undefined) {
    const holds = real.sim.state.get(slot)?.id;
    fail(
      `on a fresh runner, ${slot} ${holds === made ? `took ${made} over` : `made ${holds} beside ${made}`} with nothing to prove ${made} its own`,
    );
  }
  const form = MARKED_KINDS.includes(kind) ? "notHeld" : "unproven";
  refusedAs(refused, form, [made], kind);
  if (refused instanceof StepError && (refused.op !== "create" || refused.resource !== slot)) throw refused;
  // The refused create was the run's only step: nothing was written (a role's or instance's POST the service refused), and what it met is as it was.
  nothingWritten(await real.world.writesCounted(), form, "an up refused on a fresh runner");
  if (await gone()) fail(`a refused create of ${slot} on a fresh runner removed ${made}`);
  // The claim the refusal names.
  await claimWithAdoptId(real, slot, made);
  await upAndCheck(real, false);
  if (real.sim.state.get(slot)?.id !== made)
    fail(`${slot} declared with adoptId: "${made}" holds ${real.sim.state.get(slot)?.id}`);
  // Removed whenever the user likes (docs/adoption.md).
  delete real.program[slot]!.adoptId;
  worldEventCounts.freshRunnerNotTakenOver++;
}

/**
 * A new declaration whose create commits and loses its answer, the lookup for it failing too (the run
 * fails, its intent kept), then an up on the same machine or a fresh one.
 */
export class UnfinishedCreateThenUp implements Command {
  constructor(
    readonly kind: ResourceKind,
    readonly variant: number,
    readonly connection: Connection,
    readonly fresh: boolean,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    const slot = await declareNew(real, this.kind, this.variant, this.connection);
    if (!slot) return;
    const declaration = real.program[slot]!;
    const environment = real.world.environmentOf(connectionOf(declaration));
    const program = declarations(real.program);
    const failed = await real.world.upLosingTheCreate(() => real.sim.up(program), CREATE_PATH[this.kind], HOLD_MS);
    if (!(
      failed instanceof StepError &&
      failed.op === "create" &&
      failed.resource === slot &&
      /looking for it failed too/.test(failed.message)
    )) {
      // The lookup's fault came too late (a loaded machine): the run found its object. Nothing to test.
      if (failed !== undefined && !(failed instanceof StepError)) throw failed;
      return upAndCheck(real, false);
    }
    real.log.push(`  (failed as the faults allow: ${failed.message.slice(0, 200)})`);
    const made = await unmanaged(real, this.kind, environment);
    if (made.length !== 1)
      fail(`a create that committed and failed left ${made.length} unmanaged ${this.kind} objects: ${made.join(", ")}`);
    await upAfterUnfinishedCreate(real, slot, made[0], this.fresh);
  }

  toString = () =>
    `declare a ${this.kind} (${this.variant}${this.kind !== "CallbackInstance" && this.connection ? `, on ${this.connection}` : ""}), up losing its create and the lookup, then up on ${this.fresh ? "a fresh runner" : "the same machine"}`;
}

/**
 * A new declaration of a kind in an empty slot, on a key free in its environment, with the rest of
 * the program applied first (so that its create is the only one of the next up). Returns the slot, or
 * undefined when there is none free.
 */
export async function declareNew(
  real: Real,
  kind: ResourceKind,
  variant: number,
  connection: Connection,
): Promise<Slot | undefined> {
  const slot = slotsOf(kind).find((s) => real.program[s] === undefined && !real.sim.state.has(s));
  if (!slot) return undefined;
  await upAndCheck(real, false);
  const { catalog } = real.world;
  const v = variant;
  let args: Record<string, unknown>;
  switch (kind) {
    case "Role":
      args = {
        name: pick(NAMES, v) ?? "Role",
        slug: `${slot.toLowerCase()}-${++real.slugGeneration}`,
        permissions: ["thread_read"],
      };
      break;
    case "Callback": {
      const free = [];
      for (const p of catalog.integrationProviders)
        if (await integrationProviderFree(real, slot, p.id, connection)) free.push(p.id);
      if (free.length === 0) return undefined;
      args = { integrationProviderId: pick(free, v), name: pick(NAMES, v) };
      break;
    }
    case "ProviderConfig":
      args = configArgs(catalog, pick(CONFIG_SOURCES, v), { filters: v, name: v, description: v, metadata: v });
      break;
    case "IntegrationSetupSession":
      args = { integrationId: pick(catalog.integrations, v), name: "Setup" };
      break;
    case "CallbackInstance": {
      const key = await freeInstanceKey(real, slot, v);
      if (!key) return undefined;
      args = {
        callbackId: ref(key.callback),
        providerConfigId: ref(key.config),
        providerAuthConfigId: key.providerAuthConfigId,
      };
      connection = key.connection;
      break;
    }
  }
  setConnection(args, connection);
  real.program[slot] = args;
  return slot;
}
