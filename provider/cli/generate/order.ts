// The order `generate` declares kinds in, from the shapes' `references`: every kind after the kinds its
// inputs reference, so a `.id` expression never names a variable declared further down. A new kind or
// reference field changes the order with no edit here.
import { RESOURCE_KINDS, SHAPES } from "../../shapes";
import type { ResourceKind } from "../../shapes/shape";

/**
 * A kind no other kind references starts a group, in the order of `kinds`; each kind comes right after
 * the kinds it references, its last reference first, so its first one (an instance's callback, the
 * parent its list is scoped to) sits right above it. For today's kinds this is the order generated
 * programs have always had (configs, callbacks, instances, roles, sessions): a plain tie-break by
 * `kinds` would put callbacks first and reorder every existing program.
 */
export function declarationOrder<K extends string>(kinds: readonly K[], referencesOf: (kind: K) => readonly K[]): K[] {
  const order: K[] = [];
  const placing = new Set<K>();
  const place = (kind: K, path: K[]) => {
    if (order.includes(kind)) return;
    if (placing.has(kind))
      throw new Error(`the shapes' references loop: ${[...path, kind].join(" -> ")}; no kind can be declared first`);
    placing.add(kind);
    for (const referenced of [...referencesOf(kind)].reverse()) place(referenced, [...path, kind]);
    order.push(kind);
  };
  const referencedKinds = new Set(kinds.flatMap(referencesOf));
  for (const kind of kinds) if (!referencedKinds.has(kind)) place(kind, []);
  // What is left is referenced by no kind outside it: a loop, which place() names.
  for (const kind of kinds) place(kind, []);
  return order;
}

/** Today's kinds in declaration order. */
export const KIND_ORDER: readonly ResourceKind[] = declarationOrder(RESOURCE_KINDS, (kind) =>
  Object.values(SHAPES[kind].references),
);
