// Turns live objects into resource declarations: the arguments are what the provider itself would
// record for the object (its binding's toOutputs, restricted to the declared fields), so the
// generated program adopts every object with no change planned. Inputs the shapes mark as references
// become `.id` expressions of the referenced object's resource; the order, the names and the
// references all come from the shapes, so a new kind needs no edit here.
import { BINDINGS } from "../../engine/bindings";
import { SHAPES } from "../../shapes";
import type { ResourceKind } from "../../shapes/shape";
import type { LiveObject } from "./inventory";
import { labeller, type ObjectOutputs } from "./labels";
import { uniqueNames } from "./names";
import { KIND_ORDER } from "./order";

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
  /**
   * The id `pulumi import` reads the object by on the native provider: its id, or `<parent id>/<id>` for
   * an object listed under a parent (an instance: `<callbackId>/<id>`, its binding's importParent).
   */
  importId: string;
}

export interface DeclarationOptions {
  /** The connection every declaration names (`connection: "staging"`); none: the default connection. */
  connection?: string;
}

export function buildDeclarations(objects: LiveObject[], options: DeclarationOptions = {}): Declaration[] {
  const live: ObjectOutputs[] = objects.map((object) => ({
    kind: object.kind,
    id: object.id,
    outputs: BINDINGS[object.kind].toOutputs(object.record, object.inputs ?? {}),
  }));
  const labelOf = labeller(live);
  const rank = (object: ObjectOutputs) => KIND_ORDER.indexOf(object.kind);
  const sorted = [...live].sort(
    (a, b) => rank(a) - rank(b) || labelOf(a).localeCompare(labelOf(b)) || a.id.localeCompare(b.id),
  );
  const names = uniqueNames(sorted.map(labelOf));
  const variableById = new Map<string, string>();
  sorted.forEach((object, i) => variableById.set(object.id, names[i].variable));

  return sorted.map(({ kind, id, outputs }, i) => {
    const shape = SHAPES[kind];
    const args: Record<string, unknown | Reference> = {
      ...(options.connection === undefined ? {} : { connection: options.connection }),
      adoptId: id,
    };
    for (const [field, rule] of Object.entries(shape.rules)) {
      const value = outputs[field];
      // Write-only values are never returned: left out (see docs/adoption.md).
      if (rule.writeOnly || value === null || value === undefined) continue;
      // An object generate did not list stays a literal id.
      const referenced =
        Object.hasOwn(shape.references, field) && typeof value === "string" ? variableById.get(value) : undefined;
      args[field] = referenced ? { ref: `${referenced}.id` } : value;
    }
    const parent = BINDINGS[kind].importParent;
    const importId = parent === undefined ? id : `${String(outputs[parent])}/${id}`;
    return { kind, id, name: names[i].name, variable: names[i].variable, args, importId };
  });
}
