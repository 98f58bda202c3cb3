using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Tcs = PulumiTcs.Tcs;

return await Deployment.RunAsync(() => 
{
    var config = new Config();
    // The base URL of the staging environment's API (pulumi config set stagingBaseUrl https://...).
    var stagingBaseUrl = config.Require("stagingBaseUrl");
    // The secret key of the staging environment (pulumi config set --secret stagingApiKey service_sk_...).
    var stagingApiKey = config.RequireSecret("stagingApiKey");
    var staging = new Tcs.Provider("staging", new()
    {
        BaseUrl = stagingBaseUrl,
        ApiKey = stagingApiKey,
        RateLimitTier = "development",
    });

    var stagingTriage = new Tcs.Role("stagingTriage", new()
    {
        Name = "Triage",
        Slug = "triage",
        Permissions = new[]
        {
            "thread_read",
        },
    }, new CustomResourceOptions
    {
        Provider = staging,
    });

});

