// The model's Deployer on the real engine: each up is `pulumi up` of an inline program built from the
// model's declarations, and state is read back from `pulumi stack export`. Secrets stay encrypted in
// the export: a config's `value` must be there only as ciphertext, never in plaintext.
import type * as pulumi from "@pulumi/pulumi";
import type { Stack } from "@pulumi/pulumi/automation";
import * as tcs from "pulumi-tcs";
import { isRef, type Declaration, type Deployer, type PlannedChange, type StateEntry } from "../../model/harness/sim-engine";
import { REPLACE_ON_CHANGES_INPUT } from "../../../provider/shapes/reserved";
import type { ResourceKind } from "../../../provider/shapes/shape";

const CLASSES: Record<ResourceKind, new (name: string, args: never, opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource> = {
  Callback: tcs.Callback,
  CallbackInstance: tcs.CallbackInstance,
  ProviderConfig: tcs.ProviderConfig,
  Role: tcs.Role,
  IntegrationSetupSession: tcs.IntegrationSetupSession,
};

const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const TYPE_PREFIX = "pulumi-nodejs:dynamic/tcs:";

/** The inline program for a list of declarations: references become the named resource's id. */
export function programOf(declarations: Declaration[]): () => Promise<void> {
  return async () => {
    const made = new Map<string, pulumi.CustomResource>();
    for (const decl of declarations) {
      const args: Record<string, unknown> = {};
      let replaceOnChanges: string[] | undefined;
      for (const [key, value] of Object.entries(decl.args)) {
        if (value === undefined) continue;
        // The model carries the resource option as the input it becomes; a program sets the option.
        if (key === REPLACE_ON_CHANGES_INPUT) replaceOnChanges = value as string[];
        else args[key] = isRef(value) ? made.get(value.$ref)!.id : value;
      }
      made.set(decl.name, new CLASSES[decl.kind](decl.name, args as never, replaceOnChanges ? { replaceOnChanges } : undefined));
    }
  };
}

export class EngineDeployer implements Deployer {
  readonly state = new Map<string, StateEntry>();
  readonly pendingDeletes: StateEntry[] = [];
  readonly released = new Set<string>();
  /** Plaintext that must never appear in the exported state (a config's settings). */
  readonly secrets = new Set<string>();
  /** What the engine printed: searched for secrets too. */
  readonly output: string[] = [];

  /** The args of the last program applied, by resource name. */
  private declared = new Map<string, Record<string, unknown>>();

  constructor(private readonly open: (program: () => Promise<void>) => Promise<Stack>) {}

  async up(program: Declaration[], options: { refresh?: boolean } = {}): Promise<void> {
    this.declared = new Map(program.map((decl) => [decl.name, decl.args]));
    for (const decl of program) if (decl.kind === "ProviderConfig" && decl.args.value) this.secrets.add(JSON.stringify(decl.args.value).slice(1, -1));
    const stack = await this.open(programOf(program));
    try {
      await stack.up({ refresh: options.refresh, onOutput: (out) => this.output.push(out) });
    } finally {
      await this.readState(stack);
    }
  }

  async destroy(): Promise<void> {
    this.declared = new Map();
    const stack = await this.open(programOf([]));
    try {
      await stack.destroy({ onOutput: (out) => this.output.push(out) });
    } finally {
      await this.readState(stack);
    }
  }

  async planAfterRefresh(program: Declaration[]): Promise<PlannedChange[]> {
    const stack = await this.open(programOf(program));
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
    const text = JSON.stringify(exported.deployment);
    for (const secret of this.secrets) {
      if (text.includes(secret)) throw new Error(`a config's settings appear in plaintext in the exported state: ${secret.slice(0, 20)}...`);
    }
    const before = new Map(this.state);
    this.state.clear();
    this.pendingDeletes.length = 0;
    const resources = (exported.deployment?.resources ?? []) as Array<{
      urn: string;
      type: string;
      id: string;
      inputs: Record<string, unknown>;
      outputs: Record<string, unknown>;
      delete?: boolean;
    }>;
    for (const resource of resources) {
      if (!resource.type.startsWith(TYPE_PREFIX)) continue;
      const entry: StateEntry = {
        name: resource.urn.split("::").pop()!,
        kind: resource.type.slice(TYPE_PREFIX.length) as ResourceKind,
        id: resource.id,
        inputs: resource.inputs,
        outputs: withDeclaredSecrets(
          resource.type.slice(TYPE_PREFIX.length) as ResourceKind,
          resource.outputs,
          this.declared.get(resource.urn.split("::").pop()!),
        ),
        seq: 0,
      };
      if (resource.delete) this.pendingDeletes.push(entry);
      else this.state.set(entry.name, entry);
    }
    for (const entry of before.values()) {
      const gone = ![...this.state.values()].some((e) => e.id === entry.id);
      if (gone && (entry.kind === "Role" || entry.kind === "IntegrationSetupSession")) this.released.add(entry.id);
    }
  }
}

/** Replaces each secret envelope by what the program declared for it; a secret output in plaintext fails. */
function withDeclaredSecrets(kind: ResourceKind, outputs: Record<string, unknown>, declared: Record<string, unknown> | undefined): Record<string, unknown> {
  const out = { ...outputs };
  for (const key of SECRET_OUTPUTS[kind]) {
    const value = outputs[key];
    if (value === null || value === undefined) continue;
    if (typeof value !== "object" || !(SECRET_SIG in (value as object))) throw new Error(`${kind}.${key} is stored in state in plaintext`);
    // The export holds only ciphertext; the service's side of the value is checked through the emulator.
    out[key] = declared?.[key] ?? null;
  }
  return out;
}

const SECRET_OUTPUTS: Record<ResourceKind, string[]> = {
  Callback: [],
  CallbackInstance: ["webhookUrl"],
  ProviderConfig: ["value"],
  Role: [],
  IntegrationSetupSession: ["url"],
};
