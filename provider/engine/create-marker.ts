// The create marker: a random token stored in an object's metadata when the provider creates it,
// so that after a POST whose answer was lost the provider can find exactly the object that POST made
// (and not one somebody else made) instead of creating a second one. Outputs never show it.
import { randomBytes } from "node:crypto";

export const MARKER_KEY = "pulumi_tcs_create_token";

export function newMarker(): string {
  return randomBytes(12).toString("base64url");
}

/** The metadata to send on create: the declared metadata plus the marker. */
export function withMarker(metadata: Record<string, unknown> | null | undefined, marker: string): Record<string, unknown> {
  return { ...(metadata ?? {}), [MARKER_KEY]: marker };
}

export function hasMarker(metadata: unknown, marker: string): boolean {
  return metadata !== null && typeof metadata === "object" && (metadata as Record<string, unknown>)[MARKER_KEY] === marker;
}

/** Metadata as the user declared it: the marker removed; no metadata at all stays null. */
export function withoutMarker(metadata: unknown): Record<string, unknown> | null {
  if (metadata === null || typeof metadata !== "object") return null;
  const { [MARKER_KEY]: _marker, ...rest } = metadata as Record<string, unknown>;
  return Object.keys(rest).length > 0 ? rest : null;
}
