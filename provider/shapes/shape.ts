// The vocabulary a resource's shape is written in, and everything derived from a shape: the Args
// types (the program's, with Pulumi inputs, and the plugin's, plain), the zod check, the diff rules,
// the output names and types, the secret outputs and the type token. A shape module loads nothing at
// run time (no SDK, no Pulumi, no engine; zod only when its schema is first used, see zod.ts): the
// program's classes, the plugin's bindings and pulumi-tcs drift all read the same declaration.
import type * as pulumi from "@pulumi/pulumi";
import type { ZodType } from "zod";
import { TCS_MODULE, type ResourceKind } from "../type-tokens";
import { idOf } from "./common";
import { CONNECTION_INPUT } from "./reserved";
import { loadZod, type Check } from "./zod";

export type { ResourceKind };

/** How a declared input reaches the service, and when its declared and live values are the same. */
export interface FieldRule {
  /** How a change of the declared value reaches the service: in place, or by replacing the object. */
  onChange: "update" | "replace";
  /** The service fills the value in when none is declared: an absent input accepts any live value. */
  serverDefault?: boolean;
  /** An array whose order carries no meaning (compared as a set). */
  unordered?: boolean;
  /** The API never returns it: the declared value is kept from state and is not drift-checked. */
  writeOnly?: boolean;
  /** What an absent declaration stands for (no tool filters means `allow_all`), so removing it reverts. */
  absentMeans?: unknown;
  /** A date-time: equal when it names the same instant, whatever the notation. */
  timestamp?: boolean;
}

/** A check that failed, naming the property as the program spells it. */
export interface CheckFailure {
  property: string;
  reason: string;
}

/**
 * A change a shape refuses, in parts: what is wrong with the property and the fix, each a clause. The
 * engine renders it (planner.ts) as a diagnostic naming the kind's docs section, within the room the
 * engine leaves a check failure's reason: the shapes import no message code.
 */
export interface ChangeRefusal {
  property: string;
  summary: string;
  fix: string;
}

/**
 * Whether a declared input may be left out, and what its output holds then: `optional` reads null,
 * `filled` reads what the service filled in (a server default) or what no declaration means.
 */
export type Presence = "required" | "optional" | "filled";

/** An input the program declares and the service holds. */
export interface InputField<T, P extends Presence = Presence> {
  readonly role: "input";
  readonly check: Check<T>;
  readonly presence: P;
  readonly rule: FieldRule;
  /** Secret in state, as input and as output. */
  readonly secret: boolean;
  /** The kind of resource whose id the input holds (a callback instance's `callbackId`: a Callback). */
  readonly references?: ResourceKind;
}

/** An input only the provider reads (never sent): its output is the declared value or the default. */
export interface SettingField<T> {
  readonly role: "setting";
  readonly check: Check<T>;
  readonly default: T;
}

/** An output the service fills in (status, timestamps, links). */
export interface OutputField<T> {
  readonly role: "output";
  readonly secret: boolean;
  /** Types the output; never set. */
  readonly type?: T;
}

export type Field = InputField<unknown> | SettingField<unknown> | OutputField<unknown>;
export type Fields = Record<string, Field>;

export interface InputOptions extends FieldRule {
  secret?: boolean;
  /** The input holds the id of another resource of this kind: `pulumi-tcs generate` writes it as that resource's `.id`. */
  references?: ResourceKind;
}

function input<T, P extends Presence>(
  check: Check<T>,
  presence: P,
  { secret = false, references, ...rule }: InputOptions,
): InputField<T, P> {
  // Left out when absent, so a field that references nothing reads as before.
  return { role: "input", check, presence, rule, secret, ...(references ? { references } : {}) };
}

/** An input the program must declare. */
export function required<T>(check: Check<T>, options: InputOptions): InputField<T, "required"> {
  return input(check, "required", options);
}

/** An input the program may leave out: its output is then what the service filled in, or what no declaration means. */
export function optional<T>(
  check: Check<T>,
  options: InputOptions & ({ serverDefault: true } | { absentMeans: T }),
): InputField<T, "filled">;
/** An input the program may leave out: its output is then null. */
export function optional<T>(check: Check<T>, options: InputOptions): InputField<T, "optional">;
export function optional<T>(check: Check<T>, options: InputOptions): InputField<T, Presence> {
  return input(check, options.serverDefault || options.absentMeans !== undefined ? "filled" : "optional", options);
}

/** An input the provider reads and the service never sees (`replaceWhenExpired`). */
export function setting<T>(check: Check<T>, defaultValue: T): SettingField<T> {
  return { role: "setting", check, default: defaultValue };
}

/** An output of the service's own. */
export function output<T>(options: { secret?: boolean } = {}): OutputField<T> {
  return { role: "output", secret: options.secret ?? false };
}

type Props = Record<string, unknown>;

