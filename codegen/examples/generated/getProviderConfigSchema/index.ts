import * as pulumi from "@pulumi/pulumi";
import * as tcs from "@pulumi-tcs/tcs";

// The JSON Schema a GitHub provider config's `value` must satisfy.
// Before you run it: replace `prov_github00000000000000` (the emulator's GitHub provider) with the id of your provider.
const githubSchema = tcs.getProviderConfigSchemaOutput({
    providerId: "prov_github00000000000000",
});
export const visibility = githubSchema.visibility;
