// One object, one resource, by id. The engine names an object by its id to this process in two
// ways: the diff of a resource in state, and the read of `pulumi import` (or the import option). One
// process serves one provider in one run, so one stack and one environment: a second resource of the
// run naming an object another one holds would have two resources manage it, which is refused,
// naming the first. What a run never names to the provider cannot be known here: during a
// `pulumi import` the engine neither checks nor diffs the stack's other resources, so an import of an
// object the stack already holds under another name passes, and the next preview (which diffs both)
// refuses it; another stack's resources are never named to this process at all.
import { resourceNamed } from "../engine/planner";
import type { ResourceKind } from "../shapes/shape";

/** How a resource holds an object: recorded in the stack's state, or being imported by this run. */
export type Holding = "state" | "import";

export interface Holder {
  urn: string;
  holding: Holding;
}

export class HeldIds {
  private readonly holders = new Map<string, Holder>();

  /** The other resource of this run that holds object `id`; undefined when none does, `urn` then holding it. */
  claim(kind: ResourceKind, id: string, urn: string, holding: Holding): Holder | undefined {
    const key = `${kind}\n${id}`;
    const holder = this.holders.get(key);
    if (holder === undefined) this.holders.set(key, { urn, holding });
    return holder !== undefined && holder.urn !== urn ? holder : undefined;
  }
}

/** The refusal of an import of object `id` as resource `urn` that `holder` holds: one line, naming both and the fix. */
export function importRefusal(kind: ResourceKind, id: string, urn: string, holder: Holder): string {
  const [other, self] = [resourceNamed(kind, holder.urn), resourceNamed(kind, urn)];
  if (holder.holding === "import") {
    return `cannot import ${id} as ${self}: this run imports it as ${other} too, and two resources would manage one object. Import it once.`;
  }
  return (
    `cannot import ${id} as ${self}: ${other} of this stack holds it, and two resources would manage one object. Keep ${other} ` +
    `(an alias gives it another name without an import), or remove it from the stack first with pulumi state delete '${holder.urn}' (the object stays).`
  );
}

/** The refusal of a resource `urn` in state holding object `id` that `holder` holds too. */
export function sharedIdRefusal(kind: ResourceKind, id: string, urn: string, holder: Holder): string {
  const [other, self] = [resourceNamed(kind, holder.urn), resourceNamed(kind, urn)];
  if (holder.holding === "import") {
    return `${self} holds ${id}, and this run imports it as ${other} too: two resources would manage one object. Remove the import option from ${other}, and use ${self}.`;
  }
  return (
    `${self} holds ${id}, and so does ${other} of this stack: two resources would manage one object (imported twice?). Keep one: ` +
    `pulumi state delete '${urn}' removes ${self} from the stack and leaves the object.`
  );
}
