using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Tcs = PulumiTcs.Tcs;

return await Deployment.RunAsync(() => 
{
    // One deployment of a custom provider, by id: its status and the commit it built.
    // Before you run it: replace `cpd_acmetoolsv1000000000` (a deployment in the emulator) with the id of one of your custom provider's deployments.
    var deployment = Tcs.GetCustomProviderDeployment.Invoke(new()
    {
        Id = "cpd_acmetoolsv1000000000",
    });

    return new Dictionary<string, object?>
    {
        ["deploymentStatus"] = deployment.Apply(getCustomProviderDeploymentResult => getCustomProviderDeploymentResult.Status),
    };
});

