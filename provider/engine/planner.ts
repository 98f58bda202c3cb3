// Planning: check and diff, what a preview runs. Both work from the shape's rules and the inputs
// the engine hands them, and send no request for unchanged inputs (a preview with no changes sends
// nothing): only a step that writes has its connection's key checked, and only changed inputs that
// need the service (a config's value against its deployment's schema) are checked live.
import { DiagnosticError, quoted, renderCheckReason, type Refusal } from "../diagnostic";
import { KIND_SECTIONS } from "../docs-sections";
import { connectionNameProblem } from "../settings";
import { isUnknown, sameValue } from "../shapes/normalize";
import { CONNECTION_INPUT, SAME_KEY_AS_INPUT } from "../shapes/reserved";
import type { ChangeRefusal, ShapeRules } from "../shapes/shape";
import { nameOfUrn, typeOfUrn } from "../shapes/identity";
import type { ApiContext, Binding, LiveObject } from "./binding";
import { connectionMoved, connectionOf, createKeyOf, reasonFor, stripEngineKeys, type Props } from "./engine-inputs";
import { failureAt, isLong, shownValue, topLevelInput } from "./property-path";
import { replaceOnChange } from "./replace-on-changes";
import { alreadyValidated, markValidated } from "./validated-by";
import { unknownInputFailures } from "./unknown-inputs";
import { markedByAnotherResource } from "./create-marker";
import { adoptedReplaceRefusal, foreignMarkerWarning } from "./ownership";
import { warn } from "./warn";
import type { CheckFailure, Checked, Diffed } from "./results";

/** A diff (results.ts): the dynamic door takes it as it is, the native door shows `changed` as a detailed diff. */
export type EngineDiff = Diffed;

/** A check failure, with the diagnostic its reason renders when it has one (rendered again when the failure moves to the resource). */
export type Failure = CheckFailure & { readonly diagnostic?: Refusal };

/** Throws a message saying how to configure the connection; when the step writes, also when the service refuses its key. */
export type AssertConfigured = (connection: string | undefined, step: { writes: boolean }) => void | Promise<void>;

export class Planner<Args extends Props, R extends LiveObject> {
  private readonly shape: ShapeRules<Args>;

  constructor(
    private readonly binding: Binding<Args, Props, R>,
    private readonly api: (connection?: string) => ApiContext,
    private readonly assertConfigured: AssertConfigured,
    /** Ids the engine named as held by this stack's state: the create path never takes one of them over (see create-path.ts). */
    private readonly inState: Set<string>,
  ) {
    this.shape = binding.shape;
  }

  private get kind(): string {
    return this.shape.token;
  }

  async check(olds: Props, news: Props): Promise<Checked> {
    const connectionFailure = this.connectionFailure(news);
    if (connectionFailure) return { inputs: news, failures: [connectionFailure] };
    const connection = connectionOf(news);
    const known = !isUnknown(news[CONNECTION_INPUT]);
    if (known) await this.assertConfigured(connection, { writes: false });
    const isNew = Object.keys(stripEngineKeys(olds)).length === 0;
    // Unchanged inputs that these same checks passed pass again (validated-by.ts); the rest of check
    // still runs, and costs nothing for them.
    const failures: Failure[] = alreadyValidated(olds, news) ? [] : this.validate(news);
    failures.push(...this.sameKeyFailures(news));
    if (failures.length === 0)
      failures.push(...this.adoptionFailures(olds, news), ...this.replacementConflicts(olds, news));
    if (failures.length === 0) {
      failures.push(
        ...this.changeRefusals(news, olds, {
          isNew,
          createsObject: isNew || this.replaceOnlyChanges(olds, news).length > 0,
        }),
      );
    }
    // Inputs that pass and a step that writes: the connection's key must be one the service takes
    // (checked once per run, so a preview with no changes sends nothing).
    if (
      failures.length === 0 &&
      known &&
      (isNew || connectionMoved(olds, news) || this.declarationChanged(olds, news))
    ) {
      await this.assertConfigured(connection, { writes: true });
      // A move also deletes from the old connection: its key is checked too, before the create is made.
      if (!isNew && connectionMoved(olds, news)) await this.assertConfigured(connectionOf(olds), { writes: true });
    }
    if (failures.length === 0 && known) await this.warnAboutForeignAdoption(olds, news);
    if (failures.length === 0 && this.binding.checkLive) {
      failures.push(...(await this.binding.checkLive(this.api(connection), news as Args, olds)));
    }
    // Only inputs validated whole are recorded as passed: a value not known yet was not checked.
    return {
      inputs: failures.length === 0 && !isUnknown(news) ? markValidated(news) : news,
      failures: failures.map((f) => this.keepingSecrets(f, news)),
    };
  }

