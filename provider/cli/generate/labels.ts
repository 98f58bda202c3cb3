// What a generated resource is named after, as its shape says: the value of its label field (a role's
// slug, else the name), or, for a shape without one, the labels of the objects its references name, in
// field order (an instance: `github-events-acme-github`, what it joins).
import { SHAPES } from "../../shapes";
import type { ResourceKind } from "../../shapes/shape";

/** A live object with the outputs the provider would record for it. */
export interface ObjectOutputs {
  kind: ResourceKind;
  id: string;
  outputs: Record<string, unknown>;
}

export function labeller(objects: readonly ObjectOutputs[]): (object: ObjectOutputs) => string {
  const byId = new Map(objects.map((object) => [object.id, object]));
  // The sort asks for each label many times.
  const known = new Map<ObjectOutputs, string>();
  const labelOf = (object: ObjectOutputs): string => {
    let label = known.get(object);
    if (label === undefined) {
      label = ownLabel(object) ?? referencedLabel(object, labelOf, byId);
      known.set(object, label);
    }
    return label;
  };
  return labelOf;
}

function ownLabel(object: ObjectOutputs): string | undefined {
  const field = SHAPES[object.kind].label;
  // A nameless callback or config is known by its id.
  return field === undefined ? undefined : String(object.outputs[field] ?? object.id);
}

/** A referenced object generate did not list (an archived callback, say) is named by its id. */
function referencedLabel(
  object: ObjectOutputs,
  labelOf: (object: ObjectOutputs) => string,
  byId: Map<string, ObjectOutputs>,
): string {
  const parts = Object.keys(SHAPES[object.kind].references)
    .map((field) => object.outputs[field])
    .filter((value) => value !== null && value !== undefined)
    .map((value) => {
      const referenced = byId.get(String(value));
      return referenced ? labelOf(referenced) : String(value);
    });
  return parts.length > 0 ? parts.join(" ") : object.id;
}
