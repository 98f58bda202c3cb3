using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Tcs = PulumiTcs.Tcs;

return await Deployment.RunAsync(() => 
{
    // The succeeded deployments of the Acme tools custom provider.
    // Before you run it: replace `cprov_acmetools00000000000` (the emulator's custom provider) with the id of your custom provider.
    var deployments = Tcs.GetCustomProviderDeployments.Invoke(new()
    {
        CustomProviderId = new[]
        {
            "cprov_acmetools00000000000",
        },
        Status = new[]
        {
            "succeeded",
        },
    });

    return new Dictionary<string, object?>
    {
        ["latestSucceededId"] = deployments.Apply(getCustomProviderDeploymentsResult => getCustomProviderDeploymentsResult.Items[0].Id),
    };
});

