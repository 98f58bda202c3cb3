// The pack's entry: policy/package.json's main, so what `--policy-pack node_modules/pulumi-tcs/policy`
// runs first. @pulumi/policy is an optional peer of pulumi-tcs (only projects that run the pack need
// it), so a project may well lack it; the pack would then die on "Cannot find module '@pulumi/policy'"
// with a stack trace that names none of this. So the entry looks for the package before anything loads
// it, and without it says, in one line, what to run. Nothing here may import @pulumi/policy, not even
// for its types: a TypeScript import becomes a require at the top of the build.

// A module, not a script: its names stay its own.
export {};

/** package.json's peerDependencies range (test/integration/policy/missing-policy-package.test.ts keeps them equal). */
const POLICY_PACKAGE_RANGE = "1.21.0";

function policyPackageInstalled(): boolean {
  try {
    // Resolved from this file, as the pack's own imports are.
    require.resolve("@pulumi/policy");
    return true;
  } catch {
    return false;
  }
}

if (!policyPackageInstalled()) {
  // stderr: the engine reads the analyzer's port from stdout.
  process.stderr.write(
    `pulumi-tcs policy pack: @pulumi/policy is not installed in this project; run \`npm install --save-dev @pulumi/policy@${POLICY_PACKAGE_RANGE}\` and try again.\n`,
  );
  process.exit(1);
}

// Only now, and so with require: an import would load the pack, and @pulumi/policy, before the check.
// eslint-disable-next-line @typescript-eslint/no-require-imports
require("./index");
