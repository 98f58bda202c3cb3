// The create marker: a token stored in an object's metadata when the provider creates it, so that
// the object can be found again without its id:
//   - after a POST whose answer was lost, to take the object that POST made instead of making a second;
//   - after a run that was killed between the POST and the state write, to take over that orphan
//     instead of making a duplicate.
// The marker is derived from the resource's identity (project, stack, parent, type, name; see
// createKeyInput) and the values of its replace-only inputs, so a re-run of the same program finds its
// own orphan while a replacement (which differs in a replace-only input) never mistakes the object it
// replaces for one. It is an HMAC keyed by the API key: the replace-only inputs include a provider
// config's secret `value`, and a plain hash of a guessable secret stored in metadata could be tested
// against guesses by anyone who can read the account. Outputs never show the marker.
import { createHash, createHmac, randomBytes } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import type { FieldRule } from "./descriptor";
import { canonical } from "./normalize";

export const MARKER_KEY = "pulumi_tcs_create_token";

/** The input that carries the resource's identity to the provider (create sees no URN). */
export const CREATE_KEY_INPUT = "tcsCreateKey";

/** The resource's identity as an input: stable across runs of the same program and stack. */
export function createKeyInput(type: string, name: string, opts?: pulumi.CustomResourceOptions): pulumi.Output<string> {
  return pulumi.output(urnValue(opts?.parent)).apply((parent) =>
    createHash("sha256").update([pulumi.getProject(), pulumi.getStack(), parent, type, name].join("\n")).digest("hex").slice(0, 32),
  );
}

/**
 * The parent's URN as a plain value, without the dependency on the parent that its Output carries:
 * a dependency on a component stands for one on all of its children, so every tcs resource under a
 * component would wait for its siblings, and two of them would wait for each other forever.
 */
function urnValue(parent: pulumi.Resource | undefined): Promise<string> {
  if (!parent) return Promise.resolve("");
  // A URN is known in a preview too, so the callback always runs.
  return new Promise((resolve) => parent.urn.apply((urn) => resolve(urn)));
}

/** The key the markers of one API key are made with (derived, so the API key itself is not reused). */
export function markerSecret(apiKey: string): Buffer {
  return createHash("sha256").update("pulumi-tcs create marker\n").update(apiKey).digest();
}

/** The marker for one create: identity plus replace-only values, or random without an identity. */
export function markerFor(secret: Buffer, createKey: unknown, args: Record<string, unknown>, fields: Record<string, FieldRule>): string {
  if (typeof createKey !== "string" || createKey.length === 0) return randomBytes(12).toString("base64url");
  const replaceOnly = Object.entries(fields)
    .filter(([, rule]) => rule.onChange === "replace")
    .map(([name, rule]) => [name, canonical(args[name], rule.unordered)]);
  return createHmac("sha256", secret).update(createKey).update(JSON.stringify(replaceOnly)).digest("base64url").slice(0, 32);
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
