// Pulumi's `import` resource option does not work on a dynamic resource (pulumi/pulumi#16175): the
// engine asks the dynamic provider host to read the object with no inputs, so no `__provider` names the
// module to load, and the host fails with "Cannot read properties of undefined (reading 'toJavaScript')"
// and the stack of its gRPC server, before any code of ours runs. The resource classes refuse the
// option where the program declares the resource instead, before anything is registered or sent, and
// say what does the same job: adoptId (docs/adoption.md).
import * as pulumi from "@pulumi/pulumi";
import type { Shape } from "../shapes/shape";

/** Throws when the resource options ask Pulumi to import an object: a message naming the resource, the id and adoptId. */
export function refuseImportOption(shape: Shape, name: string, opts: pulumi.CustomResourceOptions | undefined): void {
  const id = opts?.import;
  if (id === undefined) return;
  // A RunError: Pulumi prints its message alone, without a stack trace, and the message says all.
  throw new pulumi.RunError(
    `${shape.token} "${name}": the import resource option does not work on pulumi-tcs resources (dynamic resources, ` +
      `pulumi/pulumi#16175). To take over ${id}, declare adoptId: ${JSON.stringify(id)} in its arguments instead of the ` +
      `import option: the first up reads that object and brings it under the stack without creating one (see docs/adoption.md).`,
  );
}