  /**
   * A new adoptId naming an object another resource's create made (another stack, or this one under
   * another name), said at preview: that stack may still hold it, and its destroy would delete it. One
   * read, only when adoptId changes; taken all the same (docs/adoption.md says how to hand one over).
   */
  private async warnAboutForeignAdoption(olds: Props, news: Props): Promise<void> {
    const id = news.adoptId;
    if (typeof id !== "string" || olds.adoptId === id || !this.binding.markedIn) return;
    const ctx = this.api(connectionOf(news));
    const declared = stripEngineKeys(news);
    const live = await this.binding
      .read(ctx, id, declared)
      .then((found) => found ?? this.binding.retrieve?.(ctx, id))
      .catch(() => undefined);
    // A missing object is adoption's to report, at create.
    if (live && markedByAnotherResource(live.metadata, ctx.markerSecret, createKeyOf(news))) {
      warn(foreignMarkerWarning(this.kind, id));
    }
  }

  /**
   * Another resource of the program declares the same natural key (dynamic/one-owner.ts): both would
   * manage one object, so this one is refused, naming the other and the key.
   */
  private sameKeyFailures(news: Props): CheckFailure[] {
    const other = news[SAME_KEY_AS_INPUT];
    const fields = this.shape.naturalKey;
    if (typeof other !== "string" || isUnknown(other) || !fields) return [];
    return [{ property: fields[0], reason: renderCheckReason(declaredTwice(this.shape.kind, fields, news, other)) }];
  }

  private changeRefusals(news: Props, olds: Props, step: { isNew: boolean; createsObject: boolean }): Failure[] {
    return changeFailures(this.shape, news, olds, step);
  }

  private keepingSecrets(failure: Failure, inputs?: Props): CheckFailure {
    return printedFailure(this.shape, failure, inputs);
  }

  async diff(id: string, olds: Props, news: Props): Promise<EngineDiff> {
    // The engine diffs only what this stack's state holds, and a replacement it plans (replaceOnChanges
    // on the native door) may follow without another word.
    this.inState.add(id);
    const { changed, replaces } = this.changes(olds, news, "outputs");
    this.refuseUnseenByCheck(id, olds, news, replaces);
    const reason = this.shape.replacementReason?.(olds, news as Args);
    if (reason) {
      // A replacement the service's side asks for (an archived callback, an expired session) creates
      // an object from inputs check saw as unchanged: check them as a create's now, at preview,
      // rather than let the service refuse them halfway through the up.
      const [first, ...more] = this.shape.checkChange?.(news as Args, {}, { isNew: true, createsObject: true }) ?? [];
      if (first) {
        throw new DiagnosticError({
          summary:
            `${this.kind} must be replaced (its ${reason} is ${quoted(olds[reason])}), and its replacement cannot be created as declared: ` +
            `${first.property} ${first.summary}${more.length > 0 ? ` (and ${more.length} more)` : ""}`,
          fix: first.fix,
          docs: KIND_SECTIONS[this.shape.kind],
        });
      }
      replaces.push(reason);
    }
    // Another connection is another environment: the object is made there and deleted here.
    const moved = connectionMoved(olds, news);
    if (moved) replaces.push(CONNECTION_INPUT);
    // The new object can only be made once the old one is gone (the user's deleteBeforeReplace still
    // wins). An object replaced because it is no longer live (an archived callback) holds no key. Said
    // of an update too: on the native door the engine turns one into a replacement by itself
    // (replaceOnChanges) and then honours it, and a create never removes the object it replaces.
    const deleteBeforeReplace =
      (replaces.length > 0 || changed.length > 0) &&
      !reason &&
      !moved &&
      !this.shape.undeletable &&
      this.keepsUniqueKey(olds, news);
    if (this.claimsAdopted(olds, news)) changed.push("adoptId");
    // `changed` names each field that differs, for a door that shows a detailed diff (the native one).
    return {
      changes: changed.length > 0 || replaces.length > 0,
      replaces,
      deleteBeforeReplace,
      changed: [...new Set([...changed, ...replaces])],
    };
  }

