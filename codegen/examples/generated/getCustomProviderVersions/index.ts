import * as pulumi from "@pulumi/pulumi";
import * as tcs from "@pulumi-tcs/tcs";

// The versions of the Acme tools custom provider.
// Before you run it: replace `cprov_acmetools00000000000` (the emulator's custom provider) with the id of your custom provider.
const versions = tcs.getCustomProviderVersionsOutput({
    customProviderId: ["cprov_acmetools00000000000"],
});
export const firstVersionStatus = versions.items[0].status;
