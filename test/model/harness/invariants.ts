// What must hold after every successful up, whatever came before:
//   1. each environment holds exactly what the program declares for its connection (write-only
//      settings included);
//   2. state agrees with the service, and records the declared connection;
//   3. a refresh finds nothing to change (`preview --refresh --expect-no-changes`);
//   4. no duplicate and no orphan, in either environment: every live object the provider made is in
//      the state of one stack, once, under the connection of its environment;
//   6. no object another stack manages or someone made by hand is modified, detached, deleted or taken
//      over by a run unless the program names it (adoptId);
//   7. every refused run names the object in the way and the fix, in at most 300 characters.
// And after a failed up, the part that must hold at every moment: whatever state holds exists.
import { BINDINGS } from "../../../provider/engine/bindings";
import type { LiveObject } from "../../../provider/engine/binding";
import { withoutMarker } from "../../../provider/engine/create-marker";
import { sameValue } from "../../../provider/shapes/normalize";
import { MARKER_KEY } from "../../../provider/shapes/reserved";
import type { ResourceKind } from "../../../provider/shapes/shape";
import { StepError, isAbout, isRef, type Declaration, type Deployer, type StateEntry } from "./sim-engine";
import { ENVIRONMENTS, connectionOf, type Connection, type EnvironmentName, type World } from "./world";

export class InvariantViolation extends Error {}

function fail(message: string): never {
  throw new InvariantViolation(message);
}

/** Reads one object straight from the connection's environment (no batcher), undefined when it is gone from there. */
function live(
  world: World,
  connection: Connection,
  kind: ResourceKind,
  id: string,
  inputs: Record<string, unknown>,
): Promise<(LiveObject & { status?: unknown }) | undefined> {
  return liveIn(world, world.environmentOf(connection), kind, id, inputs);
}

/** Reads one object straight from an environment (no batcher), undefined when it is gone from there. */
async function liveIn(
  world: World,
  environment: EnvironmentName,
  kind: ResourceKind,
  id: string,
  inputs: Record<string, unknown>,
): Promise<(LiveObject & { status?: unknown }) | undefined> {
  const c = world.operatorIn(environment);
  const orUndefined = <T>(p: Promise<T>) =>
    p.catch((error: { status?: number }) => (error?.status === 404 ? undefined : Promise.reject(error)));
  switch (kind) {
    case "Callback":
      return orUndefined(c.callbacks.retrieve(id));
    case "CallbackInstance":
      return orUndefined(c.callbacks.instances.retrieve(String(inputs.callbackId), id));
    case "ProviderConfig":
      return orUndefined(c.providerConfigs.retrieve(id));
    case "Role":
      return orUndefined(c.roles.retrieve(id));
    case "IntegrationSetupSession":
      return orUndefined(c.integrationSetupSessions.retrieve(id));
  }
}

/** A declaration's args with references resolved to the ids state holds. */
export function resolved(sim: Deployer, decl: Declaration): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(decl.args))
    args[key] = isRef(value) ? sim.state.get(value.$ref)?.id : value;
  return args;
}

/**
 * 1 and 2: each declaration is in state under its connection, and the live object, in the environment
 * of that connection, holds the declared values and the state's. `keptSettings`: the settings of
 * configs claimed with adoptId and declared without `value` (the preview refuses one beside a new
 * adoptId), as they held them when claimed: the program no longer says what they hold.
 */
