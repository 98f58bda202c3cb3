// The program under test, as the model edits it: a fixed set of slots (two of each resource, one
// instance pair), each empty or holding one declaration. Values come from small menus of valid
// choices, so every program the model writes is one the service accepts; what makes a step fail is
// then the provider's doing, or a refusal the model expects.
import type { ResourceKind } from "../../../provider/shapes/shape";
import { connectionOf, type Catalog, type Connection } from "./world";
import type { Declaration, Ref } from "./sim-engine";

export const SLOTS = ["roleA", "roleB", "pcA", "pcB", "cbA", "cbB", "instA", "instB", "sessA", "sessB"] as const;
export type Slot = (typeof SLOTS)[number];

export const KIND_OF: Record<Slot, ResourceKind> = {
  roleA: "Role",
  roleB: "Role",
  pcA: "ProviderConfig",
  pcB: "ProviderConfig",
  cbA: "Callback",
  cbB: "Callback",
  instA: "CallbackInstance",
  instB: "CallbackInstance",
  sessA: "IntegrationSetupSession",
  sessB: "IntegrationSetupSession",
};

export const slotsOf = (kind: ResourceKind): Slot[] => SLOTS.filter((slot) => KIND_OF[slot] === kind);

/** Declared args by slot, in slot order (which puts every reference after what it names). */
export type Program = Partial<Record<Slot, Record<string, unknown>>>;

/**
 * The resource option `deleteBeforeReplace`, kept with a slot's args where the model's commands edit
 * them, and handed to the engine as an option (Declaration.options), never as an input.
 */
export const DELETE_BEFORE_REPLACE = "$deleteBeforeReplace";

export function declarations(program: Program): Declaration[] {
  return SLOTS.filter((slot) => program[slot] !== undefined).map((slot) => {
    const { [DELETE_BEFORE_REPLACE]: deleteBeforeReplace, ...args } = program[slot]!;
    return {
      name: slot,
      kind: KIND_OF[slot],
      args,
      ...(deleteBeforeReplace ? { options: { deleteBeforeReplace: true } } : {}),
    };
  });
}

export const ref = (slot: Slot): Ref => ({ $ref: slot });

// Menus of valid values. A variant number picks from a menu (modulo its length), so fast-check can
// shrink choices to the first entry.
export const NAMES = [undefined, "events", "Events (renamed)", "a".repeat(255)];
export const DESCRIPTIONS = [undefined, "", "managed by pulumi", "d".repeat(2000)];
export const METADATA: (Record<string, unknown> | undefined)[] = [
  undefined,
  {},
  { team: "platform" },
  { team: "support", tier: 2, tags: ["a", "b"] },
];
export const TOOL_FILTERS = [
  undefined,
  { type: "allow_all" },
  { type: "tool_keys", keys: ["issues.list"] },
  { type: "tool_keys", keys: ["issues.list", "issues.create"] },
];

export interface ConfigSource {
  provider: "github" | "slack";
  value?: Record<string, unknown>;
  vault?: number;
  /** An explicit deployment (index into the provider's deployments). */
  deployment?: number;
}

/** Settings each provider's config schema accepts: whole values, vaults, and vaults with a partial override. */
export const CONFIG_SOURCES: ConfigSource[] = [
  { provider: "github", value: { base_url: "https://api.github.com", timeout_seconds: 30 } },
  {
    provider: "github",
    value: { base_url: "https://ghe.example.com/api/v3", timeout_seconds: 90, default_labels: ["ops"] },
    deployment: 1,
  },
  { provider: "github", vault: 0 },
  { provider: "github", vault: 0, value: { timeout_seconds: 45 } },
  { provider: "github", vault: 1, value: { default_labels: ["triage"] }, deployment: 1 },
  { provider: "slack", value: { bot_token: "xoxb-0123456789-abcdefghij", signing_secret: "0123456789abcdef" } },
  { provider: "slack", vault: 0 },
  { provider: "slack", vault: 0, value: { default_channel: "#ops" } },
];

export const PERMISSION_SETS = [
  ["thread_read"],
  ["thread_create", "thread_read"],
  ["thread_read", "thread_create"],
  ["thread_read", "message_read"],
];

export const pick = <T>(menu: readonly T[], variant: number): T => menu[variant % menu.length];

export function configArgs(
  catalog: Catalog,
  source: ConfigSource,
  extra: { filters: number; name: number; description: number; metadata: number },
) {
  const provider = catalog.providers[source.provider];
  return {
    providerId: provider.id,
    providerDeploymentId: source.deployment === undefined ? undefined : provider.deployments[source.deployment],
    providerConfigVaultId: source.vault === undefined ? undefined : provider.vaults[source.vault].id,
    value: source.value,
    toolFilters: pick(TOOL_FILTERS, extra.filters),
    name: pick(NAMES, extra.name),
    description: pick(DESCRIPTIONS, extra.description),
    metadata: pick(METADATA, extra.metadata),
  };
}

/** The provider a declared config or callback belongs to (by provider id). */
export function providerOf(catalog: Catalog, program: Program, slot: Slot): string | undefined {
  const args = program[slot];
  if (!args) return undefined;
  if (KIND_OF[slot] === "ProviderConfig") return args.providerId as string;
  if (KIND_OF[slot] === "Callback")
    return catalog.integrationProviders.find((p) => p.id === args.integrationProviderId)?.providerId;
  return undefined;
}

/** Sets the connection a declaration names; the default one is named by leaving it out, as a program would. */
export function setConnection(args: Record<string, unknown>, connection: Connection): void {
  if (connection === undefined) delete args.connection;
  else args.connection = connection;
}

/** The callback and config slots an instance declaration names. */
export function instanceParts(args: Record<string, unknown>): { callback: Slot; config: Slot } {
  return { callback: (args.callbackId as Ref).$ref as Slot, config: (args.providerConfigId as Ref).$ref as Slot };
}

/**
 * Drops what can no longer be declared after an edit: an instance whose callback or config is gone,
 * or whose config belongs to another provider or another connection than its callback. An instance
 * lives where its callback and config live: it follows them when they move together.
 */
export function normalize(catalog: Catalog, program: Program): void {
  for (const slot of slotsOf("CallbackInstance")) {
    const args = program[slot];
    if (!args) continue;
    const { callback: cb, config: pc } = instanceParts(args);
    const cbProvider = providerOf(catalog, program, cb);
    if (!cbProvider || cbProvider !== providerOf(catalog, program, pc)) delete program[slot];
    else if (connectionOf(program[cb]) !== connectionOf(program[pc])) delete program[slot];
    else setConnection(args, connectionOf(program[cb]));
  }
  // Two instances of one callback and one config (and auth config) are one object: the service refuses the second.
  const [a, b] = slotsOf("CallbackInstance").map((slot) => program[slot]);
  if (a && b && JSON.stringify(a) === JSON.stringify(b)) delete program.instB;
}
