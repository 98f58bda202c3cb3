// The model's Deployer on the real engine, through either door: each up is `pulumi up` of an inline
// program built from the model's declarations, planned again after (post-apply-plan.ts), and state is
// read back from `pulumi stack export`. Secrets stay secrets in the export: a config's `value` must
// be there only inside a secret (which the backend stores encrypted), never in plaintext, and so must
// every API key the deployer is told of. What differs between the doors (the program a door's
// resources are declared with, how its resources read in the export, where its keys live) is the
// door it is given (deployer-doors.ts).
import type { ConfigMap, Stack } from "@pulumi/pulumi/automation";
import type { Declaration, Deployer, PlannedChange, StateEntry } from "../../model/harness/sim-engine";
import { SHAPES } from "../../../provider/shapes";
import type { ResourceKind } from "../../../provider/shapes/shape";
import { withPostApplyPlan } from "./post-apply-plan";

/** Pulumi's signature key, and the signature of a secret. */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** A resource as `pulumi stack export` shows it. */
export interface ExportedResource {
  urn: string;
  type: string;
  id: string;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
  /** The provider reference, `<provider urn>::<provider id>`. */
  provider?: string;
  delete?: boolean;
}

/** What differs between the doors, for the deployer. */
export interface DeployerDoor {
  readonly name: "dynamic" | "native";
  /** The door's inline program for these declarations. */
  programOf(declarations: Declaration[]): () => Promise<void>;
  /** The stack config that gives the connections these keys, the door's own way (a door may hold a key elsewhere, and leave it out). */
  configForKeys(keys: { default: string; prod: string }): ConfigMap;
  /** The model's kind of an exported resource; undefined for what is not one of the model's resources (the stack, providers). */
  kindOf(resource: ExportedResource): ResourceKind | undefined;
  /** Adds to a state entry what the model reads that this door's state keeps elsewhere (the native door's environment, in the provider reference). */
  completeEntry?(entry: StateEntry, resource: ExportedResource): StateEntry;
}

export interface EngineDeployerOptions {
  /** API keys that must never appear in plaintext in the exported state (each environment's). */
  apiKeys?: readonly string[];
}

/** The Deployer on the real engine, through the door it is given: up (planned again after), destroy and the refresh check, with state read back from the export. */
export class EngineDeployer implements Deployer {
  readonly state = new Map<string, StateEntry>();
  readonly pendingDeletes: StateEntry[] = [];
  readonly released = new Set<string>();
  /** Plaintext that must never appear in the exported state (a config's settings). */
  readonly secrets = new Set<string>();
  /** What the engine printed: searched for secrets too. */
  readonly output: string[] = [];
  /** The steps of the ups that succeeded, summed by kind as the engine counts them (create, update, replace, delete, same). */
  readonly steps: Record<string, number> = {};
  private readonly apiKeys: readonly string[];

  /** The args of the last program applied, by resource name. */
  private declared = new Map<string, Record<string, unknown>>();
  /** The stack config giving the connections the keys useApiKeys set, applied after each open (which sets the first keys again). */
  private keysConfig?: ConfigMap;

  constructor(
    private readonly open: (program: () => Promise<void>) => Promise<Stack>,
    readonly door: DeployerDoor,
    options: EngineDeployerOptions = {},
  ) {
    this.apiKeys = options.apiKeys ?? [];
  }

  useApiKeys(keys: { default: string; prod: string }): void {
    this.keysConfig = this.door.configForKeys(keys);
  }

  /** Opens the stack with a program, with the keys useApiKeys set. */
  private async openWith(program: () => Promise<void>): Promise<Stack> {
    const stack = withPostApplyPlan(await this.open(program));
    // Paths (`tcs:connections.prod.apiKey`), as `pulumi config set --path` writes them.
    if (this.keysConfig) await stack.setAllConfig(this.keysConfig, true);
    return stack;
  }

  /** The state entry of one of the door's resources, with what the door adds. */
  private entryOf(resource: ExportedResource, kind: ResourceKind): StateEntry {
    const name = resource.urn.split("::").pop()!;
    const entry: StateEntry = {
      name,
      kind,
      id: resource.id,
      inputs: resource.inputs,
      outputs: withDeclaredSecrets(kind, resource.outputs, this.declared.get(name)),
      seq: 0,
    };
    return this.door.completeEntry ? this.door.completeEntry(entry, resource) : entry;
  }