export async function serviceMatchesProgram(
  world: World,
  sim: Deployer,
  program: Declaration[],
  keptSettings: ReadonlyMap<string, Record<string, unknown>> = new Map(),
): Promise<void> {
  for (const decl of program) {
    const entry = sim.state.get(decl.name) ?? fail(`${decl.name} is declared but not in state`);
    const binding = BINDINGS[decl.kind];
    const args = resolved(sim, decl);
    const connection = connectionOf(decl.args);
    for (const [side, recorded] of [
      ["inputs", entry.inputs],
      ["outputs", entry.outputs],
    ] as const) {
      // Recorded only when named: a resource on the default connection reads as before connections existed.
      if (recorded.connection !== connection) {
        fail(
          `${decl.name}: state's ${side} record connection ${JSON.stringify(recorded.connection)}, the program declares ${JSON.stringify(connection)}`,
        );
      }
    }
    const record =
      (await live(world, connection, decl.kind, entry.id, entry.outputs)) ??
      fail(`${decl.name} (${entry.id}) is in state but gone from the ${world.environmentOf(connection)} environment`);
    if (binding.isGone?.(record))
      fail(`${decl.name} (${entry.id}) is in state but ${String(record.status)} in the service`);
    const outputs = binding.toOutputs(record, args);
    for (const [field, rule] of Object.entries(binding.shape.rules)) {
      if (rule.writeOnly) continue;
      const declared = args[field];
      if (!(declared === undefined && rule.serverDefault) && !sameValue(outputs[field], declared, rule)) {
        fail(
          `${decl.name}.${field}: the service holds ${JSON.stringify(outputs[field])}, the program declares ${JSON.stringify(declared)}`,
        );
      }
      if (!sameValue(outputs[field], entry.outputs[field], rule)) {
        fail(
          `${decl.name}.${field}: the service holds ${JSON.stringify(outputs[field])}, state says ${JSON.stringify(entry.outputs[field])}`,
        );
      }
    }
    if (decl.kind === "ProviderConfig")
      await configHoldsDeclaredValue(world, decl.name, entry.id, args, entry.outputs, keptSettings.get(entry.id));
  }
}

/** A config's settings are what the program declared: the vault's values with `value` applied. */
async function configHoldsDeclaredValue(
  world: World,
  name: string,
  id: string,
  args: Record<string, unknown>,
  outputs: Record<string, unknown>,
  kept: Record<string, unknown> | undefined,
) {
  const held = await world.configSettings(id);
  const declared = args.value as Record<string, unknown> | undefined;
  const vaultId = args.providerConfigVaultId as string | undefined;
  // Claimed without its value (a vault may still be declared): it holds what it held then.
  if (declared === undefined && kept !== undefined) {
    if (!sameValue(held, kept))
      fail(
        `${name} (${id}): the service holds settings ${JSON.stringify(held)}, it held ${JSON.stringify(kept)} when claimed`,
      );
    return;
  }
  // Adopted as it is (or adoptId removed since): no settings are declared, the config keeps its own.
  if (declared === undefined && vaultId === undefined) return;
  const vault = Object.values(world.catalog.providers)
    .flatMap((p) => p.vaultValues)
    .find((v) => v.id === vaultId);
  const expected = { ...(vault?.values ?? {}), ...(declared ?? {}) };
  if (!sameValue(held, expected))
    fail(
      `${name} (${id}): the service holds settings ${JSON.stringify(held)}, the program declares ${JSON.stringify(expected)}`,
    );
  if (!sameValue(outputs.value, declared))
    fail(
      `${name} (${id}): state records value ${JSON.stringify(outputs.value)}, the program declares ${JSON.stringify(declared)}`,
    );
}

/** 3: `preview --refresh --expect-no-changes`. */
export async function refreshPlansNothing(sim: Deployer, program: Declaration[]): Promise<void> {
  const changes = await sim.planAfterRefresh(program);
  if (changes.length > 0)
    fail(`a refresh right after up plans changes: ${changes.map((c) => `${c.op} ${c.name}: ${c.detail}`).join(" | ")}`);
}

/**
 * 4: every object the provider can have made is in the state of one stack, exactly once: no two
 * resources, of one stack or of two, share an object, and no live callback, instance, config, role or
 * pending session is unaccounted for (objects made out of band, fixtures, and roles and sessions the
 * API cannot delete are accounted for).
 */
