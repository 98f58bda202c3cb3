// The drift report, built from the engine events of one refresh preview: drift (a declared input
// differs from the service, or the object is gone) apart from lifecycle (what the service changed by
// itself). See classify.ts for which is which. Values the engine marks secret never leave it unmasked.
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { classifyStep, type DriftedResource, type LifecycleChange } from "./classify";

export type { DriftedResource, FieldChange, LifecycleChange } from "./classify";
export { MASK, masked } from "./classify";

export interface DriftReport {
  stack: string;
  /** Drift found: the exit code is 2. Lifecycle changes alone never set it. */
  drifted: boolean;
  /** The drifted resources. */
  resources: DriftedResource[];
  /** What the service changed by itself: not drift, listed so that it is not silent. */
  lifecycle: LifecycleChange[];
}

/** Collects drift and lifecycle changes from the events of one refresh preview. */
export class DriftCollector {
  private readonly drift = new Map<string, DriftedResource>();
  private readonly lifecycle = new Map<string, LifecycleChange>();

  onEvent = (event: EngineEvent): void => {
    const step = event.resOutputsEvent?.metadata ?? event.resourcePreEvent?.metadata;
    if (!step) return;
    const found = classifyStep(step);
    // A step's announcement and its outputs classify alike; a vanished resource may have only one.
    if (found.drift) this.drift.set(step.urn, found.drift);
    if (found.lifecycle) this.lifecycle.set(step.urn, found.lifecycle);
  };

  report(stack: string): DriftReport {
    const sorted = <T extends { urn: string }>(map: Map<string, T>) => [...map.values()].sort((a, b) => a.urn.localeCompare(b.urn));
    const resources = sorted(this.drift);
    return { stack, drifted: resources.length > 0, resources, lifecycle: sorted(this.lifecycle) };
  }
}
