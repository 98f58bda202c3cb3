// `generate --import-file`: the environment's objects as the JSON file `pulumi import --file` takes, for a
// stack on the native provider (pulumi-resource-tcs, types `tcs:index:<Kind>`, any language). The same
// objects, names and order as the generated program; each is read by the id the native provider imports
// it by (an instance: `<callbackId>/<id>`). No resource names a parent or a provider, so the file has no
// name table: the stack's default provider (tcs:apiKey, tcs:baseUrl) reads every object.
import { SHAPES } from "../../shapes";
import { NATIVE_TYPE_TOKENS, type ResourceKind } from "../../type-tokens";
import type { Declaration } from "./model";

/** One resource of the file, as pulumi/pkg's importSpec reads it (cmd/pulumi/operations/import.go). */
export interface ImportSpec {
  type: string;
  name: string;
  id: string;
}

export interface ImportFile {
  resources: ImportSpec[];
}

export function importFileOf(declarations: readonly Declaration[]): ImportFile {
  return {
    resources: declarations.map(({ kind, name, importId }) => ({ type: NATIVE_TYPE_TOKENS[kind], name, id: importId })),
  };
}

/** The file as written: JSON indented by two spaces, with a final newline. */
export function renderImportFile(declarations: readonly Declaration[]): string {
  return `${JSON.stringify(importFileOf(declarations), null, 2)}\n`;
}

/**
 * What the file cannot say, as the generated program's header says it (JSON has no comments): for each
 * kind in the file with inputs the API never returns (a provider config's `value`), that the import
 * records none and the printed code declares none, the object keeping its own.
 */
export function importNotes(declarations: readonly Declaration[]): string[] {
  const kinds = [...new Set(declarations.map((declaration) => declaration.kind))];
  return kinds.flatMap((kind: ResourceKind) => {
    const unread = Object.entries(SHAPES[kind].rules)
      .filter(([, rule]) => rule.writeOnly)
      .map(([field]) => `\`${field}\``);
    if (unread.length === 0) return [];
    const count = declarations.filter((declaration) => declaration.kind === kind).length;
    const fields = unread.join(", ");
    return [
      `${count} ${kind}${count === 1 ? "" : "s"}: ${fields} ${unread.length === 1 ? "is" : "are"} write-only (the API never returns ${unread.length === 1 ? "it" : "them"}), ` +
        `so \`pulumi import\` records none and the code it prints declares none: each keeps the settings it has. Leave ${fields} out of the ` +
        `program to keep them; declaring ${unread.length === 1 ? "it" : "them"} replaces the object with a new one holding the declared values (see docs/adoption.md).`,
    ];
  });
}
