// What a create says when it meets an object it cannot prove this stack's own. The only proof is an
// unfinished create of this very resource on this machine (create-intents.ts); a create marker
// proves only that project, stack, type and name match, which a same-named stack in another backend,
// or an object dropped with `pulumi state delete`, shares (docs/contract-decisions.md, "Ownership").
// So such an object is neither taken over nor deleted: the create fails in a few words, naming the
// object, the one likely fix as a command, and the docs section that covers the rest.
import { nameOfUrn, typeOfUrn } from "../shapes/identity";
import { NATIVE_TOKEN_PREFIX } from "../type-tokens";

export interface Collision {
  /** The resource's type, as the engine names it. */
  readonly kind: string;
  /** The existing object's id. */
  readonly id: string;
  /** The id `pulumi import` takes (`<callback id>/<id>` for an object listed under its parent). */
  readonly importId: string;
  /** The resource's URN, where the door knows it; the dynamic door's create sees none. */
  readonly urn: string | undefined;
  /** What makes a targeted replace (`pulumi up --replace`) work: "set deleteBeforeReplace", or a new unique key. */
  readonly replaceFix: string;
}

const NOT_HELD_SECTION = "docs/adoption.md#not-in-state";
const ADOPTION_SECTION = "docs/adoption.md#what-is-not";

/** An object carrying this resource's create marker that this stack's state does not hold, as far as this run knows. */
export function notHeldRefusal(collision: Collision): string {
  return (
    `${collision.id} has this resource's marker but is not in state (state delete, killed run, twin backend). ` +
    `${replacing(collision)} If yours: ${claim(collision)}. See ${NOT_HELD_SECTION}`
  );
}

/** A create that collided with an object that may be another stack's or made by hand (`holds`: what it holds, `slug "ops"`). */
export function collisionRefusal(collision: Collision, holds: string): string {
  return (
    `${collision.id} already holds ${holds}; maybe another stack's or hand-made. ${replacing(collision)} ` +
    `If none manages it: ${claim(collision)}. See ${NOT_HELD_SECTION}`
  );
}

/** A collision with an identical object of a kind that carries no marker, with no unfinished create of this resource to prove it its own. */
export function unprovenRefusal(collision: Collision): string {
  return (
    `${collision.id} is as declared, but nothing proves it this stack's. ${replacing(collision)} ` +
    `If yours (not another's, by hand): ${claim(collision)}. See ${NOT_HELD_SECTION}`
  );
}

/**
 * The fix when the object is the one a targeted replace replaces, which the engine does not tell a
 * provider: said first, as the likeliest case when the stack holds the object (a claim would import
 * what the stack already has).
 */
function replacing({ replaceFix }: Collision): string {
  return `If up --replace: ${replaceFix}.`;
}

/** The claim a refusal names: `pulumi import` on the native door (its URN known), adoptId on the dynamic one. */
function claim({ id, importId, urn }: Collision): string {
  if (urn !== undefined && typeOfUrn(urn).startsWith(NATIVE_TOKEN_PREFIX)) return `pulumi import ${typeOfUrn(urn)} ${nameOfUrn(urn)} ${importId}`;
  return `set adoptId: "${id}" on it`;
}

/**
 * Adopting or importing an object another resource's create marker names: another stack (or this one
 * under another name) made it and may still hold it, and its destroy would delete it.
 */
export function foreignMarkerWarning(kind: string, id: string): string {
  return (
    `${kind} ${id} has another resource's create marker: another stack (or this one, under another name) made it. If that stack ` +
    `still holds it, its destroy deletes it: run pulumi state delete on it there first. See ${NOT_HELD_SECTION}`
  );
}

/**
 * A change the service cannot make in place on an adopted object while adoptId stays: the replacement's
 * create would adopt the same object again. Said after the field it is about.
 */
export function adoptedReplaceRefusal(adoptId: string): string {
  return (
    `cannot change on ${adoptId} while adoptId names it: a replacement would adopt it again. Remove adoptId in the same change to ` +
    `replace it (the old one is deleted), or change it back. See ${ADOPTION_SECTION}`
  );
}

/** An object an earlier create of this resource made for other values, which nothing proves this stack's: left, and said. */
export function leftoverLeft(kind: string, id: string): string {
  return (
    `${kind} ${id}: left as it is: it has this resource's create marker for other values, and nothing proves it this stack's (a run ` +
    `elsewhere, or a same-named stack in another backend). Delete it by hand if it is a leftover.`
  );
}

/** A session with this resource's marker that the state does not hold: a new one is made beside it, which the API cannot delete. */
export function sessionLeftBeside(kind: string, id: string): string {
  return (
    `${kind} ${id}: left as it is: it has this resource's create marker but is not in this stack's state (destroyed, dropped with ` +
    `pulumi state delete, a killed run's, or a twin stack's), and the API cannot delete it; a new one is made, and it expires on its own.`
  );
}
