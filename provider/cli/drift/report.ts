// The drift report, built from the engine events of one refresh preview: drift (a declared input
// differs from the service, or the object is gone) apart from lifecycle (what the service changed by
// itself), and orphans, as the provider named them in the preview's diagnostics. See classify.ts for which is which. Values the engine marks secret never leave it unmasked.
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { ORPHAN_PATTERN } from "../../orphan-warning";
import { kindOfToken } from "../../type-tokens";
import { classifyStep, connectionOf, type DriftedResource, type LifecycleChange } from "./classify";

export type { DriftedResource, FieldChange, LifecycleChange } from "./classify";

export interface DriftReport {
  stack: string;
  /** Drift found: the exit code is 2. Lifecycle changes alone never set it. */
  drifted: boolean;
  /** The drifted resources. */
  resources: DriftedResource[];
  /** What the service changed by itself: not drift, listed so that it is not silent. */
  lifecycle: LifecycleChange[];
  /**
   * Live objects carrying the create marker of an object the stack holds, which no resource holds (a
   * create the service committed late): the exit code is 2 until each is settled. Older reports have none.
   */
  orphans?: Orphan[];
  /**
   * The same, by connection: one group per connection the stack's tcs resources use (drifted or not),
   * the default connection (null) first, then by name. Older reports have none.
   */
  connections?: ConnectionGroup[];
}

export interface ConnectionGroup {
  /** The connection's name, or null for the default connection. */
  connection: string | null;
  /** Drift found on this connection. */
  drifted: boolean;
  /** The URNs of its drifted resources and of its lifecycle changes, in the report's order. */
  resources: string[];
  lifecycle: string[];
}

export interface Orphan {
  /** The type as a program names it, e.g. `tcs:ProviderConfig`. */
  type: string;
  id: string;
  /** The object of the stack whose create marker it carries. */
  beside: string;
}

/** Collects drift, lifecycle changes and orphans from the events of one refresh preview. */
export class DriftCollector {
  private readonly drift = new Map<string, DriftedResource>();
  private readonly lifecycle = new Map<string, LifecycleChange>();
  /** Every connection a tcs resource of the stack uses: a clean one is grouped too. */
  private readonly connections = new Set<string | null>();
  /** Orphans as the provider named them, by id; the same id may be named by more than one process. */
  private readonly orphans = new Map<string, Orphan>();
  /** Every object id a resource of the stack holds: never an orphan, whatever a read thought. */
  private readonly held = new Set<string>();

  onEvent = (event: EngineEvent): void => {
    const named = event.diagnosticEvent?.message.match(ORPHAN_PATTERN);
    if (named) this.orphans.set(named[2], { type: named[1], id: named[2], beside: named[3] });
    const step = event.resOutputsEvent?.metadata ?? event.resourcePreEvent?.metadata;
    if (!step) return;
    for (const id of [step.old?.id, step.new?.id]) if (id) this.held.add(id);
    if (kindOfToken(step.type)) this.connections.add(connectionOf(step));
    const found = classifyStep(step);
    // A step's announcement and its outputs classify alike; a vanished resource may have only one.
    if (found.drift) this.drift.set(step.urn, found.drift);
    if (found.lifecycle) this.lifecycle.set(step.urn, found.lifecycle);
  };

  report(stack: string): DriftReport {
    const sorted = <T extends { urn: string }>(map: Map<string, T>) =>
      [...map.values()].sort((a, b) => a.urn.localeCompare(b.urn));
    const resources = sorted(this.drift);
    const lifecycle = sorted(this.lifecycle);
    const connections = [...this.connections].sort(byConnection).map((connection) => {
      const on = (entry: { connection?: string | null }) => entry.connection === connection;
      const drifted = resources.filter(on).map((resource) => resource.urn);
      return {
        connection,
        drifted: drifted.length > 0,
        resources: drifted,
        lifecycle: lifecycle.filter(on).map((change) => change.urn),
      };
    });
    const orphans = [...this.orphans.values()]
      .filter((orphan) => !this.held.has(orphan.id))
      .sort((a, b) => a.id.localeCompare(b.id));
    return { stack, drifted: resources.length > 0, resources, lifecycle, connections, orphans };
  }
}

/** The default connection first, then by name. */
function byConnection(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a.localeCompare(b);
}
