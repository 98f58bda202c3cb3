// A stand-in for the Pulumi engine that calls the provider exactly as the engine's dynamic-provider
// plugin does (check with old inputs, diff and update with old outputs, read and delete with the
// outputs in state), in the engine's order: steps in program order, a replacement's create before
// the delete of what it replaces (unless deleteBeforeReplace, the provider's or the resource
// option's), and deletes last, dependents first. What a failed step leaves in state is what the engine
// leaves: finished steps, and replaced objects still waiting for their delete. Beside `up`: `pulumi
// state delete`, and a preview that only checks and diffs.
import { createHash } from "node:crypto";
import type * as pulumi from "@pulumi/pulumi";
import { BINDINGS } from "../../../provider/engine/bindings";
import type { ApiContext } from "../../../provider/engine/binding";
import { ResourceEngine, type ProviderMethods } from "../../../provider/engine/resource-engine";
import { SHAPES } from "../../../provider/shapes";
import { CONNECTION_INPUT, CREATE_KEY_INPUT, SAME_KEY_AS_INPUT } from "../../../provider/shapes/reserved";
import type { ResourceKind } from "../../../provider/shapes/shape";
import { sameKeyAs } from "./same-key";

type Props = Record<string, unknown>;

/** A reference to another declared resource's id: resolved when the step runs, as an Output would be. */
export interface Ref {
  $ref: string;
}

export interface Declaration {
  name: string;
  kind: ResourceKind;
  args: Record<string, unknown>;
  /** Resource options the engine itself acts on (the provider never sees them). */
  options?: ResourceOptions;
}

export interface ResourceOptions {
  /**
   * `deleteBeforeReplace`: any replacement of the resource, planned by diff or asked for with
   * `--replace`, deletes the old object first and then creates the new one.
   */
  deleteBeforeReplace?: boolean;
}

export interface StateEntry {
  name: string;
  kind: ResourceKind;
  id: string;
  inputs: Props;
  outputs: Props;
  /** Creation order: deletes run newest first, so dependents go before what they depend on. */
  seq: number;
}

/** A step the engine refused or the provider failed. */
export class StepError extends Error {
  constructor(
    readonly resource: string,
    readonly op: "check" | "create" | "update" | "delete" | "read" | "diff",
    message: string,
    readonly failures: pulumi.dynamic.CheckFailure[] = [],
  ) {
    super(`${op} ${resource}: ${message}`);
  }
}

/**
 * Whether a check failure is about `property`: one on a secret input, or on a value too long to print
 * whole, names it in its reason instead, with the value hidden or cut short (planner.ts, keepingSecrets).
 */
export function isAbout(failure: pulumi.dynamic.CheckFailure, property: string): boolean {
  return failure.property === property || (failure.property === "" && failure.reason.startsWith(`${property} (`));
}

export interface PlannedChange {
  name: string;
  op: "create" | "update" | "replace" | "delete";
  detail: string;
}

export interface UpOptions {
  /** `--refresh`: state is refreshed first. */
  refresh?: boolean;
  /** `--replace`: resources (by name) replaced whatever their inputs, as `pulumi up --replace <urn>` does. */
  replace?: string[];
  /**
   * `--continue-on-error`: a failed step does not stop the run; the steps of resources that refer to
   * one that failed (or is not in state) are skipped, and the run throws every failure at the end
   * (RunErrors).
   */
  continueOnError?: boolean;
}

/** The failures of a run with `continueOnError`, in the order the steps ran. */
export class RunErrors extends Error {
  constructor(
    readonly errors: StepError[],
    /** Resources whose step was skipped because one they refer to failed or is not in state. */
    readonly skipped: string[],
  ) {
    super(errors.map((error) => error.message).join("\n"));
  }
}

/**
 * What applies a program: this simulation of the engine, or the real engine through the Automation
 * API (test/long/model-engine.test.ts). The model's commands and invariants work on either.
 */
