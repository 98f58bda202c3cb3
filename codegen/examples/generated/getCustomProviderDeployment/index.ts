import * as pulumi from "@pulumi/pulumi";
import * as tcs from "@pulumi-tcs/tcs";

// One deployment of a custom provider, by id: its status and the commit it built.
// Before you run it: replace `cpd_acmetoolsv1000000000` (a deployment in the emulator) with the id of one of your custom provider's deployments.
const deployment = tcs.getCustomProviderDeploymentOutput({
    id: "cpd_acmetoolsv1000000000",
});
export const deploymentStatus = deployment.status;
