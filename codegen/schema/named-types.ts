// The schema's object types (`types`), collected while resources and functions are derived. A type is
// named where it is met (a record's export name, a property's name), so two places can reach one
// name: the same definition is kept once, and two different ones under one name fail the derivation
// rather than one silently replacing the other.
import { isDeepStrictEqual } from "node:util";
import { tokenOf, typeRef, type ObjectTypeSpec, type TypeSpec } from "./pulumi-types";

export class NamedTypes {
  private readonly defined = new Map<string, ObjectTypeSpec>();
  /** Names being built: a type that contains itself refers to its name instead of building forever. */
  private readonly building = new Set<string>();

  /** Defines the object type `tcs:index:<name>` (built by `build`) and returns a reference to it. */
  define(name: string, build: () => ObjectTypeSpec): TypeSpec {
    const token = tokenOf(name);
    if (this.building.has(token)) return typeRef(token);
    this.building.add(token);
    let spec: ObjectTypeSpec;
    try {
      spec = build();
    } finally {
      this.building.delete(token);
    }
    const existing = this.defined.get(token);
    if (existing !== undefined && !isDeepStrictEqual(existing, spec)) {
      throw new Error(
        `two different object types are named ${token}: rename one of the places the schema derives it from`,
      );
    }
    this.defined.set(token, spec);
    return typeRef(token);
  }

  /** Every type defined, ordered by token so the schema's text does not depend on the order of derivation. */
  toSchema(): Record<string, ObjectTypeSpec> {
    return Object.fromEntries([...this.defined].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
}
