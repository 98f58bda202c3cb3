using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Tcs = PulumiTcs.Tcs;

return await Deployment.RunAsync(() => 
{
    // The versions of the Acme tools custom provider.
    // Before you run it: replace `cprov_acmetools00000000000` (the emulator's custom provider) with the id of your custom provider.
    var versions = Tcs.GetCustomProviderVersions.Invoke(new()
    {
        CustomProviderId = new[]
        {
            "cprov_acmetools00000000000",
        },
    });

    return new Dictionary<string, object?>
    {
        ["firstVersionStatus"] = versions.Apply(getCustomProviderVersionsResult => getCustomProviderVersionsResult.Items[0].Status),
    };
});

