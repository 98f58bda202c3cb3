// How a resource is described: each resource states its fields and its API calls once, and the
// shared engine (resource-engine.ts) derives check, diff, create, read, update and delete from that.
import type { z } from "zod";
import type { ToolConnectivityClient } from "../../sdk";

/** The rule for one input property. */
export interface FieldRule {
  /** How a change of the declared value reaches the service: in place, or by replacing the object. */
  onChange: "update" | "replace";
  /** The service fills the value in when none is declared: an absent input accepts any live value. */
  serverDefault?: boolean;
  /** An array whose order carries no meaning (compared as a set). */
  unordered?: boolean;
  /** The API never returns it: the declared value is kept from state and is not drift-checked. */
  writeOnly?: boolean;
  /** Its value may also hide a marker the provider adds (the create marker in metadata). */
  carriesCreateMarker?: boolean;
  /** What an absent declaration stands for (no tool filters means `allow_all`), so removing it reverts. */
  absentMeans?: unknown;
  /** A date-time: equal when it names the same instant, whatever the notation. */
  timestamp?: boolean;
}

export type ResourceKind = "Callback" | "CallbackInstance" | "ProviderConfig" | "Role" | "IntegrationSetupSession";

/** What every resource's API binding gets: the client and the read batcher of this process. */
export interface ApiContext {
  client: ToolConnectivityClient;
  /** Serves refresh reads; dropped for a scope after every write to it. */
  reads: import("./read-batcher").ReadBatcher;
  /** Scans looking for orphans of interrupted runs: taken once per scope per run, never dropped. */
  orphans: import("./read-batcher").ReadBatcher;
  /** Keys the create markers (see create-marker.ts); derived from the API key, never shown. */
  markerSecret: Buffer;
  /** Ids this run took over instead of creating: a forced replacement must not delete them. */
  takenOver: Set<string>;
}

export interface MarkedScope {
  /** Names the scope for caching its scan, e.g. `ProviderConfig:prov_...`. */
  key: string;
  list(): Promise<import("./read-batcher").PageLike<LiveRecord>>;
}

export interface CheckFailure {
  property: string;
  reason: string;
}

/** A record as the provider sees it: the SDK's camelCase record. */
export type LiveRecord = { id: string } & Record<string, unknown>;

export interface ResourceDescriptor<Args extends Record<string, unknown> = Record<string, unknown>> {
  kind: ResourceKind;
  /** Validation of the declared inputs, run at preview before anything is sent. */
  schema: z.ZodType<Args>;
  /** The declared properties and how each one changes (adoptId is handled by the engine). */
  fields: Record<string, FieldRule>;

  /**
   * Checks that need the service, run at preview only when the inputs they depend on changed
   * (a provider config's value against its deployment's live config schema), so that a preview with
   * no changes makes no API call.
   */
  checkLive?(ctx: ApiContext, news: Args, olds: Record<string, unknown>): Promise<CheckFailure[]>;
  /**
   * Checks of a change against the previous inputs, with no API call (an expiry in the past is fine if
   * unchanged). `isNew`: the resource is not in state yet. `createsObject`: this step sends a create
   * (a new resource, or a replacement).
   */
  checkChange?(news: Args, olds: Record<string, unknown>, step: { isNew: boolean; createsObject: boolean }): CheckFailure[];
  /** POST the object. `marker` is the create marker to store in its metadata, when it has metadata. */
  create(ctx: ApiContext, args: Args, marker: string): Promise<LiveRecord>;
  /**
   * For resources whose create carries the marker in metadata: where an object created for these
   * args is listed (only live objects: active callbacks and configs, pending sessions), so the engine
   * can find it by its marker after a lost answer, or as the orphan of an interrupted earlier run.
   */
  markedIn?(ctx: ApiContext, args: Args): MarkedScope;
  /**
   * For resources without metadata: after a POST whose outcome is unknown (connection lost after
   * sending, 5xx), find the object it created by its natural key, or undefined when it does not exist.
   */
  findCreated?(ctx: ApiContext, args: Args, sentAt: Date): Promise<LiveRecord | undefined>;
  /** Read one object through the batcher; undefined when it no longer exists. */
  read(ctx: ApiContext, id: string, state: Record<string, unknown>): Promise<LiveRecord | undefined>;
  /**
   * For resources whose reads are scoped by an input (a config's provider, a session's integration):
   * read one object by id alone. Adoption uses it when the declared scope does not hold the id, so
   * that an object adopted with the wrong scope is reported as differing, not as missing.
   */
  retrieve?(ctx: ApiContext, id: string): Promise<LiveRecord | undefined>;
  /** Apply in-place changes; absent for resources that only replace. */
  update?(ctx: ApiContext, id: string, args: Args, state: Record<string, unknown>): Promise<LiveRecord>;
  /** Remove the object. Returns a note for the user when the API cannot delete it (roles, sessions). */
  delete(ctx: ApiContext, id: string, state: Record<string, unknown>): Promise<string | void>;

  /**
   * The live record in the shape of the declared inputs, plus the read-only outputs. A field the
   * record leaves out maps to `undefined` (null stays for a field the service says is empty): the
   * engine then keeps the value recorded before, since absent means unknown, not changed.
   */
  toOutputs(record: LiveRecord, args: Args): Record<string, unknown>;
  /** A record that exists but counts as gone (a deleted callback, a detached instance). */
  isGone?(record: LiveRecord): boolean;
  /** A reason to replace the object whatever the inputs say (an archived callback), from its state. */
  replacementReason?(state: Record<string, unknown>, args: Args): string | undefined;
  /**
   * A field the service keeps unique among live objects (one active callback per integration
   * provider, one role per slug). A replacement that keeps its value cannot make the new object
   * beside the old one: the old one is deleted first, or, when the API cannot delete it, the
   * replacement is refused at preview.
   */
  uniqueKey?: string;
  /** With uniqueKey: the API has no delete for it (a role), so a replacement keeping the key is refused. */
  undeletable?: boolean;
}
