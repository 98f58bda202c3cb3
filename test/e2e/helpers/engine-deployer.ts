// The model's Deployer on the real engine: each up is `pulumi up` of an inline program built from the
// model's declarations, and state is read back from `pulumi stack export`. Secrets stay secrets in
// the export: a config's `value` must be there only inside a secret (which the backend stores
// encrypted), never in plaintext, and so must every API key the deployer is told of.
// The engine side is shared by both doors (StackDeployer); what differs is the program a door's
// resources are declared with and how its resources read in the export: the dynamic door here
// (EngineDeployer), the native one in native-engine-deployer.ts.
import type * as pulumi from "@pulumi/pulumi";
import type { ConfigMap, Stack } from "@pulumi/pulumi/automation";
import * as tcs from "pulumi-tcs";
import { isRef, type Declaration, type Deployer, type PlannedChange, type StateEntry } from "../../model/harness/sim-engine";
import { SHAPES } from "../../../provider/shapes";
import { REPLACE_ON_CHANGES_INPUT } from "../../../provider/shapes/reserved";
import type { ResourceKind } from "../../../provider/shapes/shape";

const CLASSES: Record<ResourceKind, new (name: string, args: never, opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource> = {
  Callback: tcs.Callback,
  CallbackInstance: tcs.CallbackInstance,
  ProviderConfig: tcs.ProviderConfig,
  Role: tcs.Role,
  IntegrationSetupSession: tcs.IntegrationSetupSession,
};

/** Pulumi's signature key, and the signature of a secret. */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
const TYPE_PREFIX = "pulumi-nodejs:dynamic/tcs:";

/** One declaration's args as a program passes them: references resolved, the model's `replaceOnChanges` input taken out as the option. */
export function argsOf(
  decl: Declaration,
  made: Map<string, pulumi.CustomResource>,
  /** Args the door does not send (the native door's `connection`). */
  leftOut: readonly string[] = [],
): { args: Record<string, unknown>; replaceOnChanges?: string[] } {
  const args: Record<string, unknown> = {};
  let replaceOnChanges: string[] | undefined;
  for (const [key, value] of Object.entries(decl.args)) {
    if (value === undefined || leftOut.includes(key)) continue;
    // The model carries the resource option as the input it becomes; a program sets the option.
    if (key === REPLACE_ON_CHANGES_INPUT) replaceOnChanges = value as string[];
    else args[key] = isRef(value) ? made.get(value.$ref)!.id : value;
  }
  return { args, replaceOnChanges };
}

/** The inline program for a list of declarations on the dynamic door: references become the named resource's id. */
export function programOf(declarations: Declaration[]): () => Promise<void> {
  return async () => {
    const made = new Map<string, pulumi.CustomResource>();
    for (const decl of declarations) {
      const { args, replaceOnChanges } = argsOf(decl, made);
      made.set(decl.name, new CLASSES[decl.kind](decl.name, args as never, replaceOnChanges ? { replaceOnChanges } : undefined));
    }
  };
}

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

export interface StackDeployerOptions {
  /** API keys that must never appear in plaintext in the exported state (each environment's). */
  apiKeys?: readonly string[];
}

/** The Deployer on the real engine, whatever the door: up, destroy and the refresh check, with state read back from the export. */
export abstract class StackDeployer implements Deployer {
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
    options: StackDeployerOptions = {},
  ) {
    this.apiKeys = options.apiKeys ?? [];
  }

  /** The door's inline program for these declarations. */
  protected abstract programOf(declarations: Declaration[]): () => Promise<void>;

  /** The stack config that gives the connections these keys, the door's own way (a door may hold a key elsewhere, and leave it out). */
  protected abstract configForKeys(keys: { default: string; prod: string }): ConfigMap;

  useApiKeys(keys: { default: string; prod: string }): void {
    this.keysConfig = this.configForKeys(keys);
  }

  /** Opens the stack with a program, with the keys useApiKeys set. */
  private async openWith(program: () => Promise<void>): Promise<Stack> {
    const stack = await this.open(program);
    // Paths (`tcs:connections.prod.apiKey`), as `pulumi config set --path` writes them.
    if (this.keysConfig) await stack.setAllConfig(this.keysConfig, true);
    return stack;
  }

  /** The model's kind of an exported resource; undefined for what is not one of the model's resources (the stack, providers). */
  protected abstract kindOf(resource: ExportedResource): ResourceKind | undefined;

  /** The state entry of one of the door's resources (a door adds what the model reads that its state keeps elsewhere). */
  protected entryOf(resource: ExportedResource, kind: ResourceKind): StateEntry {
    const name = resource.urn.split("::").pop()!;
    return {
      name,
      kind,
      id: resource.id,
      inputs: resource.inputs,
      outputs: withDeclaredSecrets(kind, resource.outputs, this.declared.get(name)),
      seq: 0,
    };
  }

  async up(program: Declaration[], options: { refresh?: boolean } = {}): Promise<void> {
    this.declared = new Map(program.map((decl) => [decl.name, decl.args]));
    for (const decl of program) if (decl.kind === "ProviderConfig" && decl.args.value) this.secrets.add(JSON.stringify(decl.args.value).slice(1, -1));
    const stack = await this.openWith(this.programOf(program));
    try {
      const result = await stack.up({ refresh: options.refresh, onOutput: (out) => this.output.push(out) });
      for (const [op, n] of Object.entries(result.summary.resourceChanges ?? {})) this.steps[op] = (this.steps[op] ?? 0) + n;
    } finally {
      await this.readState(stack);
    }
  }

  async destroy(): Promise<void> {
    this.declared = new Map();
    const stack = await this.openWith(this.programOf([]));
    try {
      await stack.destroy({ onOutput: (out) => this.output.push(out) });
    } finally {
      await this.readState(stack);
    }
  }

  async planAfterRefresh(program: Declaration[]): Promise<PlannedChange[]> {
    const stack = await this.openWith(this.programOf(program));
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
      if (text.includes(key)) throw new Error(`an API key appears in plaintext in the exported state, at ${placesOf(unsealed, key).join(", ")}`);
    }
    const before = new Map(this.state);
    this.state.clear();
    this.pendingDeletes.length = 0;
    for (const resource of (exported.deployment?.resources ?? []) as ExportedResource[]) {
      const kind = this.kindOf(resource);
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

/** The dynamic door: the resource classes of pulumi-tcs (`pulumi-nodejs:dynamic/tcs:<Kind>`), the connection an input. */
export class EngineDeployer extends StackDeployer {
  protected programOf(declarations: Declaration[]): () => Promise<void> {
    return programOf(declarations);
  }

  protected kindOf(resource: ExportedResource): ResourceKind | undefined {
    return resource.type.startsWith(TYPE_PREFIX) ? (resource.type.slice(TYPE_PREFIX.length) as ResourceKind) : undefined;
  }

  /** The default connection's key is `tcs:apiKey`, a named one's `tcs:connections.<name>.apiKey`. */
  protected configForKeys(keys: { default: string; prod: string }): ConfigMap {
    return { "tcs:apiKey": { value: keys.default, secret: true }, "tcs:connections.prod.apiKey": { value: keys.prod, secret: true } };
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
function withDeclaredSecrets(kind: ResourceKind, outputs: Record<string, unknown>, declared: Record<string, unknown> | undefined): Record<string, unknown> {
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
