// The resource's identity, sent to the plugin as an input (CREATE_KEY_INPUT): create sees no URN, and
// the create marker the plugin stores in an object's metadata is derived from it (see
// plugin/engine/create-marker.ts), so a re-run of the same program finds the object an interrupted
// run made.
import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";

/** Stable across runs of the same program and stack: project, stack, parent, type token and name. */
export function createKeyInput(token: string, name: string, opts?: pulumi.CustomResourceOptions): pulumi.Output<string> {
  const parentUrn = opts?.parent ? opts.parent.urn : pulumi.output("");
  return parentUrn.apply((parent) =>
    createHash("sha256").update([pulumi.getProject(), pulumi.getStack(), parent, token, name].join("\n")).digest("hex").slice(0, 32),
  );
}
