// Turns live objects into resource declarations: the arguments are what the provider itself would
// record for the object (its binding's toOutputs, restricted to the declared fields), so the
// generated program adopts every object with no change planned. References between generated
// objects become `.id` expressions.
import { BINDINGS } from "../../plugin/bindings";
import { SHAPES } from "../../shapes";
import type { ResourceKind } from "../../shapes/shape";
import type { LiveObject } from "./inventory";
import { uniqueNames } from "./names";

export interface Reference {
  ref: string;
}

export interface Declaration {
  kind: ResourceKind;
  id: string;
  /** Resource name (kebab-case) and the TypeScript variable holding it (camelCase). */
  name: string;
  variable: string;
  args: Record<string, unknown | Reference>;
}

/** Declaration order: what others refer to first. */
const ORDER: ResourceKind[] = ["ProviderConfig", "Callback", "CallbackInstance", "Role", "IntegrationSetupSession"];

/** What a resource is named after: a role's slug, an instance's callback and config, else the name. */
function labeller(objects: LiveObject[]): (object: LiveObject) => string {
  const own = (object: LiveObject) => (object.kind === "Role" ? String(object.record.slug) : String(object.record.name ?? object.id));
  const byId = new Map(objects.map((object) => [object.id, object]));
  const labelOfId = (id: unknown) => {
    const object = byId.get(String(id));
    return object ? own(object) : String(id);
  };
  return (object) => (object.kind === "CallbackInstance" ? `${labelOfId(object.callbackId)} ${labelOfId(object.record.config?.id)}` : own(object));
}

export interface DeclarationOptions {
  /** The connection every declaration names (`connection: "staging"`); none: the default connection. */
  connection?: string;
}

export function buildDeclarations(objects: LiveObject[], options: DeclarationOptions = {}): Declaration[] {
  const labelOf = labeller(objects);
  const sorted = [...objects].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind) || labelOf(a).localeCompare(labelOf(b)) || a.id.localeCompare(b.id));
  const names = uniqueNames(sorted.map(labelOf));
  const variableById = new Map<string, string>();
  sorted.forEach((object, i) => variableById.set(object.id, names[i].variable));

  return sorted.map((object, i) => {
    const outputs: Record<string, unknown> = BINDINGS[object.kind].toOutputs(
      object.record,
      object.kind === "CallbackInstance" ? { callbackId: object.callbackId } : {},
    );
    const args: Record<string, unknown | Reference> = { ...(options.connection === undefined ? {} : { connection: options.connection }), adoptId: object.id };
    for (const [field, rule] of Object.entries(SHAPES[object.kind].rules)) {
      const value = outputs[field];
      // Write-only values are never returned: left out (see docs/adoption.md).
      if (rule.writeOnly || value === null || value === undefined) continue;
      const referenced = typeof value === "string" && (field === "callbackId" || field === "providerConfigId") ? variableById.get(value) : undefined;
      args[field] = referenced ? { ref: `${referenced}.id` } : value;
    }
    return { kind: object.kind, id: object.id, name: names[i].name, variable: names[i].variable, args };
  });
}
