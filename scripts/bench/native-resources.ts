// The mix's resources on the native door (scripts/lib/mix-program.ts with `resources: NATIVE_RESOURCES`):
// the same arguments, registered under the native plugin's type tokens (`tcs:index:<Kind>`), as a
// TypeScript program without a generated SDK registers them. The engine sends them to
// pulumi-resource-tcs, which the bench's native stacks name in their project's `plugins` (NATIVE_PLUGINS).
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { REPO_ROOT, type OpenStackOptions } from "../lib/engine";
import type { MixResources } from "../lib/mix-program";

/** The project's `plugins`: the engine runs bin/pulumi-resource-tcs for the `tcs` package. */
export const NATIVE_PLUGINS: NonNullable<OpenStackOptions["plugins"]> = { providers: [{ name: "tcs", path: path.join(REPO_ROOT, "bin") }] };

function nativeClass<Args extends object>(kind: string): new (name: string, args: Args) => pulumi.CustomResource {
  const type = `tcs:index:${kind}`;
  return class extends pulumi.CustomResource {
    constructor(name: string, args: Args) {
      super(type, name, { ...args });
    }
  };
}

export const NATIVE_RESOURCES: MixResources = {
  ProviderConfig: nativeClass("ProviderConfig"),
  Callback: nativeClass("Callback"),
  CallbackInstance: nativeClass("CallbackInstance"),
  Role: nativeClass("Role"),
  IntegrationSetupSession: nativeClass("IntegrationSetupSession"),
};
