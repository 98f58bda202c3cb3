// A resource's identity, as both doors derive it: the create key its create marker is made from
// (engine/create-marker.ts), and the claim under which it holds a natural key the service keeps
// unique (one role per slug, ...). The dynamic door's program reads the parts from the running program
// (dynamic/create-key.ts, dynamic/one-owner.ts); the native door reads them from the URN the engine
// hands it (native/identity.ts). Each door's create key stays as it was first written: the markers of
// objects already made depend on it.
import { createHash } from "node:crypto";

/** The dynamic door's create key: project, stack, parent URN ("" for none), type token and name. */
export function createKeyOfParts(project: string, stack: string, parent: string, token: string, name: string): string {
  return createHash("sha256").update([project, stack, parent, token, name].join("\n")).digest("hex").slice(0, 32);
}

/** The native door's create key: the URN, which holds project, stack, parent types, type and name. */
export function createKeyOfUrn(urn: string): string {
  return createHash("sha256").update(`native\n${urn}`).digest("hex").slice(0, 32);
}

/**
 * The claim of a declaration on a natural key: the kind, the environment it reaches and the key's
 * values. Two declarations with one claim would manage one object. The environment is the connection
 * on the dynamic door (null for the default one); on the native door one plugin process serves one
 * provider, so one environment, and its claims name none.
 */
export function naturalKeyClaim(kind: string, environment: string | null, values: readonly unknown[]): string {
  return JSON.stringify([kind, environment, ...values.map((value) => value ?? null)]);
}

/** `urn:pulumi:<stack>::<project>::<parent types$><type>::<name>`: the type, without its parents. */
export function typeOfUrn(urn: string): string {
  const types = urn.split("::")[2] ?? "";
  return types.slice(types.lastIndexOf("$") + 1);
}

/** The resource's (or provider's) name: everything after the URN's type, `::` included (a name may hold one). */
export function nameOfUrn(urn: string): string {
  return urn.split("::").slice(3).join("::");
}
