// docs/drift.md's field-by-field table: for each resource, the outputs that are drift (its declared
// inputs), lifecycle (the service's own outputs) and never compared (the provider's settings, adoptId
// and the connection), in the shape's field order. test/unit/provider/drift-docs.test.ts reads it back.
import { RESOURCE_KINDS, SHAPES } from "../../provider/shapes";
import { CONNECTION_INPUT } from "../../provider/shapes/reserved";

export const DRIFT_DOC = "docs/drift.md";

const BEGIN =
  "<!-- The table is written by npm run codegen from the shapes (codegen/gen-from-shapes.ts): do not edit. -->";
const END = "<!-- End of the table written by npm run codegen. -->";

const names = (list: readonly string[]) => list.map((name) => `\`${name}\``).join(", ");

function table(): string {
  const rows = RESOURCE_KINDS.map((kind) => {
    const shape = SHAPES[kind];
    const declared = Object.keys(shape.rules);
    const neverCompared = [...Object.keys(shape.settings), "adoptId", CONNECTION_INPUT];
    const lifecycle = shape.outputNames.filter((name) => !declared.includes(name) && !neverCompared.includes(name));
    return `| \`tcs.${kind}\` | ${names(declared)} | ${names(lifecycle)} | ${names(neverCompared)} |`;
  });
  return [
    "| resource | drift: declared inputs | lifecycle: the service's own outputs | never compared |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** The document with its table written anew between the markers. */
export function withDriftTable(document: string): string {
  const begin = document.indexOf(BEGIN);
  const end = document.indexOf(END);
  if (begin < 0 || end < begin)
    throw new Error(`${DRIFT_DOC} has lost the markers of its generated table (${BEGIN} ... ${END})`);
  return `${document.slice(0, begin)}${BEGIN}\n${table()}\n${document.slice(end)}`;
}
