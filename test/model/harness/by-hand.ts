// Objects made by hand (API calls between runs, issue 45) on a natural key the program then declares:
// a role with the declared slug, a callback on the declared integration provider, an instance of the
// declared callback, config and auth config. Nothing proves such an object the stack's own, so the
// up must be refused at that resource's create, naming the object and adoptId, and leave the object
// as it was. Then the user does what the refusal says (adoptId) or gives up the declaration: a role or
// callback made by hand then stays in the account, and no later run of the stack may touch it.
import { freeInstanceKey, integrationProviderFree } from "./free-keys";
import { InvariantViolation, othersUntouched, refusalNamesFix, snapshotOf } from "./invariants";
import { NAMES, PERMISSION_SETS, declarations, pick, ref, setConnection, slotsOf, type Slot } from "./program";
import { always, upAndCheck, type Command, type Model, type Real } from "./real";
import { StepError } from "./sim-engine";
import { worldEventCounts } from "./world-events";
import type { Connection } from "./world";

function fail(message: string): never {
  throw new InvariantViolation(message);
}

/** An object made by hand and the declaration of its natural key, for an empty slot. */
interface MadeByHand {
  slot: Slot;
  id: string;
  callbackId?: string;
  connection: Connection;
  declaration: Record<string, unknown>;
}

export class HandMadeCollision implements Command {
  constructor(
    readonly kind: "Role" | "Callback" | "CallbackInstance",
    /** Even: the user adopts it as the refusal says; odd: the declaration goes. Also picks values. */
    readonly variant: number,
    readonly connection: Connection,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    const slot = slotsOf(this.kind).find((s) => real.program[s] === undefined && !real.sim.state.has(s));
    if (!slot) return;
    await upAndCheck(real, false);
    const made = await this.makeByHand(real, slot);
    if (!made) return;
    const { id, connection } = made;
    real.accountedFor.add(id);
    const object = {
      kind: this.kind,
      environment: real.world.environmentOf(connection),
      callbackId: made.callbackId,
      owner: "made by hand",
    };
    real.watched.set(id, { ...object, snapshot: await snapshotOf(real.world, object, id) });

    real.program[slot] = made.declaration;
    const failure = await real.sim.up(declarations(real.program)).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (failure === undefined) fail(`up made ${slot} manage ${id}, made by hand, which no adoptId names`);
    refusalNamesFix(failure, id);
    if (failure instanceof StepError && (failure.op !== "create" || failure.resource !== slot)) throw failure;
    await othersUntouched(real.world, real.sim, declarations(real.program), real.watched);
    worldEventCounts.handMadeRefused++;

    if (this.variant % 2 === 0) {
      // The fix the refusal names.
      real.program[slot] = { ...made.declaration, adoptId: id };
      await upAndCheck(real, false);
      if (real.sim.state.get(slot)?.id !== id)
        fail(`${slot} declared with adoptId: "${id}" holds ${real.sim.state.get(slot)?.id}`);
      // Removed whenever the user likes (docs/adoption.md); a role or an instance carries no marker, so nothing else changes.
      if (this.kind !== "Callback") delete real.program[slot]!.adoptId;
      worldEventCounts.handMadeAdopted++;
    } else {
      delete real.program[slot];
      // An instance made by hand on this stack's callback goes with it: its maker detaches it.
      if (this.kind === "CallbackInstance") {
        await real.world.operatorOf(connection).callbacks.instances.delete(made.callbackId!, id);
        real.watched.delete(id);
      }
      await upAndCheck(real, false);
    }
  }

  private async makeByHand(real: Real, slot: Slot): Promise<MadeByHand | undefined> {
    const v = this.variant;
    switch (this.kind) {
      case "Role": {
        const connection = this.connection;
        const slug = `hand-${++real.slugGeneration}`;
        const role = await real.world
          .operatorOf(connection)
          .roles.create({ name: "by hand", slug, permissions: ["thread_read"] });
        // Its very values (an identical role), or other in-place values.
        const declaration =
          (v >> 1) % 2 === 0
            ? { name: "by hand", slug, permissions: ["thread_read"] }
            : { name: pick(NAMES, v) ?? "Role", slug, permissions: pick(PERMISSION_SETS, v), description: "declared" };
        setConnection(declaration, connection);
        return { slot, id: role.id, connection, declaration };
      }
      case "Callback": {
        const connection = this.connection;
        const providers = real.world.catalog.integrationProviders;
        for (let i = 0; i < providers.length; i++) {
          const integrationProviderId = pick(providers, v + i).id;
          if (
            !(await integrationProviderFree(
              real,
              slot,
              integrationProviderId,
              connection,
              real.other ? [real.other.program] : [],
            ))
          )
            continue;
          const cb = await real.world
            .operatorOf(connection)
            .callbacks.create({ integrationProviderId, name: "by hand" });
          const declaration = { integrationProviderId, name: pick(NAMES, v) };
          setConnection(declaration, connection);
          return { slot, id: cb.id, connection, declaration };
        }
        return undefined;
      }
      case "CallbackInstance":
        return this.attachByHand(real, slot);
    }
  }

  /** An instance attached by hand to a callback and a config of this stack, on a key no instance holds. */
  private async attachByHand(real: Real, slot: Slot): Promise<MadeByHand | undefined> {
    const key = await freeInstanceKey(real, slot, this.variant >> 1);
    if (!key) return undefined;
    const { callbackId, providerConfigId, providerAuthConfigId, connection } = key;
    const instance = await real.world
      .operatorOf(connection)
      .callbacks.instances.create(callbackId, { providerConfigId, providerAuthConfigId });
    const declaration = { callbackId: ref(key.callback), providerConfigId: ref(key.config), providerAuthConfigId };
    setConnection(declaration, connection);
    return { slot, id: instance.id, callbackId, connection, declaration };
  }
  toString = () =>
    `make a ${this.kind} by hand, then declare its natural key (${this.variant}${this.kind !== "CallbackInstance" && this.connection ? `, on ${this.connection}` : ""}; must be refused, then ${this.variant % 2 === 0 ? "adopted" : "given up"})`;
}
