// The bodies of a binding's create and update, built from its shape: every input the service holds is
// sent, so a field added to a shape reaches the service with no edit of the binding, and a binding
// writes only its exceptions (an input sent in the path, the create marker added to metadata).
//
// Each body is typed as the SDK params it is passed to (inferred from the call), and checked against
// them: an input the shape sends that the params lack, or a required param the body lacks, does not
// compile. Which inputs change in place is a value (`onChange`), not a type, so the compiler cannot
// tell an update body's keys from the shape; test/unit/provider/request-body.test.ts compares them
// with the shape and the SDK's params.
import type { Fields, InputField, PlainArgs, Shape } from "../shapes/shape";

type Props = Record<string, unknown>;

/** The inputs the service holds: the shape's inputs but its settings (and adoptId, which is no field). */
type HeldName<F extends Fields> = { [K in keyof F]: F[K] extends InputField<unknown> ? K : never }[keyof F] & string;

/** The declared values of some inputs, optional where the program may leave them out. */
type DeclaredOf<F extends Fields, K> = Pick<PlainArgs<F>, Extract<K, keyof PlainArgs<F>>>;

type RequiredKey<P> = { [K in keyof P]-?: object extends Pick<P, K> ? never : K }[keyof P];

/**
 * `unknown` when a body of type `B` may be passed as `P`; otherwise an object naming what is wrong,
 * which the binding's argument lacks, so the compiler's message names the fields.
 */
type FitsParams<B, P> = [Exclude<keyof B, keyof P>] extends [never]
  ? [Exclude<RequiredKey<P>, keyof B>] extends [never]
    ? B extends P
      ? unknown
      : { "the body's values do not fit the SDK params": P }
    : { "required SDK params the body lacks": Exclude<RequiredKey<P>, keyof B> }
  : { "inputs of the shape the SDK params lack": Exclude<keyof B, keyof P> };

/** What a create sends differently from "every held input, as declared". */
export interface CreateExceptions<Moved extends string, O extends Props> {
  /** Inputs the call takes as a path parameter (an instance's `callbackId`): left out of the body. */
  inPath?: readonly Moved[];
  /** Values sent instead of the declared ones (metadata with the create marker). */
  overrides?: O;
}

type CreateBodyOf<F extends Fields, Moved extends string, O extends Props> = Omit<
  DeclaredOf<F, Exclude<HeldName<F>, Moved>>,
  keyof O
> &
  O;

/**
 * The body of a create: every input the service holds, as declared (an absent one is left out, so
 * the service applies its default), but those the binding moves to the path, and with its overrides.
 */
export function createBody<
  P extends object,
  F extends Fields,
  Moved extends HeldName<F> = never,
  O extends Partial<Record<HeldName<F>, unknown>> = Record<never, never>,
>(
  shape: Shape<Shape["kind"], F>,
  args: PlainArgs<F> & FitsParams<CreateBodyOf<F, Moved, O>, P>,
  exceptions: CreateExceptions<Moved, O> = {},
): P {
  const moved = new Set<string>(exceptions.inPath ?? []);
  const overrides: Props = exceptions.overrides ?? {};
  const declared: Props = args;
  const body: Props = {};
  for (const name of Object.keys(shape.rules)) {
    if (moved.has(name)) continue;
    body[name] = Object.hasOwn(overrides, name) ? overrides[name] : declared[name];
  }
  // Checked against P by the type of `args`.
  return body as P;
}

/** How an update sends an in-place input the program does not declare. */
export interface UpdateExceptions {
  /**
   * `"clear"` (the default, for a PATCH, which keeps what it is not sent): sent as what no declaration
   * means (`absentMeans`, such as `allow_all` tool filters), else as null, so that removing a
   * declaration clears the field; one the service fills in (`serverDefault`) is left out.
   * `"omit"` (for a PUT, which replaces the object whole): left out, and the service resets it.
   */
  absent?: "clear" | "omit";
  /** Values sent instead of the declared ones (metadata with the create marker kept). */
  overrides?: Props;
}

/** What an update sends for an in-place input, as typed: an optional one may be cleared with null. */
type SentValue<Field> =
  Field extends InputField<infer T, infer Presence> ? (Presence extends "optional" ? T | null : T) : never;
type FilledName<F extends Fields> = { [K in keyof F]: F[K] extends InputField<unknown, "filled"> ? K : never }[keyof F];

/**
 * An update body as typed: the SDK params the shape holds. Cleared, an optional input is sent as its
 * value or null; one the service fills in may be left out. Left out (a PUT), each is as declared.
 */
type ClearingBodyOf<F extends Fields, P> = { [K in Exclude<HeldName<F> & keyof P, FilledName<F>>]: SentValue<F[K]> } & {
  [K in HeldName<F> & keyof P & FilledName<F>]?: SentValue<F[K]>;
};
type OmittingBodyOf<F extends Fields, P> = DeclaredOf<F, HeldName<F> & keyof P>;

/**
 * The body of an update: every input that changes in place (`onChange: "update"`), and nothing that
 * can only be replaced. An undeclared one is cleared, or left out for a PUT (see UpdateExceptions).
 */
export function updateBody<P extends object, F extends Fields>(
  shape: Shape<Shape["kind"], F>,
  args: PlainArgs<F> & FitsParams<ClearingBodyOf<F, P>, P>,
  exceptions?: UpdateExceptions & { absent?: "clear" },
): P;
export function updateBody<P extends object, F extends Fields>(
  shape: Shape<Shape["kind"], F>,
  args: PlainArgs<F> & FitsParams<OmittingBodyOf<F, P>, P>,
  exceptions: UpdateExceptions & { absent: "omit" },
): P;
export function updateBody(
  shape: Shape,
  args: Props,
  { absent = "clear", overrides = {} }: UpdateExceptions = {},
): object {
  const body: Props = {};
  for (const [name, rule] of Object.entries(shape.rules)) {
    if (rule.onChange !== "update") continue;
    const value = Object.hasOwn(overrides, name) ? overrides[name] : args[name];
    if (value !== undefined) body[name] = value;
    else if (absent === "omit") continue;
    else if (rule.absentMeans !== undefined) body[name] = rule.absentMeans;
    // The service fills it in: left out, a PATCH keeps the value it has.
    else if (!rule.serverDefault) body[name] = null;
  }
  return body;
}