export async function noDuplicateNoOrphan(
  world: World,
  stacks: Deployer | readonly Deployer[],
  accountedFor: Set<string>,
): Promise<void> {
  const sims = Array.isArray(stacks) ? (stacks as readonly Deployer[]) : [stacks as Deployer];
  const ids = sims.flatMap((sim) => [...sim.state.values()].map((entry) => entry.id));
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length > 0) fail(`one object is managed by two resources: ${twice.join(", ")}`);
  for (const environment of ENVIRONMENTS) await noOrphanIn(world, sims, accountedFor, environment);
}

/** 4 in one environment: what it holds is managed by a resource whose connection reaches it, or accounted for. */
async function noOrphanIn(
  world: World,
  sims: readonly Deployer[],
  accountedFor: Set<string>,
  environment: EnvironmentName,
): Promise<void> {
  // An object is managed where state says it lives: one that state records under a connection reaching another environment is an orphan here.
  const managed = new Set(
    sims.flatMap((sim) =>
      [...sim.state.values(), ...sim.pendingDeletes]
        .filter((entry) => world.environmentOf(connectionOf(entry.outputs)) === environment)
        .map((entry) => entry.id),
    ),
  );
  const released = (id: string) => sims.some((sim) => sim.released.has(id));
  const known = (id: string) =>
    managed.has(id) || accountedFor.has(id) || released(id) || world.catalog.seededConfigs.has(id);
  const c = world.operatorIn(environment);
  const orphans: string[] = [];
  const callbacks = await c.callbacks.list({ status: "active", limit: 100 });
  for (const cb of callbacks.items) {
    if (!known(cb.id))
      orphans.push(`callback ${cb.id} ${JSON.stringify(withoutMarker(cb.metadata))}${markerNote(cb.metadata)}`);
    const instances = await c.callbacks.instances.list(cb.id, { status: "attached", limit: 100 });
    // Instances the service registers by itself attach to the fixtures' configs.
    for (const instance of instances.items) {
      if (!known(instance.id) && !world.catalog.seededConfigs.has(instance.config?.id ?? ""))
        orphans.push(`callback instance ${instance.id} of ${cb.id}`);
    }
  }
  for (const config of (await c.providerConfigs.list({ status: "active", limit: 100 })).items) {
    if (!known(config.id)) orphans.push(`provider config ${config.id}${markerNote(config.metadata)}`);
  }
  for (const role of (await c.roles.list({ limit: 100 })).items) {
    if (!role.isDefault && !known(role.id)) orphans.push(`role ${role.id} (${role.slug})`);
  }
  for (const session of (await c.integrationSetupSessions.list({ limit: 100 })).items) {
    if (!known(session.id))
      orphans.push(`setup session ${session.id} (${session.status})${markerNote(session.metadata)}`);
  }
  if (orphans.length > 0)
    fail(`objects no resource manages (orphans) in the ${environment} environment: ${orphans.join("; ")}`);
}

function markerNote(metadata: unknown): string {
  return metadata && typeof metadata === "object" && MARKER_KEY in metadata ? " with a create marker" : "";
}

/** Whether an object state held (or holds) is still live in its environment: not gone, deleted or detached. */
export async function stillLive(world: World, entry: StateEntry): Promise<boolean> {
  const record = await live(world, connectionOf(entry.outputs), entry.kind, entry.id, entry.outputs);
  return record !== undefined && !BINDINGS[entry.kind].isGone?.(record);
}

/** After a failed up: whatever state holds still exists (a failure never leaves state pointing at nothing it made). */
export async function stateExists(world: World, sim: Deployer): Promise<void> {
  for (const entry of sim.state.values()) {
    const record = await live(world, connectionOf(entry.outputs), entry.kind, entry.id, entry.outputs);
    if (!record) fail(`${entry.name} (${entry.id}) is in state but does not exist after a failed up`);
  }
}

