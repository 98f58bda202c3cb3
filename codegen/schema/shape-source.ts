// What the schema reads of each shape's source rather than of the running shape: the resource's
// description (the shape file's header), each field's description (its doc comment in `fields`) and
// the type of each output (`T` of `output<T>()`, which exists only for the compiler).
import ts from "typescript";
import { docCommentOf, headerCommentLines, unwrapParagraphs } from "./doc-comments";
import type { SourceProgram } from "./source-program";

export interface FieldSource {
  description?: string;
  /** `T` of `output<T>()`; undefined for inputs and settings, whose type is their check's. */
  outputType?: ts.Type;
}

export interface ShapeSource {
  description: string;
  /** In the order the shape declares them. */
  fields: Map<string, FieldSource>;
}

const propertyNamed = (object: ts.ObjectLiteralExpression, name: string) =>
  object.properties.find(
    (property): property is ts.PropertyAssignment =>
      ts.isPropertyAssignment(property) && property.name.getText() === name,
  );

/**
 * The header `// tcs.Callback: receives ... events.` and the lines after it: the first line, without
 * its `tcs.<Kind>:` label, is the summary paragraph; the rest (wrapped prose) one more paragraph.
 */
export function resourceDescriptionOf(headerLines: string[]): string {
  const [first = "", ...rest] = headerLines;
  const summary = first.replace(/^tcs\.\w+:\s*/, "");
  const capitalized = summary.charAt(0).toUpperCase() + summary.slice(1);
  return unwrapParagraphs(capitalized.endsWith(".") ? [capitalized, "", ...rest] : [capitalized, ...rest]);
}

/** Every `defineShape({ kind, fields })` in `files`, by kind. */
export function readShapeSources(source: SourceProgram, files: string[]): Map<string, ShapeSource> {
  const shapes = new Map<string, ShapeSource>();
  for (const file of files) {
    const sourceFile = source.sourceFile(file);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "defineShape") {
        const [definition] = node.arguments;
        if (definition && ts.isObjectLiteralExpression(definition)) {
          const kind = propertyNamed(definition, "kind")?.initializer;
          const fields = propertyNamed(definition, "fields")?.initializer;
          if (kind && ts.isStringLiteral(kind) && fields && ts.isObjectLiteralExpression(fields)) {
            shapes.set(kind.text, {
              description: resourceDescriptionOf(headerCommentLines(sourceFile)),
              fields: fieldSourcesOf(fields, source.checker),
            });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return shapes;
}

function fieldSourcesOf(fields: ts.ObjectLiteralExpression, checker: ts.TypeChecker): Map<string, FieldSource> {
  const sources = new Map<string, FieldSource>();
  for (const property of fields.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const initializer = property.initializer;
    const isOutput =
      ts.isCallExpression(initializer) &&
      ts.isIdentifier(initializer.expression) &&
      initializer.expression.text === "output";
    const typeArgument = isOutput ? initializer.typeArguments?.[0] : undefined;
    sources.set(property.name.getText(), {
      description: docCommentOf(property),
      outputType: typeArgument ? checker.getTypeFromTypeNode(typeArgument) : undefined,
    });
  }
  return sources;
}
