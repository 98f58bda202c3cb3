// The mix's resources on the native door (test/lib/mix-program.ts with `resources:`): the same
// arguments, declared with the generated Node.js SDK's classes (sdks/nodejs, `@pulumi-tcs/tcs`), as a
// TypeScript user's program declares them. The bench installs the SDK as npm would
// (test/lib/node-sdk.ts). The engine sends the resources (`tcs:index:<Kind>`) to
// pulumi-resource-tcs, which the bench's native stacks name in their project's `plugins` (NATIVE_PLUGINS).
import * as path from "node:path";
import { REPO_ROOT, type OpenStackOptions } from "../../../test/lib/engine";
import type { MixResources } from "../../../test/lib/mix-program";

/** The project's `plugins`: the engine runs bin/pulumi-resource-tcs for the `tcs` package. */
export const NATIVE_PLUGINS: NonNullable<OpenStackOptions["plugins"]> = {
  providers: [{ name: "tcs", path: path.join(REPO_ROOT, "bin") }],
};

/**
 * The installed SDK's classes. Their arguments are the schema's, named as pulumi-tcs's (both come from
 * the shapes: test/unit/codegen/schema.test.ts); the SDK's sources are not type-checked here, since
 * the repository's compiler options are stricter than the generated code's.
 */
export function nativeClasses(installedSdk: string): MixResources {
  // Required as a program requires a package: the compiled CommonJS, with the process's @pulumi/pulumi.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sdk = require(installedSdk) as MixResources;
  return {
    ProviderConfig: sdk.ProviderConfig,
    Callback: sdk.Callback,
    CallbackInstance: sdk.CallbackInstance,
    Role: sdk.Role,
    IntegrationSetupSession: sdk.IntegrationSetupSession,
  };
}
