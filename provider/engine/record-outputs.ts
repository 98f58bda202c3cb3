// A record as the outputs its shape declares, derived from the shape: each output is the record's field
// of the same name. An output the program may clear (an optional input) keeps the service's null; any
// other null or absent field maps to undefined, which the engine reads as unknown (outputs.ts keeps the
// recorded value). A binding maps by hand only the outputs its record holds under another name or in
// another form (a preview's id, metadata without the create marker, a value the API never returns).
import type { Fields, LiveOutputs, PlainArgs, Shape } from "../shapes/shape";

type Props = Record<string, unknown>;

type Mapping<F extends Fields, R, K extends keyof LiveOutputs<F>> = (
  record: R,
  args: PlainArgs<F>,
) => LiveOutputs<F>[K];

/** The outputs the record holds as the shape declares them: a field of the same name whose values fit. */
type HeldAsIs<F extends Fields, R> = {
  [K in keyof LiveOutputs<F>]-?: K extends keyof R
    ? [NonNullable<R[K]>] extends [NonNullable<LiveOutputs<F>[K]>]
      ? K
      : never
    : never;
}[keyof LiveOutputs<F>];

type Mappings<F extends Fields, R> = { [K in Exclude<keyof LiveOutputs<F>, HeldAsIs<F, R>>]: Mapping<F, R, K> } & {
  [K in HeldAsIs<F, R>]?: Mapping<F, R, K>;
};

/**
 * The outputs a binding maps itself: required for every output its record does not hold as the shape
 * declares it (a field added to the shape before the SDK's record has it fails to compile here, naming
 * it), allowed for any other.
 */
export type OutputMappings<F extends Fields, R> = [Exclude<keyof LiveOutputs<F>, HeldAsIs<F, R>>] extends [never]
  ? { outputs?: Mappings<F, R> }
  : { outputs: Mappings<F, R> };

/** The record's mapping to the shape's outputs (every field but settings, which the engine fills in). */
export function recordOutputs<F extends Fields, R>(
  shape: Shape<Shape["kind"], F>,
  mappings: Partial<Mappings<F, R>> = {},
): (record: R, args: PlainArgs<F>) => LiveOutputs<F> {
  const byName: Partial<Record<string, (record: R, args: PlainArgs<F>) => unknown>> = mappings;
  const mapped = Object.entries(shape.fields).filter(([, field]) => field.role !== "setting");
  return (record, args) => {
    const held = record as Props;
    const outputs: Props = {};
    for (const [name, field] of mapped) {
      const mapping = byName[name];
      if (mapping) outputs[name] = mapping(record, args);
      else
        outputs[name] =
          field.role === "input" && field.presence === "optional" ? held[name] : (held[name] ?? undefined);
    }
    // Every output the shape declares but settings, as LiveOutputs<F> lists them.
    return outputs as LiveOutputs<F>;
  };
}