type RequiredInput = InputField<unknown, "required">;
type OptionalInput = InputField<unknown, "optional" | "filled"> | SettingField<unknown>;
type ValueOf<F> = F extends InputField<infer T> ? T : F extends SettingField<infer T> ? T : never;
type OutputOf<F> =
  F extends InputField<infer T, infer P>
    ? P extends "optional"
      ? T | null
      : T
    : F extends SettingField<infer T>
      ? T
      : F extends OutputField<infer T>
        ? T
        : never;

/** The declared inputs as the plugin sees them: plain values, checked by the shape's schema. */
export type PlainArgs<F extends Fields> = {
  [K in keyof F as F[K] extends RequiredInput ? K : never]: ValueOf<F[K]>;
} & {
  [K in keyof F as F[K] extends OptionalInput ? K : never]?: ValueOf<F[K]>;
} & { adoptId?: string };

/**
 * A value a program may pass for `T`: an Output, or the value with Outputs inside (array items, map
 * values) as Pulumi resolves them.
 */
export type InputOf<T> = pulumi.Input<
  T extends readonly (infer E)[]
    ? pulumi.Input<E>[]
    : T extends object
      ? string extends keyof T
        ? { [key: string]: pulumi.Input<T[string]> }
        : T
      : T
>;

/**
 * The documentation of each field as a program's editor shows it: an interface with one property per
 * field, each under its doc comment. The shapes' own doc comments leave out what codegen adds (the
 * sentence of each input's onChange rule), so the dynamic door's classes read provider/dynamic/field-docs.ts,
 * which `npm run codegen` writes; the types below take each property's documentation from it.
 */
export type FieldDocs<F extends Fields> = { [K in keyof F]: unknown };

/** The declared inputs as the program passes them, documented by `D`. */
export type ResourceArgs<F extends Fields, D extends FieldDocs<F> = F> = {
  [K in keyof D as K extends keyof F ? (F[K] extends RequiredInput ? K : never) : never]: InputOf<
    ValueOf<F[K & keyof F]>
  >;
} & {
  [K in keyof D as K extends keyof F ? (F[K] extends OptionalInput ? K : never) : never]?: InputOf<
    ValueOf<F[K & keyof F]>
  >;
} & {
  /** The id of an existing object to take over instead of creating one (the first up only; see docs/adoption.md). */
  adoptId?: pulumi.Input<string>;
  /**
   * The named connection (environment) that holds the object, from the stack config's
   * `tcs:connections`; left out, the default connection (`tcs:apiKey`, `tcs:baseUrl`). Changing it
   * replaces the object: it is made in the new environment and deleted from the old one.
   */
  connection?: pulumi.Input<string>;
};

/** The outputs of a resource, as its class exposes them, documented by `D`. */
export type ResourceOutputs<F extends Fields, D extends FieldDocs<F> = F> = {
  readonly [K in keyof D as K extends keyof F ? K : never]: pulumi.Output<OutputOf<F[K & keyof F]>>;
} & {
  readonly adoptId: pulumi.Output<string | undefined>;
  /** The named connection that holds the object; undefined on the default connection. */
  readonly connection: pulumi.Output<string | undefined>;
};

/**
 * Every output the service holds, as a binding reads it from a record: `undefined` where the record
 * leaves a field out (the engine then keeps the recorded value: absent means unknown, not changed).
 * Settings are the engine's to fill in, as declared or their default.
 */
export type LiveOutputs<F extends Fields> = {
  [K in keyof F as F[K] extends SettingField<unknown> ? never : K]-?: OutputOf<F[K]> | undefined;
};

/** What a shape module writes. */
export interface ShapeDefinition<K extends ResourceKind, F extends Fields> {
  kind: K;
  /** The prefix and a noun for the resource's ids (`cb`, "a callback"): the check of adoptId. */
  id: { prefix: string; noun: string };
  fields: F;
  /**
   * Checks of a change against the previous inputs, with no API call (an expiry in the past is fine if
   * unchanged). `isNew`: the resource is not in state yet. `createsObject`: this step sends a create
   * (a new resource, or a replacement).
   */
  checkChange?(news: PlainArgs<F>, olds: Props, step: { isNew: boolean; createsObject: boolean }): ChangeRefusal[];
  /** A reason to replace the object whatever the inputs say (an archived callback), from its state: the output that says so. */
  replacementReason?(state: Props, args: PlainArgs<F>): string | undefined;
  /**
   * Live statuses that only someone's action outside Pulumi reaches and that make the provider replace
   * the object, each with the note pulumi-tcs drift prints: drift, although `status` is the service's own
   * field. Statuses that make an object count as gone (deleted, detached) need no entry.
   */
  outOfBandStatuses?: Record<string, string>;
  /**
   * A field the service keeps unique among live objects (one active callback per integration
   * provider, one role per slug). A replacement that keeps its value cannot make the new object
   * beside the old one: the old one is deleted first, or, when the API cannot delete it, the
   * replacement is refused at preview.
   */
  uniqueKey?: keyof F & string;
  /**
   * The API has no delete for it (roles, setup sessions): destroy only forgets it. With uniqueKey, a
   * replacement keeping the key is refused.
   */
  undeletable?: boolean;
  /**
   * The fields the service keeps one live object for (a callback instance's callback, config and auth
   * config): a program that declares the same values twice would have two resources manage one
   * object, so it fails naming both (dynamic/one-owner.ts). Default: the uniqueKey alone (a role's
   * slug), which the service keeps unique too.
   */
  naturalKey?: readonly (keyof F & string)[];
  /**
   * The field a resource made from a live object is named after (a role's `slug`); default `name`.
   * A shape with neither field is named after the objects its references name (an instance: its callback's
   * and its config's names).
   */
  label?: keyof F & string;
}

