using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Tcs = PulumiTcs.Tcs;

return await Deployment.RunAsync(() => 
{
    // A setup link for a teammate to connect the developer tools integration. A new link is made once
    // this one has expired.
    // Before you run it: replace `int_devtools000000000000` (the emulator's developer tools integration) with the id of your integration, and `https://example.com/setup-done` with the page to land on after setup.
    var devtoolsOnboarding = new Tcs.IntegrationSetupSession("devtoolsOnboarding", new()
    {
        IntegrationId = "int_devtools000000000000",
        Name = "Connect developer tools",
        RedirectUrl = "https://example.com/setup-done",
        ReplaceWhenExpired = true,
        Metadata = 
        {
            { "owner", "platform-team" },
        },
    });

    return new Dictionary<string, object?>
    {
        ["setupUrl"] = devtoolsOnboarding.Url,
    };
});