export interface Deployer {
  /** Resources by name: their id, inputs and outputs as state holds them. */
  readonly state: Map<string, StateEntry>;
  /** Replaced objects whose delete has not run yet. */
  readonly pendingDeletes: StateEntry[];
  /** Ids the provider let go of although the API cannot delete them (roles, sessions). */
  readonly released: Set<string>;
  up(program: Declaration[], options?: UpOptions): Promise<void>;
  destroy(): Promise<void>;
  /** What `preview --refresh` would change; empty when `--expect-no-changes` passes. */
  planAfterRefresh(program: Declaration[]): Promise<PlannedChange[]>;
  /**
   * The API key each connection uses from the next run on (a rotation, or a key of another
   * environment), where the deployer holds its settings itself: the real engine's stack config and
   * explicit provider. The simulation asks its context factory instead (real.ts).
   */
  useApiKeys?(keys: { default: string; prod: string }): void;
  /** `pulumi state delete <urn> --target-dependents`: the resources dropped from state (their objects stay). */
  stateDelete?(name: string): StateEntry[];
  /** `pulumi preview`: every resource checked (and diffed when in state), nothing written. */
  preview?(program: Declaration[]): Promise<void>;
}

export function isRef(value: unknown): value is Ref {
  return value !== null && typeof value === "object" && typeof (value as Ref).$ref === "string";
}

/** What the engine did, summed over a whole property run: proof that the sequences exercised something. */
export const stepCounts = {
  create: 0,
  update: 0,
  replace: 0,
  move: 0,
  /** Replacements asked for with `--replace` (not planned by diff). */
  targetedReplace: 0,
  delete: 0,
  same: 0,
  refused: 0,
  failed: 0,
  failedDuringMove: 0,
};

/** The project and stack of the model's stack (a twin stack has both too: twin-stack.ts). */
export const MODEL_PROJECT = "model";
export const MODEL_STACK = "dev";

/** A resource's create key as the program's classes send it (dynamic/create-key.ts): project, stack, parent (none), type and name. */
export function createKeyOf(project: string, stack: string, kind: ResourceKind, name: string): string {
  return createHash("sha256")
    .update([project, stack, "", `tcs:${kind}`, name].join("\n"))
    .digest("hex")
    .slice(0, 32);
}

export class SimEngine implements Deployer {
  readonly state = new Map<string, StateEntry>();
  /** Replaced objects whose delete has not run yet (it runs at the end of an up, or the next one). */
  pendingDeletes: StateEntry[] = [];
  /** Ids the provider let go of although the API cannot delete them (roles, sessions). */
  readonly released = new Set<string>();
  private seq = 0;
  /** Whether this run has begun moving a resource to another connection. */
  private moving = false;
  /** The program of the run (or preview) under way, in program order. */
  private program: Declaration[] = [];
  /** The resources this run replaces because `--replace` names them. */
  private targeted = new Set<string>();
  private readonly engines = new Map<ResourceKind, ProviderMethods>();
  /** The plugin process's contexts by connection name (the default one under ""), as the plugin object (provider/engine/tcs-plugin.ts) keeps them. */
  private contexts = new Map<string, ApiContext>();

  constructor(
    /** A connection's context (client, batchers, marker secret); throws for a name the stack config lacks. */
    private readonly newContext: (connection?: string) => ApiContext,
    private readonly project = MODEL_PROJECT,
    private readonly stack = MODEL_STACK,
  ) {}

  /** A run's plugin process: its own contexts (batchers, take-overs) and engines. */
  private newProcess(): void {
    this.contexts = new Map();
    this.engines.clear();
  }

  /** A connection's context, made on its first use in the process. */
  private context(connection?: string): ApiContext {
    let ctx = this.contexts.get(connection ?? "");
    if (!ctx) {
      ctx = this.newContext(connection);
      this.contexts.set(connection ?? "", ctx);
    }
    return ctx;
  }

