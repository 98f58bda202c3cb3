// The shared engine: check, diff, create, read, update and delete for any resource. Everything
// resource-specific lives in its shape (shapes/*.ts: the fields and how each changes) and its binding
// (engine/bindings/*.ts: the API calls and the record's outputs); everything about how Pulumi expects
// a provider to behave lives here, once: planning in planner.ts, creating in create-path.ts, the
// environment step every call on an object takes first in environment-step.ts, and refresh, update
// and delete below.
import type { BackoffPolicy } from "../../sdk";
import { canonical, sameValue } from "../shapes/normalize";
import { CONNECTION_INPUT } from "../shapes/reserved";
import type { ShapeRules } from "../shapes/shape";
import type { ApiContext, Binding, LiveObject } from "./binding";
import { CreatePath, markerOf } from "./create-path";
import { markedByAnotherResource } from "./create-marker";
import { foreignMarkerWarning } from "./ownership";
import { firstMention, orphansBeside } from "./orphans";
import { orphanWarning } from "../orphan-warning";
import { createKeyOfUrn } from "../shapes/identity";
import { connectionOf, parseArgs, type Props } from "./engine-inputs";
import { DiagnosticError } from "../diagnostic";
import { KIND_SECTIONS } from "../docs-sections";
import { environmentCheck, type EnvironmentCheck } from "./environment-step";
import { serviceFailure } from "./errors";
import { parseImportId } from "./import-id";
import { outputsOf } from "./outputs";
import { Planner, type AssertConfigured, type EngineDiff } from "./planner";
import { warnAboutResource } from "./warn";
import type { CheckFailure, Checked, Created, Read, Updated } from "./results";

/** What a door (the dynamic provider's shim, the native provider) calls on a resource type's engine. */
export interface ProviderMethods {
  check(olds: Props, news: Props): Promise<Checked>;
  /** `urn`: the resource's URN where the door knows it (the native one), to show its warnings with it. */
  read(id: string, props: Props, urn?: string): Promise<Read>;
  update(id: string, olds: Props, news: Props): Promise<Updated>;
  /** `urn`: the resource's URN where the door knows it (the native one), to show its warnings with it. */
  delete(id: string, props: Props, urn?: string): Promise<void>;
  /** `urn`: the resource's URN where the door knows it (the native one), for the commands a refused create names. */
  create(inputs: Props, urn?: string): Promise<Created>;
  diff(id: string, olds: Props, news: Props): Promise<EngineDiff>;
  /** `pulumi import`: the object by id alone, with the inputs that declare it as it is. */
  readForImport(id: string, urn?: string): Promise<Read>;
  /**
   * Check failures for a replacement the engine planned itself (the native door's replaceOnChanges):
   * `olds` the outputs recorded for object `id`, `changed` the fields diff reported.
   */
  checkReplacement(id: string, olds: Props, news: Props, changed: readonly string[]): CheckFailure[];
}

export interface EngineOptions {
  /** The pauses between create attempts; tests that inject faults by the thousand shorten them. */
  createBackoff?: BackoffPolicy;
  /** Each resource records the environment it lives in (the dynamic door, which has no provider state: environment-record.ts). */
  recordEnvironment?: boolean;
}

export class ResourceEngine<
  Args extends Props,
  Outputs extends Props,
  R extends LiveObject,
