using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Tcs = PulumiTcs.Tcs;

return await Deployment.RunAsync(() => 
{
    // Receive GitHub's events (issues opened, pushes) on the devtools integration's GitHub provider.
    // Before you run it: replace `intp_github00000000000000` (the emulator's GitHub integration provider) with the id of your integration provider.
    var githubEvents = new Tcs.Callback("githubEvents", new()
    {
        IntegrationProviderId = "intp_github00000000000000",
        Name = "GitHub events",
        Description = "Issue and push events for the triage agent.",
        Metadata = 
        {
            { "owner", "platform-team" },
        },
    });

    return new Dictionary<string, object?>
    {
        ["callbackId"] = githubEvents.Id,
    };
});

