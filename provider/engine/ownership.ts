// What a create says when it meets an object it cannot prove this stack's own. The only proof is an
// unfinished create of this very resource on this machine (create-intents.ts); a create marker
// proves only that project, stack, type and name match, which a same-named stack in another backend,
// or an object dropped with `pulumi state delete`, shares (docs/contract-decisions.md, "Ownership").
// So such an object is neither taken over nor deleted: the create fails in a few words, naming the
// object, the one likely fix as a command, and the docs section that covers the rest. Each message is a
// diagnostic (diagnostic.ts), rendered where it is thrown or warned.
import type { Diagnostic, Refusal } from "../diagnostic";
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

/** An object carrying this resource's create marker that this stack's state does not hold, as far as this run knows. */
export function notHeldRefusal(collision: Collision): Refusal {
  return {
    summary: `${collision.id} has this resource's marker but is not in state (state delete, killed run, twin backend)`,
    fix: `${replacing(collision)} If yours: ${claim(collision)}`,
    docs: "docs/adoption.md#not-in-state",
  };
}

/** A create that collided with an object that may be another stack's or made by hand (`holds`: what it holds, `slug "ops"`). */
export function collisionRefusal(collision: Collision, holds: string): Refusal {
  return {
    summary: `${collision.id} already holds ${holds}; maybe another stack's or hand-made`,
    fix: `${replacing(collision)} If none manages it: ${claim(collision)}`,
    docs: "docs/adoption.md#not-in-state",
  };
}

/** A collision with an identical object of a kind that carries no marker, with no unfinished create of this resource to prove it its own. */
export function unprovenRefusal(collision: Collision): Refusal {
  return {
    summary: `${collision.id} is as declared, but nothing proves it this stack's`,
    fix: `${replacing(collision)} If yours (not another's, by hand): ${claim(collision)}`,
    docs: "docs/adoption.md#not-in-state",
  };
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
  if (urn !== undefined && typeOfUrn(urn).startsWith(NATIVE_TOKEN_PREFIX))
    return `pulumi import ${typeOfUrn(urn)} ${nameOfUrn(urn)} ${importId}`;
  return `set adoptId: "${id}" on it`;
}

/**
 * Adopting or importing an object another resource's create marker names: another stack (or this one
 * under another name) made it and may still hold it, and its destroy would delete it.
 */
export function foreignMarkerWarning(kind: string, id: string): Refusal {
  return {
    summary: `${kind} ${id} has another resource's create marker: another stack (or this one, under another name) made it. If that stack still holds it, its destroy deletes it`,
    fix: "Run pulumi state delete on it there first",
    docs: "docs/adoption.md#not-in-state",
  };
}

/**
 * A change the service cannot make in place on an adopted object while adoptId stays: the replacement's
 * create would adopt the same object again (the docs section says so). Said after the field it is
 * about (the check failure's property, or `<kind> <id>: <field>` where diff says it).
 */
export function adoptedReplaceRefusal(adoptId: string): Refusal {
  return {
    summary: `cannot change on ${adoptId} while adoptId names it`,
    fix: "Remove adoptId in the same change to replace it, or change it back",
    docs: "docs/adoption.md#what-is-not",
  };
}

/** An object an earlier create of this resource made for other values, which nothing proves this stack's: left, and said. */
export function leftoverLeft(kind: string, id: string): Refusal {
  return {
    object: `${kind} ${id}`,
    summary:
      "left as it is: it has this resource's create marker for other values, and nothing proves it this stack's (made elsewhere, or by a twin stack)",
    fix: "Delete it by hand if it is a leftover",
    docs: "docs/adoption.md#not-in-state",
  };
}

/** A session with this resource's marker that the state does not hold: a new one is made beside it, which the API cannot delete. */
export function sessionLeftBeside(kind: string, id: string): Diagnostic {
  return {
    object: `${kind} ${id}`,
    summary:
      "left as it is: it has this resource's create marker but is not in this stack's state, and the API cannot delete it; a new one is made, and it expires on its own",
    docs: "docs/troubleshooting.md#a-setup-session-left-as-it-is",
  };
}
