// One object, one resource. The service keeps some objects unique by a natural key (one role per
// slug, one active callback per integration provider, one attached instance per callback, config and
// auth config): two resources of a program declaring the same key would both manage one object (the
// second "taking over" the first's), and a refresh would flip it between their declarations for ever.
// So a program declaring a key twice fails, naming both resources and the key: at preview when the
// values are known then, at up before anything is sent otherwise (a key made of another resource's
// id is known once that resource exists).
import * as pulumi from "@pulumi/pulumi";
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
 * The name of another resource of this program that declares the same natural key, as an Output
 * (undefined when none does); undefined for a kind the service does not keep unique. Both resources
 * name each other, so both are refused: were only the later one, the earlier one's create could
 * already have taken or replaced the object the later one holds. The resource sends it to the
 * plugin, whose check refuses the resource naming both (planner.ts): at preview when the key is known
 * then, at up before the create otherwise. The answer waits for the program's other declarations of
 * the moment (one turn of the event loop), which a program makes together.
 */
export function otherOwner(shape: Shape, name: string, args: Record<string, unknown>): pulumi.Output<string | undefined> | undefined {
  const fields = shape.naturalKey;
  if (!fields || fields.length === 0) return undefined;
  const table = claims();
  return pulumi.all([args.connection, ...fields.map((field) => args[field])].map((value) => pulumi.output(value))).apply(async ([connection, ...values]) => {
    const key = JSON.stringify([shape.kind, connection ?? null, ...values.map((value) => value ?? null)]);
    const owners = table.get(key) ?? [];
    if (!owners.includes(name)) table.set(key, [...owners, name]);
    await new Promise((resolve) => setImmediate(resolve));
    return table.get(key)?.find((owner) => owner !== name);
  });
}
