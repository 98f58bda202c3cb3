// The model's commands (fast-check model-based testing): program edits (moves between the two
// connections among them), out-of-band changes to the service, and runs of `up`, clean or through
// injected faults. Every command acts on `Real`; after every successful up the invariants
// (invariants.ts) must hold.
import fc from "fast-check";
import {
  CONFIG_SOURCES,
  DESCRIPTIONS,
  KIND_OF,
  METADATA,
  NAMES,
  PERMISSION_SETS,
  configArgs,
  declarations,
  instanceParts,
  normalize,
  pick,
  ref,
  setConnection,
  slotsOf,
  type Slot,
} from "./program";
import { noDuplicateNoOrphan, othersUntouched, serviceMatchesProgram, stateExists } from "./invariants";
import { destroyOther } from "./other-stack";
import { realWorldCommands } from "./real-world";
import { SHAPES } from "../../../provider/shapes";
import { sameValue } from "../../../provider/shapes/normalize";
import { replaceOnChange } from "../../../provider/engine/replace-on-changes";
import { REPLACE_ON_CHANGES_INPUT } from "../../../provider/shapes/reserved";
import { instanceKeyFree, integrationProviderFree, keyDeclaredElsewhere, slugFree } from "./free-keys";
import { oneObjectCommands } from "./one-object-commands";
import { always, stacksOf, upAndCheck, type Command, type Model, type Real } from "./real";
import { StepError, isAbout } from "./sim-engine";
import { connectionOf, type Connection, type FaultPlan } from "./world";

export { newReal, type Real } from "./real";

export class Up implements Command {
  constructor(readonly refresh: boolean) {}
  check = always;
  async run(_m: Model, real: Real) {
    await upAndCheck(real, this.refresh);
  }
  toString = () => `up${this.refresh ? " --refresh" : ""}`;
}

class FaultyUp implements Command {
  constructor(readonly plan: FaultPlan) {}
  check = always;
  async run(_m: Model, real: Real) {
    const program = declarations(real.program);
    await real.world.injectFaults(this.plan);
    let failed: unknown;
    try {
      await real.sim.up(program, { refresh: real.dirty });
      real.dirty = false;
    } catch (error) {
      failed = error;
    } finally {
      await real.world.clearFaults();
    }
    if (failed) {
      if (!(failed instanceof StepError)) throw failed;
      real.log.push(`  (failed as faults allow: ${failed.message.slice(0, 200)})`);
      if (!real.dirty) await stateExists(real.world, real.sim);
    }
    // The user runs up again once the service is well: everything converges.
    await upAndCheck(real, false);
  }
  toString = () => `up through faults ${JSON.stringify(this.plan)}`;
}

/** Declares (or edits) a callback. An adopted one keeps its integration provider (a change would be refused). */
/** `replaceOnChanges` as a resource option (carried to the provider as an input); never on an adopted object. */
const REPLACE_ON_CHANGES = [undefined, undefined, undefined, ["name"], ["metadata"], ["*"]];
const replaceOn = (adopted: unknown, variant: number) => (adopted ? undefined : pick(REPLACE_ON_CHANGES, variant));

class DeclareCallback implements Command {
  constructor(
    readonly slot: Slot,
    readonly provider: number,
    readonly name: number,
    readonly description: number,
    readonly metadata: number,
    readonly replaceOnChanges = 0,
    /** Where a new declaration goes; an edited one stays on its connection. */
    readonly connection: Connection = undefined,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    const current = real.program[this.slot];
    const connection = current ? connectionOf(current) : this.connection;
    const providers = real.world.catalog.integrationProviders;
    let integrationProviderId = pick(providers, this.provider).id;
    if (current?.adoptId) integrationProviderId = current.integrationProviderId as string;
    else if (
      current?.integrationProviderId !== integrationProviderId &&
      !(await integrationProviderFree(real, this.slot, integrationProviderId, connection))
    )
      return;
    real.program[this.slot] = {
      ...(current?.adoptId ? { adoptId: current.adoptId } : {}),
      integrationProviderId,
      name: pick(NAMES, this.name),
      description: pick(DESCRIPTIONS, this.description),
      metadata: pick(METADATA, this.metadata),
      [REPLACE_ON_CHANGES_INPUT]: replaceOn(current?.adoptId, this.replaceOnChanges),
    };
    setConnection(real.program[this.slot]!, connection);
    normalize(real.world.catalog, real.program);
  }
  toString = () =>
    `declare ${this.slot} (provider ${this.provider}, name ${this.name}, description ${this.description}, metadata ${this.metadata}, replaceOnChanges ${this.replaceOnChanges}${onConnection(this.connection)})`;
}

