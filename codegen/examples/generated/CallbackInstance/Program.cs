using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Tcs = PulumiTcs.Tcs;

return await Deployment.RunAsync(() => 
{
    // Attach a callback to a provider config: the service then starts its triggers and gives it a webhook URL.
    // Before you run it: replace the emulator's ids with your account's: `prov_github00000000000000` (a provider), `intp_github00000000000000` (an integration provider) and `pac_githuboauth000000000` (that provider's auth config).
    var github = new Tcs.ProviderConfig("github", new()
    {
        ProviderId = "prov_github00000000000000",
        Name = "GitHub for agents",
        Value = 
        {
            { "base_url", "https://api.github.com" },
            { "timeout_seconds", 30 },
        },
    });

    var githubEvents = new Tcs.Callback("githubEvents", new()
    {
        IntegrationProviderId = "intp_github00000000000000",
        Name = "GitHub events",
    });

    var githubEventsConfig = new Tcs.CallbackInstance("githubEventsConfig", new()
    {
        CallbackId = githubEvents.Id,
        ProviderConfigId = github.Id,
        ProviderAuthConfigId = "pac_githuboauth000000000",
    });

    return new Dictionary<string, object?>
    {
        ["webhookUrl"] = githubEventsConfig.WebhookUrl,
    };
});

