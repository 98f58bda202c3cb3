// The drift report: built from the engine events of a refresh preview. A drifted resource shows as a
// `refresh` (or `update`) step whose old and new outputs differ, a vanished one as a `delete`. Values the engine marks secret never leave this module
// unmasked.
import type { EngineEvent, StepEventMetadata } from "@pulumi/pulumi/automation";

export interface DriftedField {
  name: string;
  old: unknown;
  new: unknown;
}

export interface DriftedResource {
  urn: string;
  /** The resource type as a program names it, e.g. `tcs:Callback`. */
  type: string;
  name: string;
  id: string | undefined;
  change: "changed" | "deleted";
  fields: DriftedField[];
}

export interface DriftReport {
  stack: string;
  drifted: boolean;
  resources: DriftedResource[];
}

/** The provider's own plumbing, and the timestamp every change moves: never drift by themselves. */
const INTERNAL_KEYS = new Set(["__provider", "tcsCreateKey", "updatedAt"]);
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
export const MASK = "[secret]";

/** Replaces every secret value (the engine's secret envelope, or its own mask) by MASK. */
export function masked(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (SECRET_SIG in (value as Record<string, unknown>)) return MASK;
  if (Array.isArray(value)) return value.map(masked);
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, masked(inner)]));
}

function displayType(type: string): string {
  return type.replace(/^pulumi-nodejs:dynamic\//, "");
}

function fieldsOf(step: StepEventMetadata): DriftedField[] {
  const oldOutputs = step.old?.outputs ?? {};
  const newOutputs = step.new?.outputs ?? {};
  const names = new Set([...(step.diffs ?? []), ...Object.keys(step.detailedDiff ?? {}).map((path) => path.split(/[.[]/)[0])]);
  // A refresh step may carry no diff of its own: compare what state held with what the service holds.
  if (names.size === 0) {
    for (const name of new Set([...Object.keys(oldOutputs), ...Object.keys(newOutputs)])) {
      if (JSON.stringify(oldOutputs[name]) !== JSON.stringify(newOutputs[name])) names.add(name);
    }
  }
  const secret = new Set([...((step.old as { additionalSecretOutputs?: string[] } | undefined)?.additionalSecretOutputs ?? [])]);
  return [...names]
    .filter((name) => !INTERNAL_KEYS.has(name))
    .sort()
    .map((name) => ({
      name,
      old: secret.has(name) ? MASK : masked(oldOutputs[name]),
      new: secret.has(name) ? MASK : masked(newOutputs[name]),
    }));
}

/** Collects drift from the events of one refresh preview. */
export class DriftCollector {
  private readonly resources = new Map<string, DriftedResource>();

  onEvent = (event: EngineEvent): void => {
    const step = event.resOutputsEvent?.metadata ?? event.resourcePreEvent?.metadata;
    if (!step || step.type === "pulumi:pulumi:Stack" || step.type.startsWith("pulumi:providers:")) return;
    if (step.op === "same" || step.op === "read") return;
    const change = step.op === "delete" || step.op === "discard" ? "deleted" : "changed";
    const fields = change === "changed" ? fieldsOf(step) : [];
    if (change === "changed" && fields.length === 0) return;
    this.resources.set(step.urn, {
      urn: step.urn,
      type: displayType(step.type),
      name: step.urn.split("::").pop() ?? step.urn,
      id: step.old?.id ?? step.new?.id,
      change,
      fields,
    });
  };

  report(stack: string): DriftReport {
    const resources = [...this.resources.values()].sort((a, b) => a.urn.localeCompare(b.urn));
    return { stack, drifted: resources.length > 0, resources };
  }
}
