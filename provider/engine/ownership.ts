// What a create says when it meets an object it cannot prove its own. Proof is this resource's create
// marker (create-marker.ts) or an unfinished create of this very resource on this machine
// (create-intents.ts); anything else may be another stack's or made by hand, and is neither taken
// over nor deleted. The error names the object and the ways to claim it: adoptId, or `pulumi import`
// on the native door; for an object an interrupted create made (its runner gone with its intent), the
// same after dropping the engine's own record of that create (`pulumi refresh --clear-pending-creates`).
// The engine's `--import-pending-creates` is not named: Pulumi v3.259.0 turns the record into an
// "importing" operation that nothing then reads, so the refresh drops it without recording the object.
import { nameOfUrn, typeOfUrn } from "../shapes/identity";

export interface Collision {
  /** The resource's type, as the engine names it. */
  readonly kind: string;
  /** The existing object's id. */
  readonly id: string;
  /** The id `pulumi import` takes (`<callback id>/<id>` for an object listed under its parent). */
  readonly importId: string;
  /** The resource's URN, where the door knows it; the dynamic door's create sees none. */
  readonly urn: string | undefined;
}

/** A collision with an object that differs from the declaration. */
export function collisionRefusal(collision: Collision, why: string): string {
  return `creating ${collision.kind} failed: ${collision.id} already exists (${why}). ${claimHints(collision)}`;
}

/** A collision with an identical object of a kind that carries no marker, with no unfinished create of this resource to prove it its own. */
export function unprovenRefusal(collision: Collision & { readonly undeletable: boolean }): string {
  const left = collision.undeletable ? " (a role this stack destroyed earlier is one: the API cannot delete roles)" : "";
  const replaced = collision.undeletable
    ? ` If it is this resource's own ${collision.kind} being replaced (pulumi up --replace), it cannot be: the API cannot delete it, so a replacement needs a new slug.`
    : ` If it is this resource's own object being replaced (pulumi up --replace), give the resource the deleteBeforeReplace option, so the old one goes first; if another resource of this stack holds it and this change removes that one (a rename), give the new one an alias of the old name.`;
  return (
    `creating ${collision.kind} failed: ${collision.id} already exists with exactly the declared values, and nothing proves it is this ` +
    `resource's own: it carries no create marker, and no create of this resource began on this machine without finishing. It may be ` +
    `another stack's or made by hand${left}, so it is neither taken over nor deleted. ${claimHints(collision)}${replaced}`
  );
}

function claimHints({ kind, id, importId, urn }: Collision): string {
  const native = urn !== undefined && /^tcs:index:/.test(typeOfUrn(urn));
  const importCommand = native ? `, or run pulumi import ${typeOfUrn(urn)} ${nameOfUrn(urn)} ${importId}` : "";
  return (
    `To manage the existing ${kind} with this resource, set adoptId: "${id}" on it${importCommand}. If an interrupted run of this ` +
    `resource made it (pulumi up warned that ${urn ?? "it"} was "interrupted while creating"), first drop the engine's record of ` +
    `that create with pulumi refresh --clear-pending-creates, then do the same.`
  );
}
