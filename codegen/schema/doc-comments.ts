// Descriptions as the source writes them: a declaration's `/** ... */` comment, and a file's header
// of `//` lines. Lines wrapped inside a paragraph are joined with a space (a description is Markdown,
// where a single line break means nothing); a blank line still separates paragraphs.
import ts from "typescript";

/** Joins the lines of each paragraph; keeps the words as written. */
export function unwrapParagraphs(lines: readonly string[]): string {
  const paragraphs: string[][] = [[]];
  for (const line of lines.map((text) => text.trim())) {
    if (line === "") paragraphs.push([]);
    else paragraphs[paragraphs.length - 1].push(line);
  }
  return paragraphs
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) => paragraph.join(" "))
    .join("\n\n");
}

/** The text of the `/** ... *\/` comment above a declaration (a property, a function, an exported const), or undefined. */
export function docCommentOf(node: ts.Node): string | undefined {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const doc = docs[docs.length - 1];
  if (!doc) return undefined;
  const text = ts.getTextOfJSDocComment(doc.comment);
  if (text === undefined || text.trim() === "") return undefined;
  return unwrapParagraphs(text.split("\n"));
}

/**
 * The block of `//` lines at the very top of a file, without their slashes: it ends at the first
 * blank line or other kind of comment (a comment of the first statement is not the file's).
 */
export function headerCommentLines(sourceFile: ts.SourceFile): string[] {
  const text = sourceFile.getFullText();
  const lines: string[] = [];
  let previousEnd = 0;
  for (const range of ts.getLeadingCommentRanges(text, 0) ?? []) {
    const gap = text.slice(previousEnd, range.pos);
    if (range.kind !== ts.SyntaxKind.SingleLineCommentTrivia || (lines.length > 0 && gap.split("\n").length > 2)) break;
    lines.push(text.slice(range.pos + 2, range.end).trim());
    previousEnd = range.end;
  }
  return lines;
}