/** An object a stack must leave alone: another stack's, or made by hand and not adopted. */
export interface ForeignObject {
  kind: ResourceKind;
  environment: EnvironmentName;
  /** An instance's callback (instances are read under it). */
  callbackId?: string;
  /** Whose it is, as a failure names it: "made by hand", "the other stack's roleA". */
  owner: string;
  /** What it was when its owner last wrote it (snapshotOf); undefined once gone. */
  snapshot: string | undefined;
}

/**
 * What a write to an object would change, as the service holds it: the whole record (its update time
 * among it) but what the service changes by itself (an instance's trigger polls); undefined once gone
 * (deleted, detached, archived).
 */
export async function snapshotOf(
  world: World,
  object: Pick<ForeignObject, "kind" | "environment" | "callbackId">,
  id: string,
): Promise<string | undefined> {
  const record = await liveIn(world, object.environment, object.kind, id, { callbackId: object.callbackId });
  if (!record || BINDINGS[object.kind].isGone?.(record)) return undefined;
  const { triggers: _triggers, ...kept } = record as unknown as Record<string, unknown>;
  return JSON.stringify(kept);
}

/**
 * 6: after a run of one stack (failed or not), each object it must leave alone is as its owner left
 * it: not changed, detached, deleted, nor taken into this stack's state, unless the run's program
 * named it with adoptId (the user claimed it; it is then this stack's, and no longer watched).
 */
export async function othersUntouched(
  world: World,
  sim: Deployer,
  program: readonly Declaration[],
  watched: Map<string, ForeignObject>,
): Promise<void> {
  const named = new Set(program.map((decl) => decl.args.adoptId).filter((id): id is string => typeof id === "string"));
  const held = new Map([...sim.state.values(), ...sim.pendingDeletes].map((entry) => [entry.id, entry.name]));
  for (const [id, object] of watched) {
    if (named.has(id)) {
      // Claimed: this stack's from now on once it holds it; until then, what the run did to it is the user's asking.
      if (held.has(id)) watched.delete(id);
      else object.snapshot = await snapshotOf(world, object, id);
      continue;
    }
    if (held.has(id))
      fail(
        `${object.owner} ${object.kind} ${id} was taken over by ${held.get(id)} of the stack that ran, whose program does not name it with adoptId`,
      );
    const now = await snapshotOf(world, object, id);
    if (now !== object.snapshot) {
      fail(
        `${object.owner} ${object.kind} ${id} was ${now === undefined ? "deleted or detached" : "modified"} by a run of a stack that does not manage it: ` +
          `before ${object.snapshot ?? "(gone)"}, after ${now ?? "(gone)"}`,
      );
    }
  }
}

/**
 * Whether a run was refused at preview naming a config's `value` (a secret input: the reason names it,
 * planner.ts keepingSecrets), saying `says`.
 */
export function isAboutValue(error: unknown, says: RegExp): boolean {
  if (error instanceof StepError)
    return error.op === "check" && error.failures.some((f) => isAbout(f, "value") && says.test(f.reason));
  return /value/.test(refusalText(error)) && says.test(refusalText(error));
}

/** The text a refused run shows the user: the failed step's message and check failures, or the engine's output. */
export function refusalText(error: unknown): string {
  if (error instanceof StepError)
    return [error.message, ...error.failures.map((f) => `${f.property}: ${f.reason}`)].join("\n");
  return error instanceof Error ? error.message : String(error);
}

/**
 * A run refused at one create over an object it cannot prove this stack's wrote nothing (the
 * emulator's request counts since a reset): a create that meets an object by its marker is refused
 * before it is sent; one that collides with it (a role's, an instance's, or a callback whose marker
 * is another key's) is the one POST the service refused. `what` names the run in a failure.
 */
export function nothingWritten(written: Record<string, number>, form: RefusalForm, what: string): void {
  const routes = Object.entries(written);
  const collided = form !== "notHeld" && routes.length === 1 && routes[0][0].startsWith("POST ") && routes[0][1] === 1;
  if (routes.length > 0 && !collided) fail(`${what} wrote: ${JSON.stringify(written)}`);
}

