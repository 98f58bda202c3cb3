// Tells drift from lifecycle in one step of a refresh preview.
//
// The engine frames a refresh step by the provider's diff of the declared inputs against what the
// service holds: a step whose declared inputs all match is `same`, even when the service moved its own
// fields (a session that expired or completed). So the step's op alone hides every lifecycle change,
// and the outputs alone cannot tell a rename from an expiry. Both are read here: drift is a declared
// input (its shape's rules) that differs from the service while the engine plans a change (so
// `ignoreChanges` holds); lifecycle is any other output that moved; a planned change with no declared
// input behind it is a replacement the program asked for (`replaceWhenExpired`): "will be re-created".
import type { StepEventMetadata } from "@pulumi/pulumi/automation";
// Reads the shapes alone (no SDK, no plugin): the tool stays light.
import { SHAPES } from "../../shapes";
import { kindOfToken } from "../../type-tokens";
import { sameValue } from "../../shapes/normalize";
import { CONNECTION_INPUT, PLUMBING_INPUTS } from "../../shapes/reserved";
import type { FieldRule } from "../../shapes/shape";
import { SIG_KEY } from "../../secret-signature";

export interface FieldChange {
  name: string;
  /** For drift: the declared value (the stack's inputs). For lifecycle: the value in the stack's state. */
  old: unknown;
  /** What the service holds now. */
  new: unknown;
}

interface ResourceRef {
  urn: string;
  /** The resource type as a program names it, e.g. `tcs:Callback`. */
  type: string;
  name: string;
  id: string | undefined;
  /**
   * A tcs resource's connection: its name, or null for the default connection (a resource that names
   * none). Absent on another provider's resource, which has no tcs connection.
   */
  connection?: string | null;
}

export interface DriftedResource extends ResourceRef {
  change: "changed" | "deleted";
  fields: FieldChange[];
  /** Why the next `up` acts on it when no declared field says so (an archived callback). */
  note?: string;
}

export interface LifecycleChange extends ResourceRef {
  /** The service's own fields that moved since the state was written. */
  fields: FieldChange[];
  /** The next `up` replaces it, as the program asks (a session expired with replaceWhenExpired). */
  recreate: boolean;
}

export interface StepClassification {
  drift?: DriftedResource;
  lifecycle?: LifecycleChange;
}

/** The provider's own plumbing, under its names today and before (states of older versions hold those): never a change by itself. */
const PLUMBING = new Set(PLUMBING_INPUTS);
/**
 * A tcs resource's fields that a refresh never moves: the connection, a field the user declares, changes
 * only by replacement (a read that does not echo it is no lifecycle change).
 */
const UNMOVED_BY_REFRESH = new Set([...PLUMBING_INPUTS, CONNECTION_INPUT]);
/** Moves with every write, the provider's own and drift alike: listing it would only repeat them. */
const MOVES_WITH_EVERY_WRITE = new Set(["updatedAt"]);
export const MASK = "[secret]";

type Props = Record<string, unknown>;

/** Replaces every secret value (the engine's secret envelope, or its own mask) by MASK. */
export function masked(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (SIG_KEY in (value as Props)) return MASK;
  if (Array.isArray(value)) return value.map(masked);
  return Object.fromEntries(Object.entries(value as Props).map(([key, inner]) => [key, masked(inner)]));
}

