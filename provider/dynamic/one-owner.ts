// One object, one resource. The service keeps some objects unique by a natural key (one role per
// slug, one active callback per integration provider, one attached instance per callback, config and
// auth config): two resources of a program declaring the same key would both manage one object (the
// second "taking over" the first's), and a refresh would flip it between their declarations for ever.
// So a program declaring a key twice fails, naming both resources and the key: at preview when the
// values are known then, at up before anything is sent otherwise (a key made of another resource's
// id is known once that resource exists).
import * as pulumi from "@pulumi/pulumi";
import { naturalKeyClaim } from "../shapes/identity";
import type { Shape } from "../shapes/shape";

/** The resources of one run of the program by natural key; a new run (a new stack resource) starts empty. */
const claimsByRun = new WeakMap<object, Map<string, string[]>>();
/** Under Pulumi's mocks there is no stack resource: one map for the process. */
const claimsWithoutStack = new Map<string, string[]>();

function claims(): Map<string, string[]> {
  const stack = pulumi.runtime.getStackResource();
  if (!stack) return claimsWithoutStack;
  let found = claimsByRun.get(stack);
  if (!found) claimsByRun.set(stack, (found = new Map()));
  return found;
}

/**
 * The input naming another resource of this program that declares the same natural key (undefined
 * when none does), as a property to define on the resource's inputs; undefined for a kind the service
 * does not keep unique. Both resources name each other, so both are refused: were only the later
 * one, the earlier one's create could already have taken or replaced the object the later one holds.
 * The resource sends it to the plugin, whose check refuses the resource naming both (planner.ts): at
 * preview when the key is known then, at up before the create otherwise. The answer waits for the
 * program's other declarations of the moment, which a program makes together: to the end of the code
 * declaring it for a key of plain values, one turn of the event loop for a key made of Outputs. (A
 * plain key declared before a duplicate whose key is an Output is not told of it; the duplicate is
 * still refused, naming it.)
 */
export function otherOwnerInput(
  shape: Shape,
  name: string,
  args: Record<string, unknown>,
): PropertyDescriptor | undefined {
  const fields = shape.naturalKey;
  if (!fields || fields.length === 0) return undefined;
  const table = claims();
  const declared = [args.connection, ...fields.map((field) => args[field])];
  const claim = ([connection, ...values]: unknown[]): string => {
    const key = naturalKeyClaim(shape.kind, typeof connection === "string" ? connection : null, values);
    const owners = table.get(key) ?? [];
    if (!owners.includes(name)) table.set(key, [...owners, name]);
    return key;
  };
  const otherThan = (key: string) => table.get(key)?.find((owner) => owner !== name);
  // A key of plain values (a role's slug, a callback's integration provider) is claimed at once, as
  // the resource is declared, and answered once the code declaring it has run to its end (a
  // microtask): every resource a program declares together, in one run of its code, has claimed its
  // key by then. Waiting longer (a turn of the event loop, as for keys made of Outputs below) held
  // the registration of every such resource behind all the others: in an up, roles then came last,
  // after the larger configs and sessions, and the file backend, which rewrites the whole checkpoint
  // after every step, wrote and hashed about 9% more bytes at N = 500 (548 against 501 MB over the
  // run) than with them in program order. Not an Output either: Pulumi serializes an Output input in
  // several more turns (its resources, whether it is known, whether secret, then its promise), which
  // again put every role's registration behind the sessions declared after it.
  // The property is a getter: Pulumi reads the inputs to serialize them only after its own awaits,
  // when the answer is known, so it reads a plain value. Had it a promise to await, it would format a
  // stack trace for it (debuggablePromise) through the program's source maps each time it awaits it:
  // 100 roles under Pulumi's mocks made 100 such traces, and make none this way. Read sooner (a
  // transformation copying the inputs as the resource is declared), it gives the promise of the
  // answer, which Pulumi awaits as before.
  if (declared.every(isPlain)) {
    const key = claim(declared);
    let answered = false;
    let answer: string | undefined;
    const pending = Promise.resolve().then(() => {
      answer = otherThan(key);
      answered = true;
      return answer;
    });
    return { enumerable: true, configurable: true, get: () => (answered ? answer : pending) };
  }
  // A key made of Outputs is claimed when its values are known, and answered a turn of the event
  // loop later, when the program's other declarations of the moment have claimed theirs.
  const value = pulumi.all(declared.map((value) => pulumi.output(value))).apply((values) => {
    const key = claim(values);
    return new Promise<string | undefined>((resolve) => setImmediate(() => resolve(otherThan(key))));
  });
  return { enumerable: true, configurable: true, writable: true, value };
}

/** A value known now, with no Output, promise or secret in it. */
function isPlain(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "boolean"
  );
}
