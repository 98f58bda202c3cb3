// The resource's identity, sent to the plugin as an input (CREATE_KEY_INPUT): create sees no URN, and
// the create marker the plugin stores in an object's metadata is derived from it (see
// engine/create-marker.ts), so a re-run of the same program finds the object an interrupted
// run made.
import * as pulumi from "@pulumi/pulumi";
import { createKeyOfParts } from "../shapes/identity";

/** Stable across runs of the same program and stack: project, stack, parent, type token and name. */
export function createKeyInput(token: string, name: string, opts?: pulumi.CustomResourceOptions): pulumi.Input<string> {
  // Without a parent the key is known at once: a plain value, not an Output whose promises and
  // callbacks the program's process would run for every resource it declares.
  if (!opts?.parent) return createKey(token, name, "");
  return pulumi.output(urnValue(opts.parent)).apply((parent) => createKey(token, name, parent));
}

function createKey(token: string, name: string, parent: string): string {
  return createKeyOfParts(pulumi.getProject(), pulumi.getStack(), parent, token, name);
}

/**
 * The parent's URN as a plain value, without the dependency on the parent that its Output carries:
 * a dependency on a component stands for one on all of its children, so every tcs resource under a
 * component would wait for its siblings, and two of them would wait for each other forever.
 */
function urnValue(parent: pulumi.Resource): Promise<string> {
  // A URN is known in a preview too, so the callback always runs.
  return new Promise((resolve) => parent.urn.apply((urn) => resolve(urn)));
}
