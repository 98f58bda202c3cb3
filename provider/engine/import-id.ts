// The id `pulumi import` names an object by: the object's id, or `<parent id>/<id>` for an object the
// API lists under a parent (a callback's instances). Read whole, as the service writes ids (a type
// prefix, `_`, 20 letters and digits: shapes/common.ts idOf), so nothing the user typed is silently
// dropped: `cb_…/cbi_…/x` is refused, not imported as `cb_…/cbi_…`.
import { DiagnosticError, quoted, type Refusal } from "../diagnostic";
import { SHAPES } from "../shapes";
import type { ResourceKind } from "../shapes/shape";
import { NATIVE_TYPE_TOKENS } from "../type-tokens";

export interface ImportId {
  /** The parent's id, for an object listed under one. */
  parent?: string;
  id: string;
}

function isIdOf(kind: ResourceKind, id: string): boolean {
  return new RegExp(`^${SHAPES[kind].id.prefix}_[A-Za-z0-9]{20}$`).test(id);
}

/** An id of `kind` as a command writes it for the user to fill in: `rol_<20 alphanumerics>`. */
function idForm(kind: ResourceKind): string {
  return `${SHAPES[kind].id.prefix}_<20 alphanumerics>`;
}

/** The kind of object an input references (a callback instance's `callbackId`: Callback). */
function referencedKind(kind: ResourceKind, field: string): ResourceKind {
  const referenced = (SHAPES[kind].fields as Record<string, { references?: ResourceKind }>)[field]?.references;
  if (!referenced)
    throw new Error(`${SHAPES[kind].token}.${field} references no resource kind; this is a bug in pulumi-tcs`);
  return referenced;
}

/**
 * The parts of an import id of `kind`, whose objects are listed under the object their input
 * `parentField` references (none for most kinds). Throws the refusal naming the form the id must have.
 */
export function parseImportId(kind: ResourceKind, importId: string, parentField?: string): ImportId {
  if (parentField === undefined) {
    if (isIdOf(kind, importId)) return { id: importId };
    throw new DiagnosticError(importIdRefusal(kind, importId));
  }
  const parentKind = referencedKind(kind, parentField);
  const parts = importId.split("/");
  if (parts.length === 2 && isIdOf(parentKind, parts[0]) && isIdOf(kind, parts[1]))
    return { parent: parts[0], id: parts[1] };
  throw new DiagnosticError(importIdRefusal(kind, importId, parentField));
}

/** Why `importId` names no object of `kind` (listed under its `parentField`'s object, if given), and the import command of the form it must have. */
export function importIdRefusal(kind: ResourceKind, importId: string, parentField?: string): Refusal {
  const { noun } = SHAPES[kind].id;
  const command = `Run pulumi import ${NATIVE_TYPE_TOKENS[kind]} <name>`;
  const docs = "docs/native-provider.md#import";
  if (parentField === undefined) {
    return { summary: `the import id ${quoted(importId)} is not ${noun} id`, fix: `${command} ${idForm(kind)}`, docs };
  }
  // The engine prints it after words of its own ("update failed: step application failed: "): the form is the fix's.
  return {
    summary: `the import id ${quoted(importId)} is not <${parentField}>/<id>`,
    fix: `${command} ${idForm(referencedKind(kind, parentField))}/${idForm(kind)}`,
    docs,
  };
}