/** How a command's connection reads in a printed sequence. */
const onConnection = (connection: Connection) => (connection === undefined ? "" : `, if new: on ${connection}`);

class DeclareConfig implements Command {
  constructor(
    readonly slot: Slot,
    readonly source: number,
    readonly filters: number,
    readonly name: number,
    readonly description: number,
    readonly metadata: number,
    readonly replaceOnChanges = 0,
    readonly connection: Connection = undefined,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    const current = real.program[this.slot];
    const args = configArgs(real.world.catalog, pick(CONFIG_SOURCES, this.source), this);
    real.program[this.slot] = current?.adoptId
      ? // Adopted: only in-place fields change while adoptId stays.
        {
          ...current,
          toolFilters: args.toolFilters,
          name: args.name,
          description: args.description,
          metadata: args.metadata,
        }
      : { ...args, [REPLACE_ON_CHANGES_INPUT]: replaceOn(false, this.replaceOnChanges) };
    setConnection(real.program[this.slot]!, current ? connectionOf(current) : this.connection);
    normalize(real.world.catalog, real.program);
  }
  toString = () =>
    `declare ${this.slot} (source ${this.source}, filters ${this.filters}, name ${this.name}, description ${this.description}, metadata ${this.metadata}, replaceOnChanges ${this.replaceOnChanges}${onConnection(this.connection)})`;
}

class DeclareInstance implements Command {
  constructor(
    readonly slot: Slot,
    readonly callback: Slot,
    readonly config: Slot,
    readonly auth: number,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    const providerId = real.program[this.config]?.providerId as string | undefined;
    const provider = Object.values(real.world.catalog.providers).find((p) => p.id === providerId);
    const authConfig = provider && this.auth > 0 ? pick(provider.authConfigs, this.auth - 1) : undefined;
    if (!(await instanceKeyFree(real, this.slot, this.callback, this.config, authConfig))) return;
    real.program[this.slot] = {
      callbackId: ref(this.callback),
      providerConfigId: ref(this.config),
      providerAuthConfigId: authConfig,
    };
    normalize(real.world.catalog, real.program);
  }
  toString = () => `declare ${this.slot} (${this.callback} + ${this.config}, auth ${this.auth})`;
}

class DeclareRole implements Command {
  constructor(
    readonly slot: Slot,
    readonly name: number,
    readonly permissions: number,
    readonly description: number,
    readonly newSlug: boolean,
    readonly connection: Connection = undefined,
    /** The other role's slug, when it is declared on the other connection: one role declared for both environments. */
    readonly twin = false,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    const current = real.program[this.slot];
    const connection = current ? connectionOf(current) : this.connection;
    // A role removed from the program stays in the account: a new one takes a slug never used before.
    let slug =
      current && !this.newSlug ? (current.slug as string) : `${this.slot.toLowerCase()}-${++real.slugGeneration}`;
    const other = real.program[this.slot === "roleA" ? "roleB" : "roleA"];
    if (
      this.twin &&
      other &&
      connectionOf(other) !== connection &&
      (await slugFree(real, this.slot, other.slug as string, connection))
    ) {
      slug = other.slug as string;
    }
    real.program[this.slot] = {
      ...(current?.adoptId ? { adoptId: current.adoptId } : {}),
      name: pick(NAMES, this.name) ?? "Role",
      slug,
      permissions: pick(PERMISSION_SETS, this.permissions),
      description: pick(DESCRIPTIONS, this.description),
    };
    setConnection(real.program[this.slot]!, connection);
  }
  toString = () =>
    `declare ${this.slot} (name ${this.name}, permissions ${this.permissions}, description ${this.description}${this.newSlug ? ", new slug" : ""}${this.twin ? ", the other role's slug" : ""}${onConnection(this.connection)})`;
}

const REDIRECTS = [undefined, "https://example.com/done", "http://localhost:3000/callback"];
const CONFIGURATIONS = [undefined, { region: "eu" }, { region: "us", retries: 3 }];

/** What a declared session is made of: each number picks one of a field's variants (pick), so a sequence shrinks field by field. */
interface SessionVariants {
  integration: number;
  name: number;
  description: number;
  metadata: number;
  configuration: number;
  redirect: number;
  replaceWhenExpired: boolean;
  expiry: number;
  identity: number;
}