  /**
   * A declared value the service picks by default that differs from the live one: check compares the
   * recorded inputs, which lack it once a refresh recorded them (resource-engine.ts, declaredInputs), so
   * the change is first seen here, against the outputs. Refused at preview as check refuses it when seen.
   */
  private refuseUnseenByCheck(id: string, olds: Props, news: Props, replaces: readonly string[]): void {
    const unseen = replaces.filter((name) => this.shape.rules[name]?.serverDefault && !isUnknown(news[name]));
    if (unseen.length === 0) return;
    const failures = [
      ...this.adoptionFailures(olds, news, unseen),
      ...this.changeRefusals(news, olds, { isNew: false, createsObject: true }),
    ];
    const [first] = failures;
    if (!first?.diagnostic) return;
    // The first in full (its fix and section), and how many more: two reasons would not fit one line.
    // Its summary names no value: a secret property is said to be one, as check says it.
    const property = this.shape.secretInputs.includes(topLevelInput(first.property))
      ? `${first.property} (secret, not shown)`
      : first.property;
    const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : "";
    throw new DiagnosticError({
      ...first.diagnostic,
      object: `${this.kind} ${id}`,
      summary: `${property} ${first.diagnostic.summary}${more}`,
    });
  }

  /**
   * An adopted object the program now declares as its own (adoptId removed): an update gives it this
   * resource's create marker, so from then on it behaves as an object this resource made, whatever its
   * history (a targeted replace makes a new object and removes it, rather than collide with it).
   */
  private claimsAdopted(olds: Props, news: Props): boolean {
    return (
      typeof olds.adoptId === "string" &&
      news.adoptId === undefined &&
      this.binding.markedIn !== undefined &&
      this.binding.update !== undefined
    );
  }

  /**
   * Inputs that differ from the previous inputs and whose change replaces the object (replace-only, or
   * named by replaceOnChanges): the change is planned as a replacement. Values not known yet are left
   * to diff.
   */
  private replaceOnlyChanges(olds: Props, news: Props): string[] {
    const moved = connectionMoved(olds, news) && !isUnknown(news[CONNECTION_INPUT]) ? [CONNECTION_INPUT] : [];
    return [...this.changes(olds, news, "inputs").replaces.filter((name) => !isUnknown(news[name])), ...moved];
  }

  /**
   * Whether the declared fields differ from the previous declaration (check sees the recorded inputs,
   * not outputs: a field left out on both sides is the same, whatever an absent declaration means).
   */
  private declarationChanged(olds: Props, news: Props): boolean {
    return Object.entries(this.shape.rules).some(([name, rule]) => {
      const [before, after] = [olds[name], news[name]];
      if (isUnknown(after)) return true;
      if (before === undefined && after === undefined) return false;
      return !sameValue(before, after, rule);
    });
  }

  /** A connection name that cannot be one (its existence in config is checked with the settings). */
  private connectionFailure(news: Props): CheckFailure | undefined {
    const connection = news[CONNECTION_INPUT];
    if (connection === undefined || isUnknown(connection)) return undefined;
    if (typeof connection !== "string") {
      return {
        property: CONNECTION_INPUT,
        reason: renderCheckReason({
          summary: "must be the name of a connection in tcs:connections (a string)",
          fix: "Name one of tcs:connections",
          docs: "docs/guide.md#named-connections-several-environments-in-one-program",
        }),
      };
    }
    const problem = connectionNameProblem(connection);
    return problem ? { property: CONNECTION_INPUT, reason: problem } : undefined;
  }

  /**
   * A replace-only change of an adopted object while adoptId stays: the replacement's create would
   * adopt the same object again, which the service cannot change, and state would record a value the
   * service never got. Refused at preview, saying the two ways forward.
   */
  private adoptionFailures(olds: Props, news: Props, replaces?: readonly string[]): Failure[] {
    const adoptId = news.adoptId;
    if (typeof adoptId !== "string" || olds.adoptId !== adoptId) return [];
    return (replaces ?? this.replaceOnlyChanges(olds, news)).map((name) =>
      asFailure(name, adoptedReplaceRefusal(adoptId)),
    );
  }

