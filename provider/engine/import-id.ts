// The id `pulumi import` names an object by: the object's id, or `<parent id>/<id>` for an object the
// API lists under a parent (a callback's instances). Read whole, as the service writes ids (a type
// prefix, `_`, 20 letters and digits: shapes/common.ts idOf), so nothing the user typed is silently
// dropped: `cb_…/cbi_…/x` is refused, not imported as `cb_…/cbi_…`.
import { SHAPES } from "../shapes";
import type { ResourceKind } from "../shapes/shape";

export interface ImportId {
  /** The parent's id, for an object listed under one. */
  parent?: string;
  id: string;
}

function isIdOf(kind: ResourceKind, id: string): boolean {
  return new RegExp(`^${SHAPES[kind].id.prefix}_[A-Za-z0-9]{20}$`).test(id);
}

function idForm(kind: ResourceKind): string {
  const { prefix, noun } = SHAPES[kind].id;
  return `${noun} id ('${prefix}_' followed by 20 letters and digits)`;
}

/** The kind of object an input references (a callback instance's `callbackId`: Callback). */
function referencedKind(kind: ResourceKind, field: string): ResourceKind {
  const referenced = (SHAPES[kind].fields as Record<string, { references?: ResourceKind }>)[field]?.references;
  if (!referenced) throw new Error(`${SHAPES[kind].token}.${field} references no resource kind; this is a bug in pulumi-tcs`);
  return referenced;
}

/**
 * The parts of an import id of `kind`, whose objects are listed under the object their input
 * `parentField` references (none for most kinds). Throws one line naming the form the id must have.
 */
export function parseImportId(kind: ResourceKind, importId: string, parentField?: string): ImportId {
  const token = SHAPES[kind].token;
  if (parentField === undefined) {
    if (isIdOf(kind, importId)) return { id: importId };
    throw new Error(`${token} is imported by its id alone, ${idForm(kind)}, not "${importId}"`);
  }
  const parentKind = referencedKind(kind, parentField);
  const parts = importId.split("/");
  if (parts.length === 2 && isIdOf(parentKind, parts[0]) && isIdOf(kind, parts[1])) return { parent: parts[0], id: parts[1] };
  throw new Error(
    `${token} is imported as <${parentField}>/<id> (it is listed under its parent): ${idForm(parentKind)}, a slash, then ${idForm(kind)}, not "${importId}"`,
  );
}
