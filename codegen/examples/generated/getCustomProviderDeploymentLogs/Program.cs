using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Tcs = PulumiTcs.Tcs;

return await Deployment.RunAsync(() => 
{
    // The build and deploy logs of a failed deployment.
    // Before you run it: replace `cpd_acmetoolsv2000000000` (a deployment in the emulator) with the id of one of your custom provider's deployments.
    var logs = Tcs.GetCustomProviderDeploymentLogs.Invoke(new()
    {
        Id = "cpd_acmetoolsv2000000000",
    });

    return new Dictionary<string, object?>
    {
        ["firstStepName"] = logs.Apply(getCustomProviderDeploymentLogsResult => getCustomProviderDeploymentLogsResult.Steps[0]?.Name),
    };
});

