import * as pulumi from "@pulumi/pulumi";
import * as tcs from "@pulumi-tcs/tcs";

// The build and deploy logs of a failed deployment.
// Before you run it: replace `cpd_acmetoolsv2000000000` (a deployment in the emulator) with the id of one of your custom provider's deployments.
const logs = tcs.getCustomProviderDeploymentLogsOutput({
    id: "cpd_acmetoolsv2000000000",
});
export const firstStepName = logs.apply(logs => logs.steps?.[0]?.name);