class DeclareSession implements Command {
  constructor(
    readonly slot: Slot,
    readonly variants: SessionVariants,
    readonly connection: Connection = undefined,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    const current = real.program[this.slot];
    const v = this.variants;
    real.program[this.slot] = {
      expiresAt: expiresAt(v.expiry),
      identityActorId: pick([undefined, "actor-1", "actor-2"], v.identity),
      identityId: pick([undefined, undefined, "identity-9"], v.identity),
      integrationId: pick(real.world.catalog.integrations, v.integration),
      name: pick(NAMES, v.name) ?? "Setup",
      description: pick(DESCRIPTIONS, v.description),
      metadata: pick(METADATA, v.metadata),
      configuration: pick(CONFIGURATIONS, v.configuration),
      redirectUrl: pick(REDIRECTS, v.redirect),
      replaceWhenExpired: v.replaceWhenExpired || undefined,
    };
    setConnection(real.program[this.slot]!, current ? connectionOf(current) : this.connection);
  }
  toString = () => {
    const { replaceWhenExpired, ...numbers } = this.variants;
    const fields = Object.entries(numbers).map(([field, variant]) => `${field} ${variant}`);
    return `declare ${this.slot} (${fields.join(", ")}${replaceWhenExpired ? ", replaceWhenExpired" : ""}${onConnection(this.connection)})`;
  };
}

/**
 * A declared expiry a day or two ahead of the (moving) clock, in one of two notations; or none (the
 * service's default: 24 h after creation).
 */