/** What the plugin's engine reads of a shape, over its plain inputs `A`. */
export interface ShapeRules<A> {
  kind: ResourceKind;
  token: string;
  readonly schema: ZodType<A>;
  rules: Record<string, FieldRule>;
  settings: Record<string, unknown>;
  inputNames: readonly string[];
  /** Every output, for a check that tells an output declared as an input from a mistyped name (engine/unknown-inputs.ts). */
  outputNames?: readonly string[];
  /** Inputs kept secret in state; a message never shows their values. */
  secretInputs: readonly string[];
  naturalKey?: readonly string[];
  uniqueKey?: string;
  undeletable?: boolean;
  checkChange?(news: A, olds: Props, step: { isNew: boolean; createsObject: boolean }): ChangeRefusal[];
  replacementReason?(state: Props, args: A): string | undefined;
}

/** A shape with what is derived from it. */
export interface Shape<K extends ResourceKind = ResourceKind, F extends Fields = Fields> extends ShapeDefinition<K, F> {
  /** The type token's module and type, `tcs:Callback` (the engine's is TYPE_TOKENS' `pulumi-nodejs:dynamic/tcs:Callback`). */
  token: `tcs:${K}`;
  /**
   * Validation of the declared inputs (adoptId included), run at preview before anything is sent.
   * Built, and zod loaded, when first read.
   */
  readonly schema: ZodType<PlainArgs<F>>;
  /** The declared inputs the service holds, and how each one changes: what diff compares. */
  rules: Record<string, FieldRule>;
  /** The settings (inputs only the provider reads) and their defaults: their outputs are the declared value or the default. */
  settings: Record<string, unknown>;
  /** Every input a program can declare, adoptId last: what the schema checks. */
  inputNames: readonly string[];
  /** Every output, adoptId and connection last: each is registered by the program, so it can be read before the create. */
  outputNames: readonly string[];
  secretInputs: readonly string[];
  secretOutputs: readonly string[];
  /** The inputs that hold another resource's id, in field order, with that resource's kind. */
  references: Record<string, ResourceKind>;
  /** The field a resource made from a live object is named after: the declared one, else `name` where there is one. */
  label?: keyof F & string;
}

export function defineShape<K extends ResourceKind, F extends Fields>(definition: ShapeDefinition<K, F>): Shape<K, F> {
  const fields = Object.entries(definition.fields);
  const rules: Record<string, FieldRule> = {};
  const settings: Record<string, unknown> = {};
  const references: Record<string, ResourceKind> = {};
  for (const [name, field] of fields) {
    if (field.role === "input") {
      rules[name] = field.rule;
      if (field.references) references[name] = field.references;
    } else if (field.role === "setting") settings[name] = field.default;
  }
  const adoptIdCheck = idOf(definition.id.prefix, definition.id.noun);
  const buildSchema = (): ZodType<PlainArgs<F>> => {
    const z = loadZod();
    const checks: Record<string, ZodType> = {};
    for (const [name, field] of fields) {
      if (field.role === "output") continue;
      checks[name] =
        field.role === "input" && field.presence === "required" ? field.check(z) : field.check(z).optional();
    }
    checks.adoptId = adoptIdCheck(z).optional();
    // The object built from the fields checks exactly PlainArgs<F>; zod cannot infer it from a loop.
    const schema: ZodType = z.object(checks);
    return schema as ZodType<PlainArgs<F>>;
  };
  let schema: ZodType<PlainArgs<F>> | undefined;
  const secret = (role: "input" | "output") =>
    fields.filter(([, field]) => field.role === role && field.secret).map(([name]) => name);
  return {
    ...definition,
    token: `${TCS_MODULE}:${definition.kind}`,
    get schema() {
      schema ??= buildSchema();
      return schema;
    },
    rules,
    settings,
    inputNames: [...fields.filter(([, field]) => field.role !== "output").map(([name]) => name), "adoptId"],
    outputNames: [...fields.map(([name]) => name), "adoptId", CONNECTION_INPUT],
    secretInputs: secret("input"),
    secretOutputs: [...secret("input"), ...secret("output")],
    references,
    naturalKey: definition.naturalKey ?? (definition.uniqueKey ? [definition.uniqueKey] : undefined),
    // The cast: Object.hasOwn has just found `name` among the fields, which the type cannot follow.
    label: definition.label ?? (Object.hasOwn(definition.fields, "name") ? ("name" as keyof F & string) : undefined),
  };
}