  private engine(kind: ResourceKind): ProviderMethods {
    let engine = this.engines.get(kind);
    if (!engine) {
      // The context is per run (one plugin process per run); a 1 ms create backoff keeps faults cheap.
      engine = new ResourceEngine(
        BINDINGS[kind],
        (connection) => this.context(connection),
        // A connection the stack config lacks fails here, as in the plugin; the keys are the service's own.
        (connection) => void this.context(connection),
        // The dynamic door's plugin: each resource records the environment it lives in.
        { createBackoff: { initialMs: 1, maxMs: 1 }, recordEnvironment: true },
      );
      this.engines.set(kind, engine);
    }
    return engine;
  }

  /**
   * The inputs the program sends for a declaration: references resolved, the create key added, and
   * the earlier declaration of the same natural key named (SAME_KEY_AS_INPUT), as the program's
   * classes add them.
   */
  private inputsOf(decl: Declaration): Props {
    const inputs: Props = {};
    for (const [key, value] of Object.entries(decl.args)) {
      if (value === undefined) continue;
      if (isRef(value)) {
        const target = this.state.get(value.$ref);
        if (!target) throw new Error(`model bug: ${decl.name} refers to ${value.$ref}, which is not in state`);
        inputs[key] = target.id;
      } else inputs[key] = value;
    }
    inputs[CREATE_KEY_INPUT] = createKeyOf(this.project, this.stack, decl.kind, decl.name);
    const owner = sameKeyAs(this.program, decl, (d) => this.resolved(d));
    if (owner !== undefined) inputs[SAME_KEY_AS_INPUT] = owner;
    return inputs;
  }

  /** A declaration's args with references resolved as far as state allows (for natural keys). */
  private resolved(decl: Declaration): Props {
    return Object.fromEntries(
      Object.entries(decl.args).map(([key, value]) => [key, isRef(value) ? this.state.get(value.$ref)?.id : value]),
    );
  }

  /** `pulumi refresh`: every resource read; gone ones dropped; read's inputs, when given, replace the old. */
  async refresh(): Promise<void> {
    this.newProcess();
    for (const entry of [...this.state.values(), ...this.pendingDeletes]) {
      const result = await this.engine(entry.kind)
        .read(entry.id, entry.outputs)
        .catch((error: unknown) => {
          throw new StepError(entry.name, "read", message(error));
        });
      if (!result.id) {
        if (this.state.get(entry.name) === entry) this.state.delete(entry.name);
        this.pendingDeletes = this.pendingDeletes.filter((pending) => pending !== entry);
        continue;
      }
      entry.outputs = result.props ?? {};
      const inputs = (result as { inputs?: Props }).inputs;
      if (inputs) entry.inputs = inputs;
    }
  }

  /**
   * `pulumi up` (with `--refresh`, `--replace` and `--continue-on-error` when asked). Throws the first
   * failed step, as the engine stops there; with `continueOnError`, every failure at the end.
   */
  async up(program: Declaration[], options: UpOptions = {}): Promise<void> {
    if (options.refresh) await this.refresh();
    else this.newProcess();
    this.moving = false;
    this.program = program;
    this.targeted = new Set(options.replace ?? []);
    const declared = new Set(program.map((decl) => decl.name));
    const failures: StepError[] = [];
    const skipped: string[] = [];
    try {
      try {
        for (const decl of program) {
          if (!options.continueOnError) {
            await this.step(decl);
            continue;
          }
          // A resource that refers to one that failed waits for an id that never comes: the engine skips it.
          const missing = Object.values(decl.args).some(
            (value) => isRef(value) && (!this.state.has(value.$ref) || skipped.includes(value.$ref)),
          );
          if (missing || failures.some((failure) => refersTo(decl, failure.resource))) {
            skipped.push(decl.name);
            continue;
          }
          await this.step(decl).catch((error: unknown) => {
            if (!(error instanceof StepError)) throw error;
            failures.push(error);
            skipped.push(decl.name);
          });
        }
        if (failures.length > 0)
          throw new RunErrors(
            failures,
            skipped.filter((name) => !failures.some((failure) => failure.resource === name)),
          );
      } catch (error) {
        if (!(error instanceof StepError && error.op === "check")) stepCounts.failed++;
        throw error;
      }
      const removed = [...this.state.values()].filter((entry) => !declared.has(entry.name));
      const deletes = [...this.pendingDeletes, ...removed].sort((a, b) => b.seq - a.seq);
      for (const entry of deletes) await this.remove(entry);
    } catch (error) {
      // A run that stopped with a move begun: the new environment's create or the old one's delete failed, or a later step.
      if (this.moving && !(error instanceof StepError && error.op === "check")) stepCounts.failedDuringMove++;
      throw error;
    }
  }