> implements ProviderMethods {
  private readonly shape: ShapeRules<Args>;
  private readonly planner: Planner<Args, R>;
  private readonly creator: CreatePath<Args, R>;
  private readonly inState: Set<string>;
  /** The environment step each call on an object takes first (environment-step.ts). */
  private readonly environment: EnvironmentCheck;

  constructor(
    private readonly binding: Binding<Args, Outputs, R>,
    /** The client and batchers of a connection (the default one when none is named). */
    private readonly api: (connection?: string) => ApiContext,
    /**
     * Throws a message saying how to configure the connection when something is missing; when the
     * step writes, also when the service refuses the connection's key.
     */
    assertConfigured: AssertConfigured,
    options: EngineOptions = {},
  ) {
    this.shape = binding.shape;
    // Ids the engine named as held by this stack's state, which the create path must never take over.
    this.inState = new Set<string>();
    this.planner = new Planner(binding, api, assertConfigured, this.inState);
    this.creator = new CreatePath(binding, api, this.inState, options.createBackoff);
    this.environment = environmentCheck(binding.shape.token, api, options.recordEnvironment === true);
  }

  private get kind(): string {
    return this.shape.token;
  }

  check(olds: Props, news: Props): Promise<Checked> {
    return this.planner.check(olds, news);
  }

  async diff(id: string, olds: Props, news: Props): Promise<EngineDiff> {
    await this.environment(connectionOf(olds), { id, state: olds });
    return this.planner.diff(id, olds, news);
  }

  checkReplacement(id: string, olds: Props, news: Props, changed: readonly string[]): CheckFailure[] {
    return this.planner.engineReplacementConflicts(id, olds, news, changed);
  }

  async create(inputs: Props, urn?: string): Promise<Created> {
    const environment = await this.environment(connectionOf(inputs));
    const created = await this.creator.create(inputs, urn);
    return { id: created.id, outs: await environment.recorded(created.outs) };
  }

  /** `urn`: the resource's URN where the door knows it (the native one), to show its warnings with it. */
  async read(id: string, props: Props, urn?: string): Promise<Read> {
    this.inState.add(id);
    const connection = connectionOf(props);
    // Before the read: another environment answers 404, and the object would drop from state.
    const environment = await this.environment(connection, { id, state: props });
    const record = await this.binding.read(this.api(connection), id, props).catch((error: unknown) => {
      throw new DiagnosticError(serviceFailure(`reading ${this.kind} ${id}`, error, connection), { cause: error });
    });
    // No id tells the engine the object is gone, so it drops from state: not when it may live elsewhere.
    if (!record || this.binding.isGone?.(record)) {
      if (environment.ifNotFound) throw new DiagnosticError(environment.ifNotFound);
      return {};
    }
    await this.nameOrphansBeside(record, props, urn);
    const outs = outputsOf(this.binding, record, props as Args, connection);
    const inputs = this.refreshedInputs(outs, props);
    const recorded = await environment.recorded(outs);
    return inputs ? { id, props: recorded, inputs } : { id, props: recorded };
  }

  /**
   * Names, once per run, each orphan beside the object read: made by the same resource's creates, held
   * by no resource of the stack (orphans.ts). A setup session is left out: the API cannot delete one,
   * so every replacement leaves its predecessor pending with the marker until it expires.
   */
  private async nameOrphansBeside(record: R, props: Props, urn: string | undefined): Promise<void> {
    if (!this.binding.listedBeside || this.shape.undeletable) return;
    const ctx = this.api(connectionOf(props));
    // Only what the scan listed: a failed listing names nothing and fails no read.
    const listed = await this.binding.listedBeside(ctx, props).catch(() => []);
    const held = (id: string) => this.inState.has(id) || ctx.claimed.has(id) || ctx.takenOver.has(id);
    for (const orphan of orphansBeside(record, listed, held, this.binding.isGone)) {
      if (firstMention(orphan.id)) warnAboutResource(orphanWarning(this.kind, orphan.id, record.id), urn);
    }
  }

  /**
   * `pulumi import` of an object by id alone: its outputs, and the inputs that declare it as it is
   * (what the CLI writes as code). An object listed under a parent (a callback's instance) is named
   * `<parent id>/<id>`. Inputs the API never returns (a config's value) are left out: the object keeps
   * its own, as an adopted one does.
   */
  async readForImport(importId: string, urn?: string): Promise<Read> {
    const { parent, id } = parseImportId(this.shape.kind, importId, this.binding.importParent);
    const ctx = this.api(undefined);
    const state = parent ? { [this.binding.importParent!]: parent } : {};
    // Through the batcher, as a refresh reads: a list page per 100 objects of a scope, not a GET each.
    const record = await (
      this.binding.readById ? this.binding.readById(ctx, id) : this.binding.read(ctx, id, state)
    ).catch((error: unknown) => {
      throw new DiagnosticError(serviceFailure(`importing ${this.kind} ${id}`, error), { cause: error });
    });
    if (!record || this.binding.isGone?.(record)) return {};
    if (urn !== undefined && markedByAnotherResource(record.metadata, ctx.markerSecret, createKeyOfUrn(urn))) {
      warnAboutResource(foreignMarkerWarning(this.kind, id), urn);
    }
    const outs = outputsOf(this.binding, record, state as Args, undefined);
    const unread = Object.entries(this.shape.rules)
      .filter(([, rule]) => rule.writeOnly)
      .map(([name]) => name);
    if (unread.length > 0) {
      // As adoption says it (docs/adoption.md): the code the import prints cannot hold these.
      const [names, them] = [unread.join(", "), unread.length > 1 ? "them" : "it"];
      warnAboutResource(
        {
          object: `${this.kind} ${id}`,
          summary: `imported without ${names}: the API never returns ${them}, so the object keeps its own and state records none`,
          fix: `Leave ${names} out of the program to keep what the object holds; declaring ${them} replaces the object`,
          docs: "docs/adoption.md#what-is-not",
        },
        urn,
      );
    }
    return { id, props: outs, inputs: this.declaredInputs(outs) };
  }

  /**
   * When a declared field changed outside Pulumi, the inputs that describe the object as it now is,
   * for the engine to record: the next diff then starts from the live value, so `ignoreChanges` keeps
   * a change made by hand instead of reverting it (it copies the recorded input into the program's).
   * Read sees the outputs in state, not the inputs, so it cannot tell what the program left
   * undeclared; with no change it returns none, and the engine keeps the recorded inputs as they are.
   * A secret input stays secret: the engine marks returned inputs secret where the recorded ones were.
   */
  private refreshedInputs(live: Props, state: Props): Props | undefined {
    const fields = this.shape.rules;
    const drifted = Object.entries(fields).some(
      ([name, rule]) => !rule.writeOnly && !sameValue(live[name], state[name], rule),
    );
    return drifted ? this.declaredInputs(live) : undefined;
  }

  /** The inputs a program declares for an object as it is (its outputs): the values it would set, no more. */
  private declaredInputs(live: Props): Props {
    const fields = this.shape.rules;
    const inputs: Props = {};
    for (const name of this.shape.inputNames) {
      const rule = fields[name];
      const value = live[name];
      // A value the service picks when none is declared: most programs leave it out, and an input
      // recorded that the program lacks would show in every plan as one about to be removed.
      if (rule?.serverDefault) continue;
      // Not set: no value, what an absent declaration means (allow_all filters), a boolean option off.
      if (
        canonical(value) === null ||
        value === false ||
        (rule?.absentMeans !== undefined && sameValue(value, undefined, rule))
      )
        continue;
      // Outputs carry every input: live values, and those the API never returns (a config's value,
      // adoptId) as recorded.
      inputs[name] = value;
    }
    if (live[CONNECTION_INPUT] !== undefined) inputs[CONNECTION_INPUT] = live[CONNECTION_INPUT];
    return inputs;
  }

  async update(id: string, olds: Props, news: Props): Promise<Updated> {
    const update = this.binding.update;
    if (!update)
      throw new Error(
        `${this.kind} has no in-place changes; this is a bug in pulumi-tcs (diff should have planned a replacement)`,
      );
    const args = parseArgs(this.shape, news);
    const connection = connectionOf(news);
    const environment = await this.environment(connection, { id, state: olds });
    const ctx = this.api(connection);
    try {
      // The object keeps the marker its create gave it (an adopted one has none to keep).
      const marker = typeof args.adoptId === "string" ? undefined : markerOf(ctx, this.shape, args, news);
      const record = await update(ctx, id, args, olds, marker);
      return { outs: await environment.recorded(outputsOf(this.binding, record, args, connection)) };
    } catch (error) {
      throw new DiagnosticError(serviceFailure(`updating ${this.kind} ${id}`, error, connection), { cause: error });
    } finally {
      ctx.reads.invalidate(this.shape.kind);
    }
  }

  async delete(id: string, props: Props, urn?: string): Promise<void> {
    // A session the API cannot delete stays live: a deleteBeforeReplace's create must not meet it as an orphan.
    this.inState.add(id);
    const connection = connectionOf(props);
    // Before the delete: another environment answers 404, which reads as already gone.
    const environment = await this.environment(connection, { id, state: props });
    const ctx = this.api(connection);
    if (ctx.takenOver.has(id)) {
      // A create of this run found this object and took it as its own (a role, which the API cannot
      // delete, replaced or renamed without an alias keeping its slug; a create resuming one that did
      // not finish): the "new" resource is this object, and deleting it would leave the stack pointing at nothing.
      // A notice: nothing to fix.
      warnAboutResource(
        {
          object: `${this.kind} ${id}`,
          summary:
            "not deleted: another resource of this run took it over (by adoptId, by resuming an unfinished create, or as a role keeping its slug)",
          docs: "docs/adoption.md#interrupted-creates-what-is-recovered-and-what-asks-you",
        },
        urn,
      );
      return;
    }
    // A delete answered 404 reads as already gone: not proof enough where the object may live elsewhere.
    if (environment.ifNotFound) {
      const found = await this.binding.read(ctx, id, props).catch(() => undefined);
      if (!found || this.binding.isGone?.(found)) throw new DiagnosticError(environment.ifNotFound);
    }
    try {
      const note = await this.binding.delete(ctx, id, props);
      // What the API cannot do to the kind (no delete for roles and sessions), said in the binding's words.
      if (note)
        warnAboutResource({ object: `${this.kind} ${id}`, summary: note, docs: KIND_SECTIONS[this.shape.kind] }, urn);
    } catch (error) {
      throw new DiagnosticError(serviceFailure(`deleting ${this.kind} ${id}`, error, connection), { cause: error });
    } finally {
      ctx.reads.invalidate(this.shape.kind);
    }
  }
}