function refOf(step: StepEventMetadata): ResourceRef {
  const type = step.type.replace(/^pulumi-nodejs:dynamic\//, "");
  return {
    urn: step.urn,
    type,
    name: step.urn.split("::").pop() ?? step.urn,
    id: step.old?.id ?? step.new?.id,
    ...(kindOfToken(step.type) ? { connection: connectionOf(step) } : {}),
  };
}

/**
 * The connection a tcs resource's state names (its outputs, else its inputs: a step of a vanished
 * object may carry either), or null for the default connection.
 */
export function connectionOf(step: StepEventMetadata): string | null {
  for (const props of [step.old?.outputs, step.old?.inputs, step.new?.outputs, step.new?.inputs]) {
    const name = (props as Props | undefined)?.[CONNECTION_INPUT];
    if (typeof name === "string" && name !== "") return name;
  }
  return null;
}

function secretOutputs(step: StepEventMetadata): Set<string> {
  return new Set((step.old as { additionalSecretOutputs?: string[] } | undefined)?.additionalSecretOutputs ?? []);
}

function change(name: string, old: unknown, now: unknown, secret: Set<string>): FieldChange {
  return { name, old: secret.has(name) ? MASK : masked(old), new: secret.has(name) ? MASK : masked(now) };
}

function differs(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

function isRecord(value: unknown): value is Props {
  return value !== null && typeof value === "object" && !Array.isArray(value) && !(SIG_KEY in value);
}

/** What moved in one output, by dotted path inside objects (`integrationInstance.status`), so a table row says what changed. */
function movedPaths(path: string, old: unknown, now: unknown, secret: Set<string>): FieldChange[] {
  if (MOVES_WITH_EVERY_WRITE.has(path.split(".").pop()!) || !differs(old, now)) return [];
  if (!secret.has(path) && isRecord(old) && isRecord(now)) {
    return [...new Set([...Object.keys(old), ...Object.keys(now)])].flatMap((key) =>
      movedPaths(`${path}.${key}`, old[key], now[key], secret),
    );
  }
  return [change(path, old, now, secret)];
}

function byName(a: FieldChange, b: FieldChange): number {
  return a.name.localeCompare(b.name);
}

/** Drift and lifecycle in one step's events (`resOutputsEvent` or `resourcePreEvent` metadata). */
export function classifyStep(step: StepEventMetadata): StepClassification {
  if (step.type === "pulumi:pulumi:Stack" || step.type.startsWith("pulumi:providers:")) return {};
  if (step.op === "delete" || step.op === "discard")
    return { drift: { ...refOf(step), change: "deleted", fields: [] } };
  // `refresh` is the announcement before the read (old and new are the state), `read` a data source.
  if (step.op === "refresh" || step.op === "read") return {};
  const kind = kindOfToken(step.type);
  return kind ? classifyTcs(step, SHAPES[kind].rules, SHAPES[kind].outOfBandStatuses ?? {}) : classifyOther(step);
}

function classifyTcs(
  step: StepEventMetadata,
  declared: Record<string, FieldRule>,
  outOfBand: Record<string, string>,
): StepClassification {
  const inputs: Props = step.old?.inputs ?? {};
  const before: Props = step.old?.outputs ?? {};
  const after: Props = step.new?.outputs ?? {};
  const secret = secretOutputs(step);
  const plansChange = step.op !== "same";

  const drifted: FieldChange[] = [];
  if (plansChange) {
    for (const [name, rule] of Object.entries(declared)) {
      // A write-only value is never returned, and an absent server-defaulted one accepts any live value.
      if (rule.writeOnly || (inputs[name] === undefined && rule.serverDefault)) continue;
      if (!sameValue(after[name], inputs[name], rule)) drifted.push(change(name, inputs[name], after[name], secret));
    }
  }
  const note = plansChange ? outOfBand[String(after.status)] : undefined;

  const moved: FieldChange[] = [];
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (Object.hasOwn(declared, name) || UNMOVED_BY_REFRESH.has(name) || (note && name === "status")) continue;
    moved.push(...movedPaths(name, before[name], after[name], secret));
  }
  const recreate = plansChange && drifted.length === 0 && !note;
  // Shown even when a refresh already recorded the status: it is why the next up replaces it.
  if (recreate && after.status !== undefined && !moved.some((field) => field.name === "status"))
    moved.push(change("status", before.status, after.status, secret));

  const result: StepClassification = {};
  if (drifted.length > 0 || note) {
    if (note) drifted.push(change("status", before.status, after.status, secret));
    result.drift = { ...refOf(step), change: "changed", fields: drifted.sort(byName), ...(note ? { note } : {}) };
  }
  if (moved.length > 0) result.lifecycle = { ...refOf(step), fields: moved.sort(byName), recreate };
  return result;
}

/** A resource of another provider in the same stack: every output that moved, when the engine plans a change. */
function classifyOther(step: StepEventMetadata): StepClassification {
  if (step.op === "same") return {};
  const before: Props = step.old?.outputs ?? {};
  const after: Props = step.new?.outputs ?? {};
  const secret = secretOutputs(step);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((name) => !PLUMBING.has(name) && differs(before[name], after[name]))
    .map((name) => change(name, before[name], after[name], secret))
    .sort(byName);
  return fields.length > 0 ? { drift: { ...refOf(step), change: "changed", fields } } : {};
}