  /** `pulumi destroy`. */
  async destroy(): Promise<void> {
    await this.up([]);
  }

  /**
   * `pulumi state delete <urn> --target-dependents`: the resource and every resource that refers to it
   * (by id, as its inputs hold references) leave state; nothing is sent to the service, so their objects
   * stay. Returns the entries dropped, the named one first.
   */
  stateDelete(name: string): StateEntry[] {
    const first = this.state.get(name);
    if (!first) return [];
    const dropped = [first];
    for (let i = 0; i < dropped.length; i++) {
      for (const entry of this.state.values()) {
        if (!dropped.includes(entry) && Object.values(entry.inputs).includes(dropped[i].id)) dropped.push(entry);
      }
    }
    for (const entry of dropped) this.state.delete(entry.name);
    return dropped;
  }

  /** `pulumi preview` (no `--refresh`): each resource checked, and diffed when state holds it; nothing is written. Throws the first refusal. */
  async preview(program: Declaration[]): Promise<void> {
    this.newProcess();
    this.program = program;
    for (const decl of program) {
      // A reference to a resource not yet created is an unknown value at preview: the model previews applied programs only.
      const old = this.state.get(decl.name);
      const news = await this.check(decl, old);
      if (old)
        await this.engine(decl.kind)
          .diff(old.id, old.outputs, news)
          .catch((error: unknown) => {
            throw new StepError(decl.name, "diff", message(error));
          });
    }
  }

  private async step(decl: Declaration): Promise<void> {
    const engine = this.engine(decl.kind);
    const old = this.state.get(decl.name);
    if (old && this.targeted.has(decl.name)) return this.replaceTargeted(decl, old);
    const news = await this.check(decl, old);
    if (!old) {
      this.state.set(decl.name, await this.create(decl, news));
      stepCounts.create++;
      return;
    }
    const diff = await engine.diff(old.id, old.outputs, news).catch((error: unknown) => {
      throw new StepError(decl.name, "diff", message(error));
    });
    if (!diff.changes) {
      // A "same" step records the new inputs with the old outputs.
      old.inputs = news;
      stepCounts.same++;
      return;
    }
    if (diff.replaces && diff.replaces.length > 0) {
      stepCounts.replace++;
      if (diff.replaces.includes(CONNECTION_INPUT)) {
        stepCounts.move++;
        this.moving = true;
      }
      if (diff.deleteBeforeReplace || decl.options?.deleteBeforeReplace) {
        await this.remove(old);
        this.state.set(decl.name, await this.create(decl, news));
      } else {
        const created = await this.create(decl, news);
        this.pendingDeletes.push(old);
        this.state.set(decl.name, created);
      }
      return;
    }
    const result = await engine.update(old.id, old.outputs, news).catch((error: unknown) => {
      throw new StepError(decl.name, "update", message(error));
    });
    old.outputs = result.outs ?? {};
    old.inputs = news;
    stepCounts.update++;
  }

  /**
   * A replacement `--replace` asks for, as Pulumi's engine makes it (pkg/resource/deploy/step_generator.go,
   * v3.259): check sees no old inputs (as for a new resource), diff is not called (so the provider's
   * deleteBeforeReplace is never asked for), the create comes first and the old object's delete at the
   * end of the run; with the resource option deleteBeforeReplace, the old object's delete comes first
   * (the resource then leaves state, and a create that fails leaves it out).
   */
  private async replaceTargeted(decl: Declaration, old: StateEntry): Promise<void> {
    const news = await this.check(decl, undefined);
    stepCounts.targetedReplace++;
    if (decl.options?.deleteBeforeReplace) {
      await this.remove(old);
      this.state.set(decl.name, await this.create(decl, news));
      return;
    }
    const created = await this.create(decl, news);
    this.pendingDeletes.push(old);
    this.state.set(decl.name, created);
  }

