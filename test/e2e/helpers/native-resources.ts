// The native door's resources and explicit provider as a test program declares them without the
// generated SDK (whose classes are abstract): `tcs:index:<Kind>` and `pulumi:providers:tcs`; and the
// project settings that make the engine run this repository's plugin for them.
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "../../../provider/shapes/shape";
import { REPO_ROOT } from "../../lib/engine";

/** Pulumi.yaml's `plugins` that make the engine run this repository's native provider (bin/pulumi-resource-tcs). */
export const nativePlugins = { providers: [{ name: "tcs", path: path.join(REPO_ROOT, "bin") }] };

/** A `tcs:index:<Kind>` resource. */
export class NativeResource extends pulumi.CustomResource {
  constructor(kind: ResourceKind, name: string, args: pulumi.Inputs, opts: pulumi.CustomResourceOptions = {}) {
    super(`tcs:index:${kind}`, name, args, opts);
  }
}

/** An explicit tcs provider. */
export class NativeProvider extends pulumi.ProviderResource {
  constructor(name: string, settings: pulumi.Inputs) {
    super("tcs", name, settings);
  }
}