  /** Schema failures for the declared inputs, leaving out values not known until apply. */
  private validate(news: Props): CheckFailure[] {
    // And the names the shape has not, which the schema passes over (unknown-inputs.ts).
    const unknown = unknownInputFailures(this.shape, news);
    const result = this.shape.schema.safeParse(stripEngineKeys(news));
    if (result.success) return unknown;
    return result.error.issues
      .filter((issue) => !isUnknown(valueAt(news, issue.path)) && !isUnknown(news[String(issue.path[0])]))
      .map((issue) =>
        failureAt(
          issue.path,
          valueAt(news, issue.path),
          reasonFor(issue),
          this.shape.secretInputs.includes(String(issue.path[0])),
        ),
      )
      .concat(unknown);
  }

  /**
   * The declared fields that differ from `olds`, and those of them whose change replaces the object.
   * `olds` are the recorded inputs (check) or the outputs (diff, which holds every live value).
   */
  private changes(olds: Props, news: Props, recorded: "inputs" | "outputs"): { changed: string[]; replaces: string[] } {
    const changed: string[] = [];
    const replaces: string[] = [];
    for (const [name, rule] of Object.entries(this.shape.rules)) {
      const declared = news[name];
      if (declared === undefined && rule.serverDefault) continue;
      // A value the service picked, which recorded inputs lack after a refresh: check cannot tell, diff compares the live one.
      if (recorded === "inputs" && olds[name] === undefined && rule.serverDefault) continue;
      // Left out on both sides (check compares recorded inputs): the same, whatever an absent declaration means.
      if (declared === undefined && olds[name] === undefined) continue;
      const differs = isUnknown(declared) || !sameValue(olds[name], declared, rule);
      if (!differs) continue;
      changed.push(name);
      if (rule.onChange === "replace" || replaceOnChange(name, olds, news)) replaces.push(name);
    }
    return { changed, replaces };
  }

  /** Whether a change keeps the value of the field the service allows one live object for. */
  private keepsUniqueKey(olds: Props, news: Props): boolean {
    const key = this.shape.uniqueKey;
    return (
      key !== undefined &&
      olds[key] !== undefined &&
      !isUnknown(news[key]) &&
      sameValue(olds[key], news[key], this.shape.rules[key])
    );
  }

  /**
   * A replacement that cannot be carried out, refused at preview: one that keeps the unique key of
   * an object the API cannot delete (a role whose replaceOnChanges names a field that changed while
   * its slug did not) would fail on create, the old object still holding the key. A replacement on
   * another connection is made in another environment, where the old object holds nothing.
   */
  private replacementConflicts(olds: Props, news: Props): CheckFailure[] {
    if (!this.replacementKeepsUndeletableKey(olds, news)) return [];
    return this.changes(olds, news, "inputs").replaces.map((name) => ({
      property: name,
      reason: this.keptKeyReason(name),
    }));
  }

  /**
   * A replacement the engine planned by itself, which diff never reported as one: on the native door
   * Pulumi applies replaceOnChanges to the fields diff reported as changed (the provider is not told
   * the option), and then checks the replacement's inputs again, with no olds (v3.259,
   * step_generator.go). `olds` are the outputs the engine recorded for object `id`, `changed` the fields
   * diff reported. Refused as replacementConflicts refuses one diff planned, naming the object: without
   * a field that changed, what forces the replacement is not replaceOnChanges (a replacementTrigger).
   */
  engineReplacementConflicts(id: string, olds: Props, news: Props, changed: readonly string[]): CheckFailure[] {
    if (!this.replacementKeepsUndeletableKey(olds, news)) return [];
    if (changed.length === 0) return [{ property: this.shape.uniqueKey!, reason: this.keptKeyReason(undefined, id) }];
    return changed.map((name) => ({ property: name, reason: this.keptKeyReason(name, id) }));
  }

  /** Whether a replacement keeps the unique key of an object the API cannot delete, on the same connection. */
  private replacementKeepsUndeletableKey(olds: Props, news: Props): boolean {
    return (
      this.shape.uniqueKey !== undefined &&
      this.shape.undeletable === true &&
      !connectionMoved(olds, news) &&
      this.keepsUniqueKey(olds, news)
    );
  }

