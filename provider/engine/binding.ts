// A resource's binding to the API: the calls that create, read, update and delete its objects. The
// shape says what the resource is; the binding how the service holds it; the shared engine
// (resource-engine.ts) derives check, diff, create, read, update, delete and adoption from the two.
// The record's mapping to outputs is derived (record-outputs.ts): each output is the record's field of
// the same name, and a binding writes only the outputs its record holds differently. A binding is
// typed by its SDK record and its shape, so an output the record does not hold as the shape says does
// not compile until the binding maps it.
import type { ToolConnectivityClient } from "../../sdk";
import type { CheckFailure, Fields, LiveOutputs, PlainArgs, Shape, ShapeRules } from "../shapes/shape";
import { recordOutputs, type OutputMappings } from "./record-outputs";
import type { PageLike, ReadBatcher } from "./read-batcher";

type Props = Record<string, unknown>;

/** What every binding gets: the client and the read batchers of this plugin process. */
export interface ApiContext {
  client: ToolConnectivityClient;
  /** Serves refresh reads; dropped for a kind after every write to it. */
  reads: ReadBatcher;
  /** Scans looking for orphans of interrupted runs: taken once per kind per run, whole, never dropped. */
  orphans: ReadBatcher;
  /** Keys the create markers (see create-marker.ts); derived from the API key, never shown. */
  markerSecret: Buffer;
  /** Ids this run took over instead of creating: a forced replacement must not delete them. */
  takenOver: Set<string>;
  /** Ids a create of this run returned (made or taken over): no other resource may take one of them. */
  claimed: Set<string>;
  /** The fingerprint of the connection's key and base URL (environment-record.ts). */
  settingsFingerprint: string;
  /** The environment the connection reaches (its oldest role's id), asked once per run; rejects when the service cannot say. */
  environment(): Promise<string>;
  /** The environment, as a request this run sent anyway (the key check's) told it. */
  learnEnvironment(id: string): void;
}

/** What the engine reads of any record: its id, and the metadata a create marker is kept in. */
export interface LiveObject {
  id: string;
  metadata?: unknown;
}

/** Where objects carrying a create marker are listed, so one can be found by it. */
export interface MarkedScope<R> {
  /** The live objects created for these args: where a create whose answer was lost looks for what it made. */
  list(): Promise<PageLike<R>>;
  /**
   * Every live object of the kind, whatever its parent: where a run looks for what an earlier failed
   * run of the same resource made, which the program may have moved to another parent since.
   */
  listAll(): Promise<PageLike<R>>;
}

/** A binding over plain inputs `A` and outputs `O`, of SDK record `R` (defineBinding derives `A` and `O` from the shape). */
export interface Binding<A extends Props, O extends Props, R extends LiveObject> {
  readonly shape: ShapeRules<A>;

  /**
   * Checks that need the service, run at preview only when the inputs they depend on changed
   * (a provider config's value against its deployment's live config schema), so that a preview with
   * no changes makes no API call.
   */
  checkLive?(ctx: ApiContext, news: A, olds: Props): Promise<CheckFailure[]>;
  /** POST the object. `marker` is the create marker to store in its metadata, when it has metadata. */
  create(ctx: ApiContext, args: A, marker: string): Promise<R>;
  /**
   * For resources whose create carries the marker in metadata: where an object created for these
   * args is listed (only live objects: active callbacks and configs, pending sessions), so the engine
   * can find it by its marker after a lost answer, or as the orphan of an interrupted earlier run.
   */
  markedIn?(ctx: ApiContext, args: A): MarkedScope<R>;
  /**
   * For resources without metadata: after a POST whose outcome is unknown (connection lost after
   * sending, 5xx), find the object it created by its natural key, or undefined when it does not exist.
   */
  findCreated?(ctx: ApiContext, args: A, sentAt: Date): Promise<R | undefined>;
  /** Read one object through the batcher; undefined when it no longer exists. */
  read(ctx: ApiContext, id: string, state: Props): Promise<R | undefined>;
  /**
   * For resources whose create carries the marker: every record the read's scan of this object's
   * scope listed, once it ended (no request beyond the scan's own), where a refresh looks for orphans
   * of the object it read (orphans.ts).
   */
  listedBeside?(ctx: ApiContext, state: Props): Promise<R[]>;
  /**
   * For resources whose reads are scoped by an input (a config's provider, a session's integration):
   * read one object by id alone. Adoption uses it when the declared scope does not hold the id, so
   * that an object adopted with the wrong scope is reported as differing, not as missing.
   */
  retrieve?(ctx: ApiContext, id: string): Promise<R | undefined>;
  /**
   * For the same resources: read one object by id alone through the batcher, from a scan of every
   * object of the kind. `pulumi import` knows only ids, and a GET per object made a 300-object import
   * 300 requests where a refresh of the same objects makes a handful (docs/adoption.md).
   */
  readById?(ctx: ApiContext, id: string): Promise<R | undefined>;
  /**
   * Apply in-place changes; absent for resources that only replace. `marker`: the create marker the
   * object carries in its metadata (undefined for an adopted object), which an update keeps.
   */
  update?(ctx: ApiContext, id: string, args: A, state: Props, marker: string | undefined): Promise<R>;
  /**
   * For objects the API lists under a parent (a callback's instances): the input that holds the
   * parent's id, which an import id names first (`<parent id>/<id>`).
   */
  readonly importParent?: string;
  /** Remove the object. Returns a note for the user when the API cannot delete it (roles, sessions). */
  delete(ctx: ApiContext, id: string, state: Props): Promise<string | void>;

  /**
   * The record as the shape's outputs (adoptId aside, which the engine keeps). A field the record
   * leaves out maps to `undefined` (null stays for a field the service says is empty): the engine then
   * keeps the value recorded before, since absent means unknown, not changed.
   */
  toOutputs(record: R, args: A): O;
  /** A record that exists but counts as gone (a deleted callback, a detached instance). */
  isGone?(record: R): boolean;
}

/** Any binding, as the plugin serves them by kind. */
export type AnyBinding = Binding<Props, Props, LiveObject>;

/** The binding of a shape's fields `F` to its SDK record `R`. */
export type BindingOf<F extends Fields, R extends LiveObject> = Binding<PlainArgs<F>, LiveOutputs<F>, R>;

/** What a binding writes: its calls, and the outputs its record holds differently from the shape. */
export type BindingMethods<F extends Fields, R extends LiveObject> = Omit<BindingOf<F, R>, "shape" | "toOutputs"> &
  OutputMappings<F, R>;

export function defineBinding<F extends Fields, R extends LiveObject>(
  shape: Shape<Shape["kind"], F>,
  methods: BindingMethods<F, R>,
): BindingOf<F, R> {
  const { outputs, ...calls } = methods;
  return { shape, ...calls, toOutputs: recordOutputs<F, R>(shape, outputs) };
}
