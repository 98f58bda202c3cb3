// The native door's resources and explicit provider as a test program declares them without the
// generated SDK (whose classes are abstract): `tcs:index:<Kind>` and `pulumi:providers:tcs`.
import * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "../../../provider/shapes/shape";

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
