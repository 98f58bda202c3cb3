// The sentence each input's description ends with, saying what a change of it does: written from the
// field's onChange rule, so the shapes' doc comments never restate the rule (and cannot contradict it).
// The schema (so every SDK and reference page) and the dynamic door's classes (provider/dynamic/field-docs.ts)
// show the description with it.
import type { Field, Shape } from "../../provider/shapes/shape";

/** "Changes in place." or "Changing it replaces the <noun>.", the noun the last word of the shape's id noun ("a provider config": "config"). */
export function changeSentence(shape: Pick<Shape, "id">, field: Field): string | undefined {
  if (field.role !== "input") return undefined;
  if (field.rule.onChange === "update") return "Changes in place.";
  return `Changing it replaces the ${shape.id.noun.split(" ").at(-1)}.`;
}

/** A field's description as users read it: the doc comment, then its change sentence (in the last paragraph). */
export function fieldDescription(
  shape: Pick<Shape, "id">,
  field: Field,
  docComment: string | undefined,
): string | undefined {
  const sentence = changeSentence(shape, field);
  if (sentence === undefined) return docComment;
  return docComment ? `${docComment} ${sentence}` : sentence;
}