  private async check(decl: Declaration, old: StateEntry | undefined): Promise<Props> {
    const checked = await this.engine(decl.kind)
      .check(old?.inputs ?? {}, this.inputsOf(decl))
      .catch((error: unknown) => {
        throw new StepError(decl.name, "check", message(error));
      });
    if (checked.failures && checked.failures.length > 0) {
      stepCounts.refused++;
      throw new StepError(
        decl.name,
        "check",
        checked.failures.map((f) => `${f.property}: ${f.reason}`).join("; "),
        checked.failures,
      );
    }
    return checked.inputs ?? {};
  }

  private async create(decl: Declaration, news: Props): Promise<StateEntry> {
    const result = await this.engine(decl.kind)
      .create(news)
      .catch((error: unknown) => {
        throw new StepError(decl.name, "create", message(error));
      });
    return {
      name: decl.name,
      kind: decl.kind,
      id: result.id,
      inputs: news,
      outputs: result.outs ?? {},
      seq: ++this.seq,
    };
  }

  private async remove(entry: StateEntry): Promise<void> {
    await this.engine(entry.kind)
      .delete(entry.id, entry.outputs)
      .catch((error: unknown) => {
        throw new StepError(entry.name, "delete", message(error));
      });
    stepCounts.delete++;
    if (entry.kind === "Role" || entry.kind === "IntegrationSetupSession") this.released.add(entry.id);
    if (this.state.get(entry.name) === entry) this.state.delete(entry.name);
    this.pendingDeletes = this.pendingDeletes.filter((pending) => pending !== entry);
  }

  /**
   * `pulumi preview --refresh --expect-no-changes` on a copy of state: what an up of the same program
   * would do after refreshing. Nothing is written to state.
   */
  async planAfterRefresh(program: Declaration[]): Promise<PlannedChange[]> {
    const saved = { state: new Map([...this.state].map(([k, v]) => [k, { ...v }])), pending: [...this.pendingDeletes] };
    this.program = program;
    try {
      await this.refresh();
      const changes: PlannedChange[] = [];
      for (const decl of program) {
        const old = this.state.get(decl.name);
        if (!old) {
          changes.push({ name: decl.name, op: "create", detail: "not in state" });
          continue;
        }
        const news = await this.check(decl, old);
        const diff = await this.engine(decl.kind).diff(old.id, old.outputs, news);
        if (!diff.changes) continue;
        const replaces = diff.replaces ?? [];
        const differing = Object.keys(SHAPES[decl.kind].rules).filter(
          (field) => JSON.stringify(old.outputs[field]) !== JSON.stringify(news[field]),
        );
        changes.push({
          name: decl.name,
          op: replaces.length > 0 ? "replace" : "update",
          detail: `replaces [${replaces.join(", ")}]; fields that differ: ${differing.map((f) => `${f} (state ${JSON.stringify(old.outputs[f])}, declared ${JSON.stringify(news[f])})`).join(", ")}`,
        });
      }
      const declared = new Set(program.map((decl) => decl.name));
      for (const entry of [...this.state.values(), ...this.pendingDeletes]) {
        if (!declared.has(entry.name) || this.pendingDeletes.includes(entry))
          changes.push({ name: entry.name, op: "delete", detail: entry.id });
      }
      return changes;
    } finally {
      this.state.clear();
      for (const [k, v] of saved.state) this.state.set(k, v);
      this.pendingDeletes = saved.pending;
    }
  }
}

/** Whether a declaration refers to a resource (by reference). */
function refersTo(decl: Declaration, name: string): boolean {
  return Object.values(decl.args).some((value) => isRef(value) && value.$ref === name);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