function expiresAt(variant: number): string | undefined {
  if (variant % 3 === 0) return undefined;
  const at = new Date(Date.now() + (variant % 3) * 86_400_000 + 3600_000);
  return variant % 3 === 1 ? at.toISOString() : at.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

class Remove implements Command {
  constructor(readonly slot: Slot) {}
  check = always;
  async run(_m: Model, real: Real) {
    delete real.program[this.slot];
    normalize(real.world.catalog, real.program);
  }
  toString = () => `remove ${this.slot}`;
}

/** An object made out of band, then declared with adoptId (with its own values, or other in-place values). */
class Adopt implements Command {
  constructor(
    readonly slot: Slot,
    readonly sameValues: boolean,
    readonly variant: number,
    readonly connection: Connection = undefined,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    if (real.program[this.slot] || real.sim.state.has(this.slot)) return;
    const args = await madeOutOfBand(real, this.slot, this.connection, this.sameValues, this.variant);
    if (args) real.program[this.slot] = args;
  }
  toString = () =>
    `adopt an object made out of band into ${this.slot}${this.sameValues ? "" : ` (in-place values differ, ${this.variant})`}${this.connection ? ` on ${this.connection}` : ""}`;
}

/**
 * Makes an object out of band in a connection's environment and returns the declaration that adopts
 * it (undefined when the slot's kind cannot be adopted, or no integration provider is free there).
 */
async function madeOutOfBand(
  real: Real,
  slot: Slot,
  connection: Connection,
  sameValues: boolean,
  variant: number,
): Promise<Record<string, unknown> | undefined> {
  const c = real.world.operatorOf(connection);
  const { catalog } = real.world;
  const name = sameValues ? "external" : (pick(NAMES, variant) ?? "renamed on adoption");
  let args: Record<string, unknown>;
  switch (KIND_OF[slot]) {
    case "Callback": {
      const free = [];
      for (const p of catalog.integrationProviders)
        if (await integrationProviderFree(real, slot, p.id, connection)) free.push(p);
      if (free.length === 0) return undefined;
      const integrationProviderId = pick(free, variant).id;
      const cb = await c.callbacks.create({ integrationProviderId, name: "external" });
      real.accountedFor.add(cb.id);
      args = { adoptId: cb.id, integrationProviderId, name };
      break;
    }
    case "ProviderConfig": {
      const config = await c.providerConfigs.create({
        providerId: catalog.providers.github.id,
        value: { base_url: "https://api.github.com", timeout_seconds: 5 },
        name: "external",
      });
      real.accountedFor.add(config.id);
      // As `pulumi-tcs generate` writes it: no value (the API never returns it).
      args = { adoptId: config.id, providerId: catalog.providers.github.id, name };
      break;
    }
    case "Role": {
      const slug = `external-${++real.slugGeneration}`;
      const role = await c.roles.create({ name: "external", slug, permissions: ["thread_read"] });
      real.accountedFor.add(role.id);
      args = {
        adoptId: role.id,
        name,
        slug,
        permissions: ["thread_read"],
        description: sameValues ? undefined : "adopted",
      };
      break;
    }
    default:
      return undefined;
  }
  setConnection(args, connection);
  return args;
}

/** `adoptId` removed after adoption (docs/adoption.md: "remove it whenever you like"). */
class DropAdoptId implements Command {
  constructor(readonly slot: Slot) {}
  check = always;
  async run(_m: Model, real: Real) {
    const args = real.program[this.slot];
    // Only once the object was adopted: before that, adoptId is what makes the resource take it over.
    if (args?.adoptId && real.sim.state.get(this.slot)?.id === args.adoptId) delete args.adoptId;
  }
  toString = () => `remove adoptId from ${this.slot}`;
}

/**
 * Whether the slot holds the object its adoptId names, with nothing changed out of band since the last
 * refresh: the state the commands that must be refused at check for adoptId (ChangeAdoptedReplaceOnly,
 * MoveAdopted) start from.
 *
 * Those commands apply the rest of the program first (upAndCheck), as AdoptWithValue does: the
 * simulation runs each resource's check and step in program order, as `up --skip-preview` does, so a
 * change of another slot still to apply runs before the refused slot's check. A create among them may
 * rightly be refused for an object the state does not hold carrying its marker (a failed create's on a
 * fresh runner, declared again with the values it was made for), which upAndCheck claims as the refusal
 * says; without the converging up, the command read that refusal as the provider's failure (found by
 * the 1,000-sequence run, seed 1748504162).
 */
function adoptedAndApplied(real: Real, slot: Slot): boolean {
  const args = real.program[slot];
  if (!args?.adoptId) return false;
  return real.sim.state.get(slot)?.id === args.adoptId && !real.dirty;
}

/**
 * A change the service cannot make in place, declared while adoptId still pins the object: the up
 * must be refused at check, naming the property, with state and service untouched. Then reverted.
 */
export class ChangeAdoptedReplaceOnly implements Command {
  constructor(readonly slot: Slot) {}
  check = always;
  async run(_m: Model, real: Real) {
    // Once adopted: before that, the create adopts (AdoptWithValue covers a config adopted with a value).
    if (!adoptedAndApplied(real, this.slot)) return;
    // Converged first, so that the refused run is this change alone (adoptedAndApplied).
    await upAndCheck(real, false);
    if (!adoptedAndApplied(real, this.slot)) return;
    const args = real.program[this.slot]!;
    const property =
      KIND_OF[this.slot] === "ProviderConfig"
        ? "value"
        : KIND_OF[this.slot] === "Callback"
          ? "integrationProviderId"
          : undefined;
    if (!property) return;
    const before = { ...args };
    // Not onto a key another slot declares: check would refuse the key declared twice first.
    const otherProvider = real.world.catalog.integrationProviders.find(
      (p) =>
        p.id !== args.integrationProviderId &&
        !keyDeclaredElsewhere(real, this.slot, { ...args, integrationProviderId: p.id }),
    );
    real.program[this.slot] =
      property === "value"
        ? { ...args, value: { base_url: "https://changed.example.com", timeout_seconds: 7 } }
        : { ...args, integrationProviderId: otherProvider!.id };
    try {
      await real.sim.up(declarations(real.program));
      throw new Error(
        `up accepted a change of ${property} on adopted ${this.slot} (${String(args.adoptId)}) with adoptId kept: it cannot reach the service`,
      );
    } catch (error) {
      if (
        !(error instanceof StepError) ||
        error.op !== "check" ||
        !error.failures.some((f) => isAbout(f, property) && /adoptId/.test(f.reason))
      )
        throw error;
    } finally {
      real.program[this.slot] = before;
    }
  }
  toString = () => `change a replace-only property of adopted ${this.slot} with adoptId kept (must be refused)`;
}

/**
 * A config adopted with a declared value, which no read can verify: refused at check, naming value.
 * Into an empty slot, or (`move`) by a declared config with a value moved to the other connection onto
 * a config made there, its value kept: the replacement's create would adopt it.
 */
class AdoptWithValue implements Command {
  constructor(
    readonly slot: Slot,
    readonly move = false,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    if (real.dirty) return;
    // Converged first: the program's own pending creates (one may meet an object the state does not
    // hold, which upAndCheck claims as the refusal names) are not this command's to answer for.
    await upAndCheck(real, false);
    const current = real.program[this.slot];
    if (
      this.move
        ? current?.value === undefined || current.adoptId !== undefined
        : current || real.sim.state.has(this.slot)
    )
      return;
    const connection = this.move ? otherConnection(connectionOf(current)) : undefined;
    // Adopting happens on a create: a "move" back to where state holds the config changes adoptId alone, which plans nothing.
    const entry = real.sim.state.get(this.slot);
    if (this.move && entry && connectionOf(entry.outputs) === connection) return;
    const github = real.world.catalog.providers.github.id;
    const config = await real.world.operatorOf(connection).providerConfigs.create({
      providerId: github,
      value: { base_url: "https://api.github.com", timeout_seconds: 5 },
    });
    real.accountedFor.add(config.id);
    real.program[this.slot] = current
      ? { ...current, adoptId: config.id, providerId: github }
      : { adoptId: config.id, providerId: github, value: { base_url: "https://api.github.com", timeout_seconds: 60 } };
    setConnection(real.program[this.slot]!, connection);
    try {
      await real.sim.up(declarations(real.program));
      throw new Error(`up adopted ${config.id} with a declared value it cannot verify (the service holds another)`);
    } catch (error) {
      if (
        !(error instanceof StepError) ||
        error.op !== "check" ||
        !error.failures.some((f) => isAbout(f, "value") && /adoptId/.test(f.reason))
      )
        throw error;
    } finally {
      if (current) real.program[this.slot] = current;
      else delete real.program[this.slot];
      normalize(real.world.catalog, real.program);
    }
  }
  toString = () =>
    this.move
      ? `move ${this.slot} to the other connection onto a config adopted there, its value kept (must be refused)`
      : `adopt a config into ${this.slot} declaring a value (must be refused)`;
}

// --- moves between connections ---------------------------------------------------------------------

/** The other connection: the model's programs name two. */
const otherConnection = (connection: Connection): Connection => (connection === undefined ? "prod" : undefined);

/**
 * A declared resource moved to the other connection: the engine must make it in the new environment
 * and delete it from the old one (roles and sessions, which the API cannot delete, are let go of).
 * An instance moves with its callback and config, as a program moving a whole group would. With
 * `adopt`, the resource takes over an object made out of band in the new environment instead (a
 * migration onto what an operator prepared there).
 */
class Move implements Command {
  constructor(
    readonly slot: Slot,
    readonly adopt: boolean,
    readonly variant: number,
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    const args = real.program[this.slot];
    if (!args) return;
    const target = otherConnection(connectionOf(args));
    if (KIND_OF[this.slot] === "CallbackInstance") {
      const { callback, config } = instanceParts(args);
      const moved = [await movedArgs(real, callback, target), await movedArgs(real, config, target)];
      if (moved.some((m) => m === undefined)) return;
      [real.program[callback], real.program[config]] = moved;
    } else {
      // Adopting happens on a create: only when the up replaces the object (a change of adoptId alone plans nothing).
      const entry = real.sim.state.get(this.slot);
      const replaces = !entry || connectionOf(entry.outputs) !== target;
      const adopted =
        this.adopt && replaces
          ? await madeOutOfBand(real, this.slot, target, this.variant % 2 === 0, this.variant)
          : undefined;
      const moved = adopted ?? (await movedArgs(real, this.slot, target));
      if (!moved) return;
      real.program[this.slot] = moved;
    }
    normalize(real.world.catalog, real.program);
  }
  toString = () =>
    `move ${this.slot} to the other connection${this.adopt ? ` adopting an object made there (${this.variant})` : ""}`;
}

/**
 * A slot's declaration on another connection, as a user would write it so that the move can go
 * through; undefined when it cannot (an integration provider the new environment already uses).
 */
async function movedArgs(real: Real, slot: Slot, target: Connection): Promise<Record<string, unknown> | undefined> {
  const args = { ...real.program[slot]! };
  // adoptId names an object of the old environment: the move makes a new one (the refusal is MoveAdopted's).
  delete args.adoptId;
  switch (KIND_OF[slot]) {
    case "Callback":
      if (!(await integrationProviderFree(real, slot, args.integrationProviderId as string, target))) return undefined;
      break;
    case "ProviderConfig":
      // Adopted without settings (as generate writes it): the new config needs some (preview says so).
      if (args.value === undefined && args.providerConfigVaultId === undefined) {
        Object.assign(
          args,
          configArgs(real.world.catalog, CONFIG_SOURCES[0], { filters: 0, name: 0, description: 0, metadata: 0 }),
        );
      }
      break;
    case "Role":
      // A slug the new environment holds already (a role let go of there earlier, its twin) takes a new one.
      if (!(await slugFree(real, slot, args.slug as string, target)))
        args.slug = `${slot.toLowerCase()}-${++real.slugGeneration}`;
      break;
    case "IntegrationSetupSession":
      // The move creates a session, which sends the declared expiry: one that passed is renewed, as preview asks.
      if (typeof args.expiresAt === "string" && Date.parse(args.expiresAt) <= Date.now() + 60_000)
        args.expiresAt = expiresAt(1);
      break;
  }
  setConnection(args, target);
  return args;
}

/** A move applied through faults: the create in the new environment or the delete from the old one may fail midway. */
class MoveThroughFaults implements Command {
  constructor(
    readonly slot: Slot,
    readonly plan: FaultPlan,
  ) {}
  check = always;
  async run(m: Model, real: Real) {
    await new Move(this.slot, false, 0).run(m, real);
    await new FaultyUp(this.plan).run(m, real);
  }
  toString = () => `move ${this.slot} to the other connection, then up through faults ${JSON.stringify(this.plan)}`;
}

/**
 * A move of an adopted resource with adoptId kept: the id names an object of the old environment, so
 * the up must be refused at check, naming connection and adoptId. Then reverted.
 */
export class MoveAdopted implements Command {
  constructor(readonly slot: Slot) {}
  check = always;
  async run(_m: Model, real: Real) {
    if (!adoptedAndApplied(real, this.slot)) return;
    // Converged first, so that the refused run is this move alone (adoptedAndApplied).
    await upAndCheck(real, false);
    if (!adoptedAndApplied(real, this.slot)) return;
    const args = real.program[this.slot]!;
    const moved = { ...args };
    setConnection(moved, otherConnection(connectionOf(args)));
    // Onto a key another slot declares there, check refuses the key declared twice first.
    if (keyDeclaredElsewhere(real, this.slot, moved)) return;
    const before = { ...args };
    real.program[this.slot] = moved;
    try {
      await real.sim.up(declarations(real.program));
      throw new Error(
        `up accepted a move of adopted ${this.slot} (${String(args.adoptId)}) to another connection with adoptId kept`,
      );
    } catch (error) {
      if (
        !(error instanceof StepError) ||
        error.op !== "check" ||
        !error.failures.some((f) => f.property === "connection" && /adoptId/.test(f.reason))
      )
        throw error;
    } finally {
      real.program[this.slot] = before;
      normalize(real.world.catalog, real.program);
    }
  }
  toString = () => `move adopted ${this.slot} to the other connection with adoptId kept (must be refused)`;
}

// --- out of band -----------------------------------------------------------------------------------

/** What an operator's rename of a config changes. */
const CONFIG_RENAMED_BY_HAND = {
  name: "renamed by hand",
  toolFilters: { type: "tool_keys" as const, keys: ["by.hand"] },
};

class OutOfBand implements Command {
  constructor(
    readonly slot: Slot,
    readonly action: "rename" | "delete" | "archive" | "edit" | "complete",
  ) {}
  check = always;
  async run(_m: Model, real: Real) {
    // An operator acting on an object already gone (deleted by hand earlier) changes nothing.
    await this.act(real).catch((error: { status?: number }) => {
      if (error?.status !== 404 && error?.status !== 400) throw error;
    });
  }

  private async act(real: Real) {
    const entry = real.sim.state.get(this.slot);
    if (!entry) return;
    // The operator acts on the environment the object lives in.
    const c = real.world.operatorOf(connectionOf(entry.outputs));
    const kind = KIND_OF[this.slot];
    if (kind === "Callback" && this.action === "rename")
      await c.callbacks.update(entry.id, { name: "renamed by hand" });
    else if (kind === "Callback" && this.action === "delete") await c.callbacks.delete(entry.id);
    else if (kind === "Callback" && this.action === "archive") {
      // An adopted callback that gets archived cannot be managed again until adoptId goes (adopt refuses it).
      if (real.program[this.slot]?.adoptId) return;
      await real.world.control("POST", `/callbacks/${entry.id}/archive`, {});
    } else if (kind === "ProviderConfig" && this.action === "delete") await c.providerConfigs.delete(entry.id);
    else if (kind === "ProviderConfig" && this.action === "rename")
      await c.providerConfigs.update(entry.id, CONFIG_RENAMED_BY_HAND);
    else if (kind === "CallbackInstance" && this.action === "delete")
      await c.callbacks.instances.delete(String(entry.outputs.callbackId), entry.id);
    else if (kind === "Role" && (this.action === "edit" || this.action === "rename")) {
      const role = await c.roles.retrieve(entry.id);
      await c.roles.update(entry.id, {
        name: "edited by hand",
        slug: String(role.slug),
        permissions: ["thread_read", "message_read", "thread_create"],
        description: "by hand",
      });
    } else if (kind === "IntegrationSetupSession" && this.action === "complete") {
      const session = await c.integrationSetupSessions.retrieve(entry.id);
      if (session.status !== "pending") return;
      const response = await fetch(`${session.url}/complete`, { method: "POST", redirect: "manual" });
      if (response.status >= 400) throw new Error(`completing ${entry.id}: ${response.status}`);
    } else return;
    real.dirty = true;
    // An object deleted by hand is made anew by the next up --refresh. An adopted one cannot be
    // adopted again: up says "does not exist ... remove adoptId to create a new one", and the user
    // does so. A config renamed by hand under a replaceOnChanges that covers the rename is replaced by
    // the next up --refresh too. Either way, a config adopted without settings (a claimed one, whose
    // adoptId went after the claim) must then declare some (preview says so).
    const args = real.program[this.slot];
    if (!args) return;
    // Only when adoptId named what was deleted (a move may have pointed it at an object of the other environment).
    if (this.action === "delete" && args.adoptId === entry.id) delete args.adoptId;
    const madeAnew =
      this.action === "delete" ||
      (this.action === "rename" &&
        Object.keys(CONFIG_RENAMED_BY_HAND).some((field) => replaceOnChange(field, CONFIG_RENAMED_BY_HAND, args)));
    if (
      madeAnew &&
      KIND_OF[this.slot] === "ProviderConfig" &&
      args.adoptId === undefined &&
      args.value === undefined &&
      args.providerConfigVaultId === undefined
    ) {
      Object.assign(
        args,
        configArgs(real.world.catalog, CONFIG_SOURCES[0], { filters: 0, name: 0, description: 0, metadata: 0 }),
      );
      normalize(real.world.catalog, real.program);
    }
  }
  toString = () => `out of band: ${this.action} ${this.slot}`;
}

/** A day passes: pending setup sessions expire (they last 24 h unless declared otherwise). */
class SessionsExpire implements Command {
  check = always;
  async run(_m: Model, real: Real) {
    await real.world.advanceTime(25 * 3600_000);
    // A declared expiry that has passed is refused for a session still to be created or changed
    // (check), and for an expired one to be re-created (diff): the user declares a new one, as those
    // errors say. An applied one that passed is fine: the session simply expired.
    for (const slot of slotsOf("IntegrationSetupSession")) {
      const args = real.program[slot];
      if (typeof args?.expiresAt !== "string" || Date.parse(args.expiresAt) > Date.now() + 60_000) continue;
      // Applied whole: a declaration with a change still to apply (a move among them) replaces the
      // session, sending the expiry again.
      const inputs = real.sim.state.get(slot)?.inputs;
      const applied =
        inputs !== undefined &&
        connectionOf(inputs) === connectionOf(args) &&
        Object.entries(SHAPES.IntegrationSetupSession.rules).every(([field, rule]) =>
          sameValue(inputs[field], args[field], rule),
        );
      if (!applied || args.replaceWhenExpired) args.expiresAt = expiresAt(1);
    }
    real.dirty = true;
  }
  toString = () => "out of band: a day passes (pending sessions expire)";
}

// --- arbitraries -----------------------------------------------------------------------------------

const variant = fc.nat({ max: 7 });
const slotOf = (kind: Parameters<typeof slotsOf>[0]) => fc.constantFrom(...slotsOf(kind));
/** Where a new declaration or an adopted object goes: the default connection or the named one. */
const connection = fc.constantFrom<Connection>(undefined, "prod");

/**
 * The commands, weighted so that a sequence edits, applies and edits again (ups and declarations
 * often; adoption, refusals, out-of-band changes and faults now and then).
 */
export function commandArbitraries(options: { faults: boolean; realEngine?: boolean }): fc.Arbitrary<Command>[] {
  const weighted: fc.WeightedArbitrary<Command>[] = [
    { weight: 6, arbitrary: fc.boolean().map((refresh) => new Up(refresh)) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(slotOf("Callback"), variant, variant, variant, variant, variant, connection)
        .map(([s, p, n, d, m, r, c]) => new DeclareCallback(s, p, n, d, m, r, c)),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(slotOf("ProviderConfig"), variant, variant, variant, variant, variant, variant, connection)
        .map(([s, src, f, n, d, m, r, c]) => new DeclareConfig(s, src, f, n, d, m, r, c)),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(slotOf("CallbackInstance"), slotOf("Callback"), slotOf("ProviderConfig"), fc.nat({ max: 2 }))
        .map(([s, cb, pc, a]) => new DeclareInstance(s, cb, pc, a)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(slotOf("Role"), variant, variant, variant, fc.boolean(), connection, fc.boolean())
        .map(([s, n, p, d, fresh, c, twin]) => new DeclareRole(s, n, p, d, fresh, c, twin)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          slotOf("IntegrationSetupSession"),
          variant,
          variant,
          variant,
          variant,
          variant,
          variant,
          fc.boolean(),
          variant,
          variant,
          connection,
        )
        // A tuple, as every command's: the sequences a seed gives stay those it gave (docs/model-testing.md names seeds).
        .map(
          ([
            s,
            integration,
            name,
            description,
            metadata,
            configuration,
            redirect,
            replaceWhenExpired,
            expiry,
            identity,
            on,
          ]) =>
            new DeclareSession(
              s,
              {
                integration,
                name,
                description,
                metadata,
                configuration,
                redirect,
                replaceWhenExpired,
                expiry,
                identity,
              },
              on,
            ),
        ),
    },
    { weight: 1, arbitrary: fc.constantFrom(...slotsOfAll()).map((s) => new Remove(s)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom<Slot>("cbA", "cbB", "pcA", "pcB", "roleA", "roleB"), fc.boolean(), variant, connection)
        .map(([s, same, v, c]) => new Adopt(s, same, v, c)),
    },
    // Moves between the connections: alone, with an instance's whole group, or onto an object adopted there.
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...slotsOfAll()), fc.boolean(), variant)
        .map(([s, adopt, v]) => new Move(s, adopt && ["Callback", "ProviderConfig", "Role"].includes(KIND_OF[s]), v)),
    },
    {
      weight: options.realEngine ? 0 : 1,
      arbitrary: fc.constantFrom<Slot>("cbA", "cbB", "pcA", "pcB", "roleA", "roleB").map((s) => new MoveAdopted(s)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Slot>("cbA", "cbB", "pcA", "pcB", "roleA", "roleB").map((s) => new DropAdoptId(s)),
    },
    // The refusals are asserted on the provider's check failures, which the simulation sees whole.
    {
      weight: options.realEngine ? 0 : 1,
      arbitrary: fc.constantFrom<Slot>("cbA", "cbB", "pcA", "pcB").map((s) => new ChangeAdoptedReplaceOnly(s)),
    },
    {
      weight: options.realEngine ? 0 : 1,
      arbitrary: fc
        .tuple(fc.constantFrom<Slot>("pcA", "pcB"), fc.boolean())
        .map(([s, move]) => new AdoptWithValue(s, move)),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom<[Slot, OutOfBand["action"]]>(
          ["cbA", "rename"],
          ["cbB", "delete"],
          ["cbA", "archive"],
          ["cbB", "archive"],
          ["pcA", "delete"],
          ["pcB", "rename"],
          ["instA", "delete"],
          ["roleA", "edit"],
          ["sessA", "complete"],
        )
        .map(([s, a]) => new OutOfBand(s, a)),
    },
    { weight: 1, arbitrary: fc.constant(new SessionsExpire()) },
  ];
  if (options.faults) {
    const plan = fc.record({
      seed: fc.nat(),
      unavailable: fc.constantFrom(0, 0.1, 0.3),
      dropAfterCommit: fc.constantFrom(0, 0.3, 0.6),
      rateLimitedBurst: fc.constantFrom(0, 0, 2),
    });
    weighted.push(
      { weight: 2, arbitrary: plan.map((p) => new FaultyUp(p)) },
      {
        weight: 2,
        arbitrary: fc.tuple(fc.constantFrom(...slotsOfAll()), plan).map(([s, p]) => new MoveThroughFaults(s, p)),
      },
    );
  }
  // From here weights count in quarters: a slow create waits out the create the service holds (0.4 s),
  // so it comes a quarter as often as the rarest command above (oneObjectCommands).
  return [
    fc.oneof(
      ...weighted.map((w) => ({ ...w, weight: 4 * w.weight })),
      ...oneObjectCommands(options),
      ...realWorldCommands(options),
    ),
  ];
}

function slotsOfAll(): Slot[] {
  return Object.keys(KIND_OF) as Slot[];
}

/**
 * The last word of every sequence: converge, check, destroy (leaving the other stack's objects and
 * those made by hand as they were), destroy the other stack, and nothing the provider made is left.
 */
export async function finish(real: Real): Promise<void> {
  await upAndCheck(real, true);
  await real.sim.destroy();
  if (real.sim.state.size > 0 || real.sim.pendingDeletes.length > 0)
    throw new Error(`destroy left ${real.sim.state.size} resources in state`);
  await othersUntouched(real.world, real.sim, [], real.watched);
  real.program = {};
  await serviceMatchesProgram(real.world, real.sim, []);
  await destroyOther(real);
  await noDuplicateNoOrphan(real.world, stacksOf(real), real.accountedFor);
}
