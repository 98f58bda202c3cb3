using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Tcs = PulumiTcs.Tcs;

return await Deployment.RunAsync(() => 
{
    // The JSON Schema a GitHub provider config's `value` must satisfy.
    // Before you run it: replace `prov_github00000000000000` (the emulator's GitHub provider) with the id of your provider.
    var githubSchema = Tcs.GetProviderConfigSchema.Invoke(new()
    {
        ProviderId = "prov_github00000000000000",
    });

    return new Dictionary<string, object?>
    {
        ["visibility"] = githubSchema.Apply(getProviderConfigSchemaResult => getProviderConfigSchemaResult.Visibility),
    };
});

