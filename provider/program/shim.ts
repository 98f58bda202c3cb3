// The dynamic provider object that Pulumi serializes into state (as `__provider`) and runs for
// every operation, including refresh and destroy long after the program changed. It is one function:
// the plugin deserializes a provider, calls its `configure` with the stack's config, and only then
// (every RPC goes through that step) calls check, diff, create, read, update or delete on it. So
// `configure` loads the implementation from the installed package and puts the resource type's
// methods on the object. State therefore holds no code of ours beyond these lines, later runs use
// current code, no credential is ever captured (the key is read in `configure`), and each resource
// carries about 600 bytes of provider instead of one serialized closure per method: the file
// backend rewrites the whole state after every step, so these bytes are paid N times per run.
// The string "pulumi-tcs/provider/impl" is in every state written since: that path must load for ever.
// The shim's `require` is resolved at run time inside the plugin, from the installed package, and
// must not be an import; no comment may sit inside the serialized function (it would be stored in state).
/* eslint-disable @typescript-eslint/no-require-imports */
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "../shapes/shape";

const shims = new Map<ResourceKind, pulumi.dynamic.ResourceProvider>();

export function dynamicProvider(kind: ResourceKind): pulumi.dynamic.ResourceProvider {
  let shim = shims.get(kind);
  if (!shim) {
    // References only `kind`, `require` and `this` (the provider object the plugin calls it on):
    // the closure serializer captures nothing else.
    const configureShim = {
      configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
        return require("pulumi-tcs/provider/impl").configureShim(this, kind, req);
      },
    };
    // The other methods exist only once configure ran, inside the plugin (see plugin/serve.ts).
    shim = configureShim as unknown as pulumi.dynamic.ResourceProvider;
    shims.set(kind, shim);
  }
  return shim;
}