  /** Why such a replacement is refused and the two ways out; `name` the field whose change replaces, `id` the old object's where known. */
  private keptKeyReason(name: string | undefined, id?: string): string {
    const [key, kind] = [this.shape.uniqueKey!, this.shape.kind];
    const cause = name ? `changing it replaces the ${kind}` : `the ${kind} is to be replaced`;
    const fix = name ? `take ${name} out of replaceOnChanges` : "remove what forces it (a replacementTrigger)";
    // The service allows one per key, and the API cannot delete the old one: the kind's section says so.
    return renderCheckReason({
      summary: `${cause}, and the old one${id ? ` (${id})` : ""} keeps its ${key}`,
      fix: `Change ${key} too, or ${fix}`,
      docs: KIND_SECTIONS[kind],
    });
  }
}

type Rules = Pick<ShapeRules<Props>, "kind" | "secretInputs" | "checkChange">;

/**
 * The shape's refusals of a change (checkChange), each a diagnostic naming the kind's docs section,
 * rendered as a check failure's reason.
 */
export function changeFailures(
  shape: Rules,
  news: Props,
  olds: Props,
  step: { isNew: boolean; createsObject: boolean },
): Failure[] {
  const diagnosticOf = ({ summary, fix }: ChangeRefusal): Refusal => ({
    summary,
    fix,
    docs: KIND_SECTIONS[shape.kind],
  });
  return (shape.checkChange?.(news, olds, step) ?? []).map((refusal) =>
    asFailure(refusal.property, diagnosticOf(refusal)),
  );
}

function asFailure(property: string, diagnostic: Refusal): Failure {
  return { property, reason: renderCheckReason(diagnostic), diagnostic };
}

/**
 * A failure as the engine may print it. The engine prints the value of a failure's property beside
 * its reason ("property value value {...} has a problem"), secret or not; a failure on a secret input,
 * or on a part of one (`value.base_url`), is reported for the resource instead, naming the property
 * in the reason, so its value never reaches a terminal or a CI log (property-path.ts). A diagnostic
 * moved so is rendered again, within the room left after the property.
 */
export function printedFailure(shape: Rules, { property, reason, diagnostic }: Failure, inputs?: Props): CheckFailure {
  const forResource = (before: string): CheckFailure => ({
    property: "",
    reason: diagnostic ? renderCheckReason(diagnostic, true, before) : `${before}${reason}`,
  });
  if (!property) return { property, reason };
  if (shape.secretInputs.includes(topLevelInput(property))) return forResource(`${property} (secret, not shown) `);
  // A long value (a 10,000-character description) would be echoed whole, its reason last: shown cut short instead.
  const value = inputs?.[property];
  if (!isLong(value)) return { property, reason };
  return forResource(`${property} (${shownValue(value)}) `);
}

/**
 * Another resource of the program (`other`, as resourceNamed takes it) declares the same natural key
 * (`fields`) as `news`. One field: it and its value, and the rule. Several (a callback instance's
 * ids): the engine prints the first's value beside the failure, the others are named or counted, and
 * the rule is left to the docs (their ids would take the line).
 */
export function declaredTwice(kind: string, fields: readonly string[], news: Props, other: string): Refusal {
  const [first, ...rest] = fields.filter((field) => news[field] !== undefined && news[field] !== null);
  // The other resource comes first, so that where room runs short its name is kept. The engine prints
  // the property and its value before the reason: neither is said again.
  const otherResource = resourceNamed(kind, other);
  return {
    summary:
      first === undefined || rest.length > 0
        ? `${otherResource} has the same ${listed(first === undefined ? fields : [first, ...rest])}`
        : `${otherResource} declares it too: one ${kind} per ${first}`,
    fix: "Declare it once, or change one of them",
    docs: "docs/guide.md#resources",
  };
}

/** "a", "a and b", "a, b and c". */
function listed(names: readonly string[]): string {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * Another resource as a message names it. The dynamic door's program sends its name (dynamic/one-owner.ts),
 * a resource class of the program (`tcs.Role "ops"`); the native door sends its URN (native/identity.ts),
 * whose type token every language's program declares (`tcs:index:Role "ops"`).
 */
export function resourceNamed(kind: string, other: string): string {
  if (!other.startsWith("urn:pulumi:")) return `tcs.${kind} "${other}"`;
  const type = typeOfUrn(other);
  // The dynamic door's type token (pulumi-nodejs:dynamic/tcs:Role) is its class, tcs.Role, to the user.
  return `${type.startsWith("pulumi-nodejs:dynamic/") ? `tcs.${kind}` : type} "${nameOfUrn(other)}"`;
}

function valueAt(value: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