  async up(program: Declaration[], options: { refresh?: boolean } = {}): Promise<void> {
    this.declared = new Map(program.map((decl) => [decl.name, decl.args]));
    for (const decl of program)
      if (decl.kind === "ProviderConfig" && decl.args.value)
        this.secrets.add(JSON.stringify(decl.args.value).slice(1, -1));
    const stack = await this.openWith(this.door.programOf(program));
    try {
      // The plan after the up is the stack's own (post-apply-plan.ts): a failure names what it would change.
      const result = await stack.up({ refresh: options.refresh, onOutput: (out) => this.output.push(out) });
      for (const [op, n] of Object.entries(result.summary.resourceChanges ?? {}))
        this.steps[op] = (this.steps[op] ?? 0) + n;
    } finally {
      await this.readState(stack);
    }
  }

  async destroy(): Promise<void> {
    this.declared = new Map();
    const stack = await this.openWith(this.door.programOf([]));
    try {
      await stack.destroy({ onOutput: (out) => this.output.push(out) });
    } finally {
      await this.readState(stack);
    }
  }

  async planAfterRefresh(program: Declaration[]): Promise<PlannedChange[]> {
    const stack = await this.openWith(this.door.programOf(program));
    const lines: string[] = [];
    try {
      await stack.preview({ refresh: true, expectNoChanges: true, onOutput: (out) => lines.push(out) });
      return [];
    } catch (error) {
      const text = lines.join("") || String(error);
      return [
        {
          name: "(stack)",
          op: "update",
          detail: text
            .split("\n")
            .filter((line) => /[+~-]|error/i.test(line))
            .slice(0, 20)
            .join("\n"),
        },
      ];
    }
  }

  /** State as `pulumi stack export` shows it, secrets checked to be encrypted and kept encrypted. */
  private async readState(stack: Stack): Promise<void> {
    const exported = await stack.exportStack();
    // The Automation API exports with --show-secrets: a secret is there as `{ <sig>, plaintext }`, and
    // it is stored encrypted. What must never be found is the same text outside a secret.
    const unsealed = withoutSecrets(exported.deployment);
    const text = JSON.stringify(unsealed);
    for (const secret of this.secrets) {
      if (text.includes(secret))
        throw new Error(
          `a config's settings appear in plaintext in the exported state, at ${placesOf(unsealed, secret).join(", ")}: ${secret.slice(0, 20)}...`,
        );
    }
    for (const key of this.apiKeys) {
      if (text.includes(key))
        throw new Error(
          `an API key appears in plaintext in the exported state, at ${placesOf(unsealed, key).join(", ")}`,
        );
    }
    const before = new Map(this.state);
    this.state.clear();
    this.pendingDeletes.length = 0;
    for (const resource of (exported.deployment?.resources ?? []) as ExportedResource[]) {
      const kind = this.door.kindOf(resource);
      if (kind === undefined) continue;
      const entry = this.entryOf(resource, kind);
      if (resource.delete) this.pendingDeletes.push(entry);
      else this.state.set(entry.name, entry);
    }
    for (const entry of before.values()) {
      const gone = ![...this.state.values()].some((e) => e.id === entry.id);
      if (gone && (entry.kind === "Role" || entry.kind === "IntegrationSetupSession")) this.released.add(entry.id);
    }
  }
}

/** A value with every secret in it replaced by a placeholder. */
function withoutSecrets(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (isSecret(value)) return "[secret]";
  if (Array.isArray(value)) return value.map(withoutSecrets);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutSecrets(item)]));
}

/** A secret as the export writes it: Pulumi's signature key with the secret's signature (sdk/go/common/resource/sig). */
function isSecret(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
}

/** Where in the export a text appears: each place as a path (a resource by its URN), for the failure to name. */
function placesOf(value: unknown, text: string, at = ""): string[] {
  if (typeof value === "string") return value.includes(text) ? [at || "(root)"] : [];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const name = (item as { urn?: unknown })?.urn;
    return placesOf(item, text, typeof name === "string" ? name : `${at}.${key}`);
  });
}

/** Replaces each secret envelope by what the program declared for it; a secret output in plaintext fails. */
function withDeclaredSecrets(
  kind: ResourceKind,
  outputs: Record<string, unknown>,
  declared: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const out = { ...outputs };
  for (const key of SHAPES[kind].secretOutputs) {
    const value = outputs[key];
    if (value === null || value === undefined) continue;
    if (!isSecret(value)) throw new Error(`${kind}.${key} is stored in state in plaintext`);
    // The export holds only ciphertext; the service's side of the value is checked through the emulator.
    out[key] = declared?.[key] ?? null;
  }
  return out;
}