/** The most a refusal may say (issue 51: what was found, the likeliest fix, and where the rest is). */
export const REFUSAL_MAX_CHARS = 300;

/**
 * 7: a refused run names the object in the way and the fix: its id, and the claim: `adoptId: "<id>"`
 * on the dynamic door, `pulumi import tcs:index:<Kind> <name> <id>` on the native one, whose refusals
 * know the resource's URN (an instance's import id is `<callback id>/<id>`); and, where given, the
 * other fixes the refusal must name (what `up --replace` needs). The provider's own message is at
 * most REFUSAL_MAX_CHARS long (the simulation sees it whole; the real engine's output wraps it).
 */
export function refusalNamesFix(error: unknown, id: string, otherFixes: readonly RegExp[] = []): void {
  const text = refusalText(error);
  if (!text.includes(id)) fail(`a refused run does not name ${id}, the object in the way: ${text}`);
  const imports = new RegExp(`pulumi import tcs:index:\\w+ \\S+ (\\w+/)?${id}\\b`);
  if (!text.includes(`adoptId: "${id}"`) && !imports.test(text))
    fail(`a refused run does not name the claim, adoptId: "${id}" or pulumi import: ${text}`);
  for (const fix of otherFixes)
    if (!fix.test(text)) fail(`a refused run does not name the fix ${String(fix)}: ${text}`);
  if (error instanceof StepError && error.op !== "check") {
    const said = providerMessage(error);
    if (said.length > REFUSAL_MAX_CHARS)
      fail(`a refusal says ${said.length} characters, more than ${REFUSAL_MAX_CHARS}: ${said}`);
  }
}

/** What the provider said in a failed step, without the step's name the simulation puts first. */
export function providerMessage(error: StepError): string {
  return error.message.slice(`${error.op} ${error.resource}: `.length);
}

/**
 * The refusals of a create that meets an object it cannot prove this stack's own
 * (provider/engine/ownership.ts), as a test finds them in a refusal's text: by the id they name.
 */
export const REFUSALS = {
  /** A callback, config or session carrying this resource's create marker that this stack's state does not hold. */
  notHeld: (id: string) => `${id} has this resource's marker but is not in state`,
  /** A collision with an object that does not carry this resource's marker (one callback per integration provider, one role per slug). */
  collision: (id: string) => `${id} already holds `,
  /** A role or an instance exactly as declared, with no unfinished create of it on this machine. */
  unproven: (id: string) => `${id} is as declared, but nothing proves it this stack's`,
};

export type RefusalForm = keyof typeof REFUSALS;

/** What makes `up --replace` of a resource go through, as each refusal names it: a role keeps its slug for ever. */
export const replaceFix = (kind: ResourceKind): string => (kind === "Role" ? "change slug" : "set deleteBeforeReplace");

/**
 * 7, for a create refused over an object it cannot prove this stack's: the refusal is of the `form`
 * given, names one of `ids` with adoptId and `up --replace`'s fix, and points to the docs. Returns the id named.
 */
export function refusedAs(
  error: unknown,
  form: RefusalForm | readonly RefusalForm[],
  ids: readonly string[],
  kind: ResourceKind,
): string {
  const text = refusalText(error);
  const forms = typeof form === "string" ? [form] : form;
  const id = ids.find((candidate) => forms.some((f) => text.includes(REFUSALS[f](candidate))));
  if (id === undefined)
    fail(
      `a run was refused, but not as "${forms.map((f) => REFUSALS[f]("<id>")).join('" or "')}" for ${ids.join(" or ")}: ${text}`,
    );
  refusalNamesFix(error, id, [new RegExp(`up --replace: ${replaceFix(kind)}`), /See docs\/adoption\.md#not-in-state/]);
  return id;
}
