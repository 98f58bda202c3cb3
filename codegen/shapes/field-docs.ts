// provider/dynamic/field-docs.ts: each resource's fields under the description users read (the shape's
// doc comment and the sentence of its onChange rule), the documentation the dynamic door's classes
// show in a program's editor (shape.ts `FieldDocs`).
import { RESOURCE_KINDS, SHAPES } from "../../provider/shapes";
import type { Field } from "../../provider/shapes/shape";
import { fieldDescription } from "../schema/change-sentence";
import type { ShapeSource } from "../schema/shape-source";

export const FIELD_DOCS_FILE = "provider/dynamic/field-docs.ts";

const HEADER = `// Written by \`npm run codegen\` (codegen/gen-from-shapes.ts) from provider/shapes: do not edit.
// Each resource's fields under their descriptions, each input's ending with what a change of it does
// (its onChange rule): what the dynamic door's classes show in a program's editor (shape.ts FieldDocs).
`;

/** Wider than the source's comments: a line of a generated file is not read in review. */
const WIDTH = 110;

function wrap(paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of paragraph.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

function docComment(text: string, indent: string): string {
  const single = `${indent}/** ${text} */`;
  if (!text.includes("\n") && single.length <= 160) return single;
  const lines = text
    .split("\n\n")
    .flatMap((paragraph, index) => [...(index > 0 ? [""] : []), ...wrap(paragraph, WIDTH)]);
  return [
    `${indent}/**`,
    ...lines.map((line) => (line === "" ? `${indent} *` : `${indent} * ${line}`)),
    `${indent} */`,
  ].join("\n");
}

export function fieldDocsText(sources: Map<string, ShapeSource>): string {
  const interfaces = RESOURCE_KINDS.map((kind) => {
    const shape = SHAPES[kind];
    const source = sources.get(kind);
    if (!source) throw new Error(`no defineShape({ kind: "${kind}" }) found under provider/shapes`);
    const members = (Object.entries(shape.fields) as [string, Field][]).map(([name, field]) => {
      const description = fieldDescription(shape, field, source.fields.get(name)?.description);
      return `${description ? `${docComment(description, "  ")}\n` : ""}  ${name}: unknown;`;
    });
    return `export interface ${kind}FieldDocs {\n${members.join("\n")}\n}\n`;
  });
  return `${HEADER}\n${interfaces.join("\n")}`;
}
