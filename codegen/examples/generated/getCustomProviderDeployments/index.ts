import * as pulumi from "@pulumi/pulumi";
import * as tcs from "@pulumi-tcs/tcs";

// The succeeded deployments of the Acme tools custom provider.
// Before you run it: replace `cprov_acmetools00000000000` (the emulator's custom provider) with the id of your custom provider.
const deployments = tcs.getCustomProviderDeploymentsOutput({
    customProviderId: ["cprov_acmetools00000000000"],
    status: ["succeeded"],
});
export const latestSucceededId = deployments.items[0].id;
